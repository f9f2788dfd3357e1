/**
 * Media storage routes (spec section 7, /v1/common/oss/*):
 * - GET  /v1/common/oss/token?algorithm=      a 15-minute signed upload grant into the caller's own prefix
 * - PUT  /v1/common/oss/upload/<oss_path>?... the upload (upload-route.ts)
 * - GET  /v1/common/oss/sign?oss_path=&dispose= an expiring signed URI for the caller's own file
 * - GET  /v1/common/oss/file/<path>?exp&d&sig  the file (file-route.ts; no bearer; signature and expiry checked; Range)
 * - GET  /v1/common/oss/mediainfo?oss_path=    width, height, duration, format, size
 */
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { defineCall } from '../../define-call.js';
import { fail } from '../../http.js';
import type { ApiModuleDefinition, ApiModulePlugin, ModuleContext } from '../types.js';
import type { StorageAdapter } from './adapter.js';
import { createStorage, type StorageConfig } from './config.js';
import { fileRoute } from './file-route.js';
import { uploadRulesFor } from './limits.js';
import { createMediaStore, extensionOf, uploadKey, type MediaStore } from './media.js';
import { GrantSchema, MediaInfoSchema, SignQuery } from './schemas.js';
import { createSigner, deriveSigningSecret } from './signing.js';
import { storageFull, uploadRoute } from './upload-route.js';

export { parseRange } from './file-route.js';
export {  storageFull } from './upload-route.js';

export interface StorageModuleOptions {
  config?: Partial<StorageConfig>;
  /** a ready adapter (tests, the gateway sharing one with the worker) */
  storage?: StorageAdapter;
  now?: () => Date;
  /** where uploads are spooled before validation (default the OS temp folder) */
  tempDir?: string;
}

/** Builds the MediaStore of a module from its options and the API context (same secret, same links). */
export function mediaStoreFor(ctx: ModuleContext, options: StorageModuleOptions = {}): { media: MediaStore; config: StorageConfig } {
  const config = { ...ctx.config.storage, ...options.config };
  // a module given its own storage settings (tests) gets its own adapter; else the API's one
  const storage = options.storage ?? (options.config ? createStorage(config) : ctx.storage);
  const signer = createSigner(config.signingSecret ?? deriveSigningSecret(ctx.config.jwtSecret));
  const media = createMediaStore({
    db: ctx.db,
    storage,
    signer,
    signTtlSeconds: config.signTtlSeconds,
    quotaBytes: config.quotaBytes,
    now: options.now,
  });
  return { media, config };
}

const secured = { tags: ['storage'], security: [{ bearer: [] }] };
const OwnPath = Type.Object({ oss_path: Type.String({ minLength: 1, maxLength: 512 }), _t: Type.Optional(Type.String()) });

/** The grant, the signed link and the media facts of the caller's own files. */
function ownFileCalls(app: FastifyInstance, ctx: ModuleContext, deps: { media: MediaStore; config: StorageConfig; clock: () => Date }): void {
  const { media, config, clock } = deps;
  defineCall(
    app,
    'GET /v1/common/oss/token',
    {
      preHandler: ctx.auth.authenticate,
      schema: {
        ...secured,
        summary: "A short-lived upload grant for one algorithm's input, in the caller's own storage prefix",
        querystring: Type.Object({ algorithm: Type.String({ minLength: 1, maxLength: 64 }), _t: Type.Optional(Type.String()) }),
        response: GrantSchema,
      },
    },
    async (request) => {
      const user = request.user!;
      const algorithm = request.query.algorithm;
      const rules = uploadRulesFor(algorithm);
      if (!rules) throw fail.badRequest(`${algorithm} takes no uploaded files`);
      const used = await media.usage(user.uid);
      const quota = media.quota(user.level);
      if (used >= quota) throw storageFull(used, quota);
      const at = clock();
      const key = uploadKey(user.uid, randomUUID(), at);
      const exp = Math.floor(at.getTime() / 1000) + config.uploadTtlSeconds;
      const max = Math.min(rules.maxBytes, Math.max(0, quota - used));
      const sig = media.signer.sign(['upload', key, algorithm, exp, max]);
      const query = new URLSearchParams({ algorithm, exp: String(exp), max: String(max), sig });
      return { upload_url: `/v1/common/oss/upload/${key}?${query.toString()}`, oss_path: key, expire_at: exp, max_size: max, accept: rules.accept };
    },
  );

  defineCall(
    app,
    'GET /v1/common/oss/sign',
    {
      preHandler: ctx.auth.authenticate,
      schema: { ...secured, summary: "An expiring signed URI for one of the caller's files (dispose=attachment for downloads)", querystring: SignQuery, response: Type.Object({ sign_uri: Type.String() }) },
    },
    async (request) => {
      const object = await media.owned(request.user!.uid, request.query.oss_path);
      if (!object) throw fail.notFound('No such file');
      const attachment = request.query.dispose === 'attachment';
      const name = `${object.algorithm || object.kind}-${path.basename(object.path).replace(/\.[^.]+$/, '').slice(0, 12)}.${extensionOf(object.format)}`;
      return { sign_uri: media.signedUri(object, { attachment, filename: attachment ? name : undefined }) };
    },
  );

  defineCall(
    app,
    'GET /v1/common/oss/mediainfo',
    {
      preHandler: ctx.auth.authenticate,
      schema: { ...secured, summary: "Width, height, duration, format and size of one of the caller's files", querystring: OwnPath, response: MediaInfoSchema },
    },
    async (request) => {
      const object = await media.owned(request.user!.uid, request.query.oss_path);
      if (!object) throw fail.notFound('No such file');
      return media.info(object);
    },
  );
}

function storagePlugin(options: StorageModuleOptions = {}): ApiModulePlugin {
  return async (scope, ctx) => {
    const { media, config } = mediaStoreFor(ctx, options);
    const clock = options.now ?? (() => new Date());
    const tempRoot = options.tempDir ?? path.join(os.tmpdir(), 'studio-uploads');
    ownFileCalls(scope, ctx, { media, config, clock });
    // the upload: its own scope, where every body arrives as the raw stream
    await scope.register(async (uploads: FastifyInstance) => uploadRoute(uploads, ctx, { media, clock, tempRoot }));
    fileRoute(scope, media, clock);
  };
}

export function storageModule(options: StorageModuleOptions = {}): ApiModuleDefinition {
  return { name: 'storage', plugin: storagePlugin(options) };
}
