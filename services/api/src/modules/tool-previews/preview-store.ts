/**
 * Which previews exist: read from storage (meta.json) once, else queued for the engine one after another;
 * a failed render is remembered for the process's life (the list then shows no preview for that tool).
 */
import { rm } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { ToolId, ToolPreview } from 'shared-contracts';
import type { Engine } from '@studio/engines/types';
import type { StorageAdapter } from '../storage/adapter.js';
import { keyOf, PREVIEW_JOBS, renderPreview, sharedInputs, type PreviewMeta } from './render.js';

export interface PreviewStoreOptions {
  storage: StorageAdapter;
  engine: () => Promise<Engine>;
  /** false: never render (answers 'rendering' for what is not stored yet) */
  render: boolean;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export function createPreviewStore({ storage, engine, render, log }: PreviewStoreOptions) {
  const shared = sharedInputs();
  const known = new Map<ToolId, PreviewMeta | 'failed'>();
  const queued = new Set<ToolId>();
  let loaded: Promise<Engine> | null = null;
  let queue: Promise<unknown> = Promise.resolve();

  async function stored(tool: ToolId): Promise<PreviewMeta | null> {
    try {
      const stream = await storage.read(keyOf(tool, 'meta.json'));
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
      return JSON.parse(Buffer.concat(chunks).toString('utf8')) as PreviewMeta;
    } catch {
      return null;
    }
  }

  function enqueue(tool: ToolId) {
    if (queued.has(tool) || !render) return;
    queued.add(tool);
    queue = queue
      .then(async () => {
        const meta = await renderPreview(tool, await (loaded ??= engine()), storage, shared);
        known.set(tool, meta);
        log.info({ tool, ms: meta.ms, engine: meta.engine }, 'tool preview rendered');
      })
      .catch((error: unknown) => {
        known.set(tool, 'failed');
        log.warn({ tool, err: error }, 'tool preview failed');
      })
      .finally(() => queued.delete(tool));
  }

  async function previewOf(tool: ToolId): Promise<ToolPreview> {
    let meta = known.get(tool);
    if (!meta) {
      const fromStorage = await stored(tool);
      if (fromStorage) known.set(tool, (meta = fromStorage));
    }
    const mediaKind = PREVIEW_JOBS[tool].algorithm === 'audio_noise_reduction' ? 'audio' : 'image';
    if (!meta) {
      enqueue(tool);
      return { tool, status: 'rendering', media: mediaKind };
    }
    if (meta === 'failed') return { tool, status: 'failed', media: mediaKind };
    const file = (name: string) => `/v1/ai/tools/preview-file/${tool}/${name}`;
    return { tool, status: 'ready', media: meta.media, before_media: meta.before_media, before: file(meta.before), after: file(meta.after), engine: meta.engine, note: meta.note };
  }

  async function close() {
    await queue.catch(() => undefined);
    await rm(shared.dir, { recursive: true, force: true }).catch(() => undefined);
  }

  return { previewOf, close };
}
