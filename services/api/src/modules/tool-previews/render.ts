/**
 * Each tool's preview job: which algorithm, on which generated input, with which settings. The local engine
 * runs them one after another (small inputs: a few seconds each on two cores) and the files are kept in
 * storage, so every later visit only reads them.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { AlgorithmId } from 'shared-contracts/algorithms';
import { AI_TOOLS, type ToolId } from 'shared-contracts/tools';
import type { Engine } from '@studio/engines/types';
import type { StorageAdapter } from '../storage/adapter.js';
import { makeInputs, type InputName, type PreviewInputs } from './inputs.js';

/** bumped when the previews change (v3, issue 21: real-scene video inputs, the new tool methods) */
const PREVIEW_VERSION = 'v3';

export interface PreviewJob {
  algorithm: AlgorithmId;
  /** rough cost (bench ms on two cores): the cheap previews are made first, so the list fills quickly */
  weight: number;
  params: Record<string, unknown>;
  inputs: readonly InputName[];
  /** the picture, clip or track shown as "before" (default: the first input) */
  before?(i: PreviewInputs): Promise<string>;
}

const SPEECH = 'Hello! I am a talking photo made on this machine.';

/** Keyed by the catalogue's tool id (shared-contracts AI_TOOLS). */
export const PREVIEW_JOBS: Readonly<Record<ToolId, PreviewJob>> = {
  'image-enhancer': { algorithm: 'image_enhancer', weight: 2500, params: { scale: 2 }, inputs: ['sceneSmall'] },
  'bg-remover': { algorithm: 'bg_remover', weight: 250, params: {}, inputs: ['portrait'] },
  'object-remover': { algorithm: 'object_remover', weight: 1500, params: {}, inputs: ['boxed', 'boxMask'] },
  'partial-redrawing': { algorithm: 'partial_redrawing', weight: 100, params: { prompt: 'a blue striped house' }, inputs: ['scene', 'hillMask'] },
  'text-watermark-remover': {
    algorithm: 'text_watermark_remover',
    weight: 1000,
    params: {},
    inputs: [],
    // a caption and a stock mark in an ordinary font, as a user's photo carries them (found by OCR)
    async before(i) {
      const scene = await i('scene');
      const out = scene.replace(/\.png$/, '-marked.png');
      const text = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
<text x="240" y="296" font-family="DejaVu Sans" font-weight="bold" font-size="30" fill="#fff" text-anchor="middle">Summer at the lake</text>
<text x="466" y="30" font-family="DejaVu Sans" font-size="18" fill="#fff" text-anchor="end">© STOCKPHOTO</text></svg>`;
      await sharp(scene).composite([{ input: Buffer.from(text) }]).png().toFile(out);
      return out;
    },
  },
  'image-extender': { algorithm: 'image_extender', weight: 700, params: { ratio: '16:9' }, inputs: ['sceneSquare'] },
  'video-enhancer': { algorithm: 'video_enhancer', weight: 800, params: { scale: 2, max_height: 1080 }, inputs: ['clip'] },
  'video-denoise': { algorithm: 'video_denoise', weight: 900, params: { strength: 'medium' }, inputs: ['noisyClip'] },
  'video-eraser': { algorithm: 'video_eraser', weight: 200, params: {}, inputs: ['boxedClip', 'clipMask'] },
  'video-object-remover': { algorithm: 'video_eraser', weight: 260, params: {}, inputs: ['boxedClip', 'clipMask'] },
  'talking-photo': { algorithm: 'talking_photo', weight: 6700, params: { text: SPEECH }, inputs: ['portrait'] },
  'ai-talking-avatar': { algorithm: 'talking_avatar', weight: 3700, params: { text: SPEECH }, inputs: ['portrait'] },
  'lip-sync': { algorithm: 'lip_sync', weight: 8200, params: { text: 'Every word moves the lips.' }, inputs: ['faceClip'] },
  'audio-tools': { algorithm: 'audio_noise_reduction', weight: 900, params: { strength: 'medium' }, inputs: ['noisyVoice'] },
  'effect-templates': { algorithm: 'effect', weight: 2700, params: { effect: 'zoom_pulse', duration: 2, resolution: '360p' }, inputs: ['scene'] },
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
export async function renderPreview(tool: ToolId, engine: Pick<Engine, 'run'>, storage: StorageAdapter, shared: { dir: string; inputs: Promise<PreviewInputs> }): Promise<PreviewMeta> {
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
    const own = await Promise.all(job.inputs.map((name) => inputs(name)));
    const before = job.before ? await job.before(inputs) : own[0];
    const files = job.before ? [before, ...own] : own;
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
      made ??= mkdtemp(`${dir}-`).then((folder) => makeInputs(folder));
      return made;
    },
  };
}

/**
 * Every tool preview not in storage yet, cheapest first: run by the showcase job in the worker at first start
 * (issue 21), so no API request waits on a render and the tools list fills from storage.
 */
export async function renderMissingPreviews(engine: Pick<Engine, 'run'>, storage: StorageAdapter, log?: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void }): Promise<{ rendered: number; skipped: number }> {
  const shared = sharedInputs();
  const tally = { rendered: 0, skipped: 0 };
  try {
    for (const tool of AI_TOOLS.map((t) => t.id).sort((a, b) => PREVIEW_JOBS[a].weight - PREVIEW_JOBS[b].weight)) {
      if (await storage.stat(keyOf(tool, 'meta.json'))) {
        tally.skipped++;
        continue;
      }
      try {
        const meta = await renderPreview(tool, engine, storage, shared);
        tally.rendered++;
        log?.info({ tool, ms: meta.ms, engine: meta.engine }, 'tool preview rendered');
      } catch (error) {
        log?.warn({ tool, err: error }, 'tool preview failed');
      }
    }
  } finally {
    const made = await shared.inputs.catch(() => null);
    if (made) await rm(path.dirname(await made('scene')), { recursive: true, force: true }).catch(() => undefined);
  }
  return tally;
}
