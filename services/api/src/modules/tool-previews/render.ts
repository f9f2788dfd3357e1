/**
 * Each tool's preview job: which algorithm, on which generated input, with which settings. The local engine
 * runs them one after another (small inputs: a few seconds each on two cores) and the files are kept in
 * storage, so every later visit only reads them.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AlgorithmId, Engine, EngineResult } from '@studio/engines/types';
import type { StorageAdapter } from '../storage/adapter.js';
import { makeInputs, type PreviewInputs } from './inputs.js';

export const PREVIEW_VERSION = 'v1';

export interface PreviewJob {
  algorithm: AlgorithmId;
  params: Record<string, unknown>;
  inputs(i: PreviewInputs): string[];
  /** the picture, clip or track shown as "before" (default: the first input) */
  before?(i: PreviewInputs, run: (algorithm: AlgorithmId, params: Record<string, unknown>, inputs: string[]) => Promise<EngineResult>): Promise<string>;
}

const SPEECH = 'Hello! I am a talking photo made on this machine.';

/** Keyed by the catalogue's tool id (shared-contracts AI_TOOLS). */
export const PREVIEW_JOBS: Readonly<Record<string, PreviewJob>> = {
  'image-enhancer': { algorithm: 'image_enhancer', params: { scale: 2 }, inputs: (i) => [i.sceneSmall] },
  'bg-remover': { algorithm: 'bg_remover', params: {}, inputs: (i) => [i.portrait] },
  'object-remover': { algorithm: 'object_remover', params: {}, inputs: (i) => [i.boxed, i.boxMask] },
  'partial-redrawing': { algorithm: 'partial_redrawing', params: { prompt: 'a blue striped house' }, inputs: (i) => [i.scene, i.hillMask] },
  'text-watermark-remover': {
    algorithm: 'text_watermark_remover',
    params: {},
    inputs: () => [],
    async before(i, run) {
      const marked = await run('watermark', { text: 'SAMPLE WATERMARK' }, [i.scene]);
      return marked.outputs[0].path;
    },
  },
  'image-extender': { algorithm: 'image_extender', params: { ratio: '16:9' }, inputs: (i) => [i.sceneSquare] },
  'video-enhancer': { algorithm: 'video_enhancer', params: { scale: 2, max_height: 1080 }, inputs: (i) => [i.clip] },
  'video-denoise': { algorithm: 'video_denoise', params: { strength: 'high' }, inputs: (i) => [i.noisyClip] },
  'video-eraser': { algorithm: 'video_eraser', params: {}, inputs: (i) => [i.boxedClip, i.clipMask] },
  'video-object-remover': { algorithm: 'video_eraser', params: {}, inputs: (i) => [i.boxedClip, i.clipMask] },
  'talking-photo': { algorithm: 'talking_photo', params: { text: SPEECH }, inputs: (i) => [i.portrait] },
  'ai-talking-avatar': { algorithm: 'talking_avatar', params: { text: SPEECH }, inputs: (i) => [i.portrait] },
  'lip-sync': { algorithm: 'lip_sync', params: { text: 'Every word moves the lips.' }, inputs: (i) => [i.faceClip] },
  'audio-tools': { algorithm: 'audio_noise_reduction', params: { strength: 'high' }, inputs: (i) => [i.noisyTone] },
  'effect-templates': { algorithm: 'effect', params: { effect: 'zoom_pulse', duration: 2, resolution: '360p' }, inputs: (i) => [i.scene] },
};

export interface PreviewMeta {
  tool: string;
  media: 'image' | 'video' | 'audio';
  before_media: 'image' | 'video' | 'audio';
  before: string;
  after: string;
  engine: string;
  note: string;
  ms: number;
}

const MIME: Record<string, string> = { '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.mp4': 'video/mp4', '.mp3': 'audio/mpeg', '.wav': 'audio/wav', '.m4a': 'audio/mp4', '.json': 'application/json' };

export function mimeOf(file: string): string {
  return MIME[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

function mediaOf(file: string): 'image' | 'video' | 'audio' {
  const mime = mimeOf(file);
  return mime.startsWith('video') ? 'video' : mime.startsWith('audio') ? 'audio' : 'image';
}

export const keyOf = (tool: string, file: string) => `public/tool-previews/${PREVIEW_VERSION}/${tool}/${file}`;

/** Renders one tool's preview into storage and answers its meta (also stored, as meta.json). */
export async function renderPreview(tool: string, engine: Engine, storage: StorageAdapter, shared: { dir: string; inputs: Promise<PreviewInputs> }): Promise<PreviewMeta> {
  const job = PREVIEW_JOBS[tool];
  if (!job) throw new Error(`no preview job for ${tool}`);
  const inputs = await shared.inputs;
  const work = path.join(shared.dir, `${tool}-${Date.now().toString(36)}`);
  await mkdir(work, { recursive: true });
  let n = 0;
  const run = async (algorithm: AlgorithmId, params: Record<string, unknown>, files: string[]) => {
    const workDir = path.join(work, String(n++));
    await mkdir(workDir, { recursive: true });
    return engine.run({ taskId: `preview-${tool}-${n}`, algorithm, params: params as never, inputs: files }, { workDir, onProgress: () => undefined, signal: new AbortController().signal });
  };
  try {
    const started = Date.now();
    const before = job.before ? await job.before(inputs, run) : job.inputs(inputs)[0];
    const files = job.before ? [before, ...job.inputs(inputs)] : job.inputs(inputs);
    const result = await run(job.algorithm, job.params, files);
    const ms = Date.now() - started;
    const out = result.outputs[0];
    const beforeName = `before${path.extname(before)}`;
    const afterName = `after${path.extname(out.path)}`;
    await storage.putFile(keyOf(tool, beforeName), before, { contentType: mimeOf(before) });
    await storage.putFile(keyOf(tool, afterName), out.path, { contentType: out.mime });
    const meta: PreviewMeta = { tool, media: out.media, before_media: mediaOf(before), before: beforeName, after: afterName, engine: result.metadata.engine, note: result.metadata.note, ms };
    const metaFile = path.join(work, 'meta.json');
    await writeFile(metaFile, JSON.stringify(meta));
    await storage.putFile(keyOf(tool, 'meta.json'), metaFile, { contentType: 'application/json' });
    return meta;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A scratch folder and the generated inputs, made once per process on first need. */
export function sharedInputs(): { dir: string; inputs: Promise<PreviewInputs> } {
  const dir = path.join(os.tmpdir(), `tool-previews-${process.pid}`);
  let made: Promise<PreviewInputs> | null = null;
  return {
    dir,
    get inputs() {
      made ??= mkdtemp(`${dir}-`).then(async (folder) => makeInputs(folder));
      return made;
    },
  };
}
