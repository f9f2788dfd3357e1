/**
 * The AI tools' own calls (issue 11):
 * - GET /v1/ai/tools/previews: each tool's before/after preview, made by the local engine from inputs the
 *   product generates itself (inputs.ts), rendered by the showcase job in the worker at first start (on first
 *   demand only where no showcase job runs) and kept in storage;
 *   with each tool's price rule from the tasks module's own quote();
 * - GET /v1/ai/tools/preview-file/:tool/:file: those files (public: nothing of a user's in them);
 * - POST /v1/ai/tools/text-regions: the text and watermark boxes in an uploaded picture;
 * - GET /v1/ai/tts/voice/:id/preview: a spoken sample of a TTS voice (kept in storage).
 * OCR and speech run on the worker as analysis jobs (src/analysis), never in a request handler.
 */
import { Type } from '@sinclair/typebox';
import { type ToolPreview } from 'shared-contracts';
import { AI_TOOLS, isToolId } from 'shared-contracts/tools';
import type { Engine } from '@studio/engines/types';
import { asUserFailure, createAnalysisClient, type AnalysisClient } from '../../analysis/queue.js';
import { fail, type TypeBoxProvider } from '../../http.js';
import { StorageNotFoundError } from '../storage/adapter.js';
import { mediaStoreFor, parseRange, type StorageModuleOptions } from '../storage/index.js';
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';
import { defineCall } from '../../define-call.js';
import { priceRuleOf } from './price-rule.js';
import { createPreviewStore } from './preview-store.js';
import { keyOf, mimeOf, PREVIEW_JOBS } from './render.js';

export interface ToolPreviewsOptions {
  storage?: StorageModuleOptions;
  /** the engine that makes previews (default the local engine) */
  engine?: () => Promise<Engine>;
  /** false: never render (answers 'rendering' for what is not stored yet); default: only when no showcase job runs */
  render?: boolean;
  /** where text detection and voice samples run (default: jobs for the worker on the product database) */
  analysis?: AnalysisClient;
  /** how long a route awaits the worker's answer (default 60 s) */
  analysisWaitMs?: number;
  /** the pg-boss schema of the analysis jobs (default: the task queue's, ctx.config.tasks.queue) */
  bossSchema?: string;
}

const PreviewMedia = Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('audio')]);
/** The contract's ToolPreview (defineCall holds the two equal at compile time). */
const ToolPreviewSchema = Type.Object({
  tool: Type.String(),
  status: Type.Union([Type.Literal('ready'), Type.Literal('rendering'), Type.Literal('failed')]),
  media: PreviewMedia,
  before_media: Type.Optional(PreviewMedia),
  price: Type.Optional(Type.String()),
  before: Type.Optional(Type.String()),
  after: Type.Optional(Type.String()),
  engine: Type.Optional(Type.String()),
  note: Type.Optional(Type.String()),
});

const SAFE = /^[a-z0-9-]+$/;
const FILE = /^(before|after|meta)\.[a-z0-9]+$/;
const VOICE = /^[A-Za-z0-9+_.-]{1,40}$/;
const PREVIEW_VERSION_VOICE = 'v1';

function toolPreviewsPlugin(options: ToolPreviewsOptions = {}): ApiModulePlugin {
  return async (app, ctx) => {
    const { media } = mediaStoreFor(ctx, options.storage);
    const storage = media.storage;
    const store = createPreviewStore({
      storage,
      engine: options.engine ?? (() => import('@studio/engines').then((m) => new m.LocalEngine())),
      // where the showcase job runs (the worker renders them at first start), a request never renders
      render: options.render ?? ctx.config.discovery.showcase === 'off',
      log: app.log,
    });
    app.addHook('onClose', () => store.close());
    const analysis = options.analysis ?? (await createAnalysisClient(ctx.db, options.bossSchema ?? ctx.config.tasks.queue.schema));
    if (!options.analysis) app.addHook('onClose', () => analysis.stop());
    const waitMs = options.analysisWaitMs ?? 60_000;

    const typed = app.withTypeProvider<TypeBoxProvider>();
    defineCall(
      app,
      'GET /v1/ai/tools/previews',
      {
        schema: {
          tags: ['tools'],
          summary: "Each AI tool's before/after preview (made by the local engine from generated inputs) and price rule",
          response: Type.Object({ previews: Type.Array(ToolPreviewSchema) }),
        },
      },
      async () => {
        const tools = AI_TOOLS;
        // asked (and so queued) cheapest first; answered in the catalogue's order
        const byWeight = [...tools].sort((a, b) => PREVIEW_JOBS[a.id].weight - PREVIEW_JOBS[b.id].weight);
        const answers = new Map<string, ToolPreview>();
        for (const t of byWeight) answers.set(t.id, await store.previewOf(t.id));
        return { previews: tools.map((t) => ({ ...answers.get(t.id)!, price: priceRuleOf(t.algorithm) })) };
      },
    );

    typed.get(
      '/v1/ai/tools/preview-file/:tool/:file',
      { schema: { tags: ['tools'], summary: 'A file of a tool preview', params: Type.Object({ tool: Type.String({ maxLength: 40 }), file: Type.String({ maxLength: 20 }) }) } },
      async (request, reply) => {
        const { tool, file } = request.params;
        if (!SAFE.test(tool) || !FILE.test(file) || !isToolId(tool)) throw fail.notFound('No such preview');
        const key = keyOf(tool, file);
        const info = await storage.stat(key);
        if (!info) throw fail.notFound('No such preview');
        const range = parseRange(request.headers.range, info.size);
        if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${info.size}`).send();
        reply.header('content-type', mimeOf(file)).header('accept-ranges', 'bytes').header('cache-control', 'public, max-age=3600');
        try {
          if (range) {
            reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`).header('content-length', range.end - range.start + 1);
            return reply.send(await storage.read(key, range));
          }
          reply.header('content-length', info.size);
          return reply.send(await storage.read(key));
        } catch (error) {
          if (error instanceof StorageNotFoundError) throw fail.notFound('No such preview');
          throw error;
        }
      },
    );

    defineCall(
      app,
      'POST /v1/ai/tools/text-regions',
      {
        preHandler: ctx.auth.authenticate,
        schema: {
          tags: ['tools'],
          summary: 'The text and watermark boxes found in an uploaded picture (a starting mask for the text remover)',
          body: Type.Object({ file_path: Type.String({ minLength: 1, maxLength: 512 }) }),
          response: Type.Object({ regions: Type.Array(Type.Object({ x: Type.Number(), y: Type.Number(), w: Type.Number(), h: Type.Number() })) }),
        },
      },
      async (request) => {
        const object = await media.owned(request.user!.uid, request.body.file_path);
        if (!object || object.media !== 'image') throw fail.notFound('No such file');
        // the upload rules bounded the picture; OCR runs on the worker, not in this process
        const { regions } = await analysis.run('text-regions', { key: object.path, max: 50 }, waitMs).catch((error: unknown) => {
          throw asUserFailure(error);
        });
        return { regions };
      },
    );

    typed.get(
      '/v1/ai/tts/voice/:id/preview',
      { schema: { tags: ['tools'], summary: 'A spoken sample of a TTS voice (WAV)', params: Type.Object({ id: Type.String({ maxLength: 40 }) }) } },
      async (request, reply) => {
        const id = request.params.id;
        if (!VOICE.test(id)) throw fail.notFound('No such voice');
        const { listVoices } = await import('@studio/engines/speech');
        if (!(await listVoices()).some((v) => v.id === id)) throw fail.notFound('No such voice');
        const key = `public/voice-previews/${PREVIEW_VERSION_VOICE}/${id.replace(/[^A-Za-z0-9_-]/g, '_')}.wav`;
        // the sample is spoken once, on the worker, and kept in storage
        if (!(await storage.stat(key))) {
          await analysis.run('voice-sample', { voice: id, text: 'Hello! This is how I sound when I read your script.', key }, waitMs).catch((error: unknown) => {
            throw asUserFailure(error);
          });
        }
        reply.header('content-type', 'audio/wav').header('cache-control', 'public, max-age=86400');
        return reply.send(await storage.read(key));
      },
    );
  };
}

export function toolPreviewsModule(options: ToolPreviewsOptions = {}): ApiModuleDefinition {
  return { name: 'tool-previews', plugin: toolPreviewsPlugin(options) };
}
