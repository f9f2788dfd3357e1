/**
 * Media storage routes (spec section 7, /v1/common/oss/*):
 * - GET  /v1/common/oss/token?algorithm=      a 15-minute signed upload grant into the caller's own prefix
 * - PUT  /v1/common/oss/upload/<oss_path>?... the upload: streamed to a temporary file under a byte cap,
 *                                             validated by content, then stored; the grant's signature is
 *                                             the authority (a bearer, when sent, must be the same user)
 * - GET  /v1/common/oss/sign?oss_path=&dispose= an expiring signed URI for the caller's own file
 * - GET  /v1/common/oss/file/<path>?exp&d&sig  the file (no bearer; signature and expiry checked; Range)
 * - GET  /v1/common/oss/mediainfo?oss_path=    width, height, duration, format, size
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES, USER_TEXTS, type UploadGrant, type UploadResult } from 'shared-contracts';
import { probeMedia } from '@studio/engines/media/probe';
import { bearerOf } from '../../auth.js';
import { guardImageFile } from './image-guard.js';
import { ApiFailure, fail, ok, responses, type TypeBoxProvider } from '../../http.js';
import type { ApiModuleDefinition, ApiModulePlugin, ModuleContext } from '../types.js';
import type { StorageAdapter } from './adapter.js';
import { StorageNotFoundError } from './adapter.js';
import { createStorage, storageConfigFromEnv, type StorageConfig } from './config.js';
import { checkMedia, tooLarge, uploadRulesFor } from './limits.js';
import { createMediaStore, extensionOf, ownerOfKey, uploadKey, type MediaStore } from './media.js';
import { createSigner, deriveSigningSecret } from './signing.js';

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
  const config = { ...storageConfigFromEnv(), ...options.config };
  const storage = options.storage ?? createStorage(config);
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

export function storageFull(used: number, quota: number): ApiFailure {
  return new ApiFailure(403, API_CODES.STORAGE_FULL, USER_TEXTS.NOT_ENOUGH_SPACE, {
    detail: USER_TEXTS.NOT_ENOUGH_SPACE_DETAIL,
    used_bytes: used,
    quota_bytes: quota,
  });
}

const MediaInfoSchema = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  duration: Type.Number({ description: 'seconds, 0 for images' }),
  format: Type.String(),
  size: Type.Integer({ description: 'bytes' }),
});
const GrantSchema = Type.Object({
  upload_url: Type.String({ description: 'PUT the file here (relative to the API origin); valid until expire_at' }),
  oss_path: Type.String({ description: 'the storage path the file will have: data.file_path in create calls' }),
  expire_at: Type.Integer({ description: 'epoch seconds' }),
  max_size: Type.Integer({ description: 'bytes' }),
  accept: Type.Array(Type.String()),
});
const UploadResultSchema = Type.Object({
  oss_path: Type.String(),
  media: Type.Intersect([MediaInfoSchema, Type.Object({ media: Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('audio')]), mime: Type.String() })]),
});

function uploadFailed(status = 400, message: string = USER_TEXTS.UPLOAD_FAILED): ApiFailure {
  return new ApiFailure(status, API_CODES.UPLOAD_FAILED, message);
}

/** Parses `bytes=a-b`, `bytes=a-` or `bytes=-n` against a size; null for none or unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return 'invalid';
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

export function storagePlugin(options: StorageModuleOptions = {}): ApiModulePlugin {
  return async (scope, ctx) => {
    const { media, config } = mediaStoreFor(ctx, options);
    const clock = options.now ?? (() => new Date());
    const tempRoot = options.tempDir ?? path.join(os.tmpdir(), 'studio-uploads');
    const app = scope.withTypeProvider<TypeBoxProvider>();

    app.get(
      '/v1/common/oss/token',
      {
        preHandler: ctx.auth.authenticate,
        schema: {
          tags: ['storage'],
          security: [{ bearer: [] }],
          summary: "A short-lived upload grant for one algorithm's input, in the caller's own storage prefix",
          querystring: Type.Object({ algorithm: Type.String({ minLength: 1, maxLength: 64 }), _t: Type.Optional(Type.String()) }),
          response: responses(GrantSchema),
        },
      },
      async (request) => {
        const user = request.user!;
        const rules = uploadRulesFor(request.query.algorithm);
        if (!rules) throw fail.badRequest(`${request.query.algorithm} takes no uploaded files`);
        const used = await media.usage(user.uid);
        const quota = media.quota(user.level);
        if (used >= quota) throw storageFull(used, quota);
        const at = clock();
        const key = uploadKey(user.uid, randomUUID(), at);
        const exp = Math.floor(at.getTime() / 1000) + config.uploadTtlSeconds;
        const max = Math.min(rules.maxBytes, Math.max(0, quota - used));
        const algorithm = request.query.algorithm;
        const sig = media.signer.sign(['upload', key, algorithm, exp, max]);
        const query = new URLSearchParams({ algorithm, exp: String(exp), max: String(max), sig });
        const grant: UploadGrant = {
          upload_url: `/v1/common/oss/upload/${key}?${query.toString()}`,
          oss_path: key,
          expire_at: exp,
          max_size: max,
          accept: rules.accept,
        };
        return ok(request, grant);
      },
    );

    // the upload: its own scope, where every body arrives as the raw stream
    await scope.register(async (uploads: FastifyInstance) => {
      uploads.removeAllContentTypeParsers();
      uploads.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
      uploads.withTypeProvider<TypeBoxProvider>().put(
        '/v1/common/oss/upload/*',
        {
          schema: {
            tags: ['storage'],
            summary: 'Uploads the file of a grant (the body is the file); validated by content before it is stored',
            querystring: Type.Object({
              algorithm: Type.String(),
              exp: Type.String(),
              max: Type.String(),
              sig: Type.String(),
            }),
            response: responses(UploadResultSchema),
          },
        },
        async (request, reply) => {
          const key = (request.params as { '*': string })['*'];
          const { algorithm, exp, max, sig } = request.query;
          const expSeconds = Number(exp);
          const maxBytes = Number(max);
          if (!media.signer.verify(['upload', key, algorithm, expSeconds, maxBytes], sig)) {
            throw uploadFailed(403);
          }
          if (expSeconds * 1000 < clock().getTime()) throw uploadFailed(403, `${USER_TEXTS.UPLOAD_FAILED}: the upload link has expired`);
          const uid = ownerOfKey(key);
          if (!uid) throw uploadFailed(403);
          const jwt = bearerOf(request);
          if (jwt) {
            const caller = await ctx.auth.verify(jwt);
            if (caller.uid !== uid) throw uploadFailed(403);
          }
          const rules = uploadRulesFor(algorithm);
          if (!rules) throw uploadFailed(400);
          const level = await levelOf(ctx, uid, clock());
          const used = await media.usage(uid);
          const quota = media.quota(level);
          const declared = Number(request.headers['content-length'] ?? 0);
          if (declared > rules.maxBytes) return refuseBody(request, reply, tooLarge(rules));
          if (used + declared > quota) return refuseBody(request, reply, storageFull(used, quota));
          const cap = Math.min(maxBytes, rules.maxBytes, Math.max(0, quota - used));

          await mkdir(tempRoot, { recursive: true });
          const temp = path.join(tempRoot, `${randomUUID()}.upload`);
          try {
            let received = 0;
            let over = false;
            const counter = new Transform({
              transform(chunk: Buffer, _encoding, callback) {
                received += chunk.length;
                if (received > cap) {
                  over = true;
                  callback(new Error('over the cap'));
                  return;
                }
                callback(null, chunk);
              },
            });
            try {
              await pipeline(request.raw, counter, createWriteStream(temp));
            } catch (error) {
              if (over) {
                const failure = received > rules.maxBytes || cap === rules.maxBytes ? tooLarge(rules) : storageFull(used, quota);
                return refuseBody(request, reply, failure);
              }
              request.log.warn({ err: error }, 'upload stream failed');
              throw uploadFailed(400);
            }
            if (received === 0) throw uploadFailed(400, `${USER_TEXTS.UPLOAD_FAILED}: the file is empty`);
            // a picture's header meets the rules and the picture decodes before it is probed or stored
            if (rules.image) await guardImageFile(temp, rules.image);
            const probed = await probeMedia(temp).catch(() => null);
            if (!probed) throw new ApiFailure(415, API_CODES.UNSUPPORTED_FORMAT, USER_TEXTS.UNSUPPORTED_FORMAT);
            checkMedia(rules, probed);
            const existing = await media.get(key);
            if (existing) throw uploadFailed(409, `${USER_TEXTS.UPLOAD_FAILED}: this upload link was already used`);
            await media.storage.putFile(key, temp, { contentType: probed.mime });
            const recorded = await media.record(ctx.db, {
              path: key,
              userId: uid,
              kind: 'upload',
              media: probed.media,
              format: probed.format,
              mime: probed.mime,
              size: probed.size,
              width: probed.width,
              height: probed.height,
              duration: probed.duration,
              algorithm,
              taskId: null,
            });
            if (!recorded) throw uploadFailed(409, `${USER_TEXTS.UPLOAD_FAILED}: this upload link was already used`);
            const answer: UploadResult = {
              oss_path: key,
              media: {
                media: probed.media,
                mime: probed.mime,
                width: probed.width,
                height: probed.height,
                duration: probed.duration,
                format: probed.format,
                size: probed.size,
              },
            };
            request.log.info({ uid, key, format: probed.format, size: probed.size }, 'upload stored');
            return ok(request, answer);
          } finally {
            await rm(temp, { force: true });
          }
        },
      );
    });

    app.get(
      '/v1/common/oss/sign',
      {
        preHandler: ctx.auth.authenticate,
        schema: {
          tags: ['storage'],
          security: [{ bearer: [] }],
          summary: "An expiring signed URI for one of the caller's files (dispose=attachment for downloads)",
          querystring: Type.Object({
            oss_path: Type.String({ minLength: 1, maxLength: 512 }),
            dispose: Type.Optional(Type.Union([Type.Literal('attachment'), Type.Literal('inline')])),
            _t: Type.Optional(Type.String()),
          }),
          response: responses(Type.Object({ sign_uri: Type.String() })),
        },
      },
      async (request) => {
        const object = await media.owned(request.user!.uid, request.query.oss_path);
        if (!object) throw fail.notFound('No such file');
        const attachment = request.query.dispose === 'attachment';
        const name = `${object.algorithm || object.kind}-${path.basename(object.path).replace(/\.[^.]+$/, '').slice(0, 12)}.${extensionOf(object.format)}`;
        return ok(request, { sign_uri: media.signedUri(object, { attachment, filename: attachment ? name : undefined }) });
      },
    );

    app.get(
      '/v1/common/oss/file/*',
      {
        schema: {
          tags: ['storage'],
          summary: 'A stored file through a signed link (no bearer; the signature and its expiry are checked; Range supported)',
          querystring: Type.Object({
            exp: Type.Optional(Type.String()),
            d: Type.Optional(Type.String()),
            n: Type.Optional(Type.String()),
            sig: Type.Optional(Type.String()),
          }),
        },
      },
      async (request, reply) => {
        const key = (request.params as { '*': string })['*'];
        const verdict = media.verifyFileLink(key, request.query);
        if (verdict === 'invalid') throw new ApiFailure(403, API_CODES.FORBIDDEN, 'The link is not valid');
        if (verdict === 'expired') throw new ApiFailure(403, API_CODES.FORBIDDEN, 'The link has expired');
        const object = await media.get(key);
        if (!object) throw fail.notFound('No such file');
        const filename = request.query.n || `${path.basename(key)}.${extensionOf(object.format)}`;
        const attachment = request.query.d === 'a' ? `attachment; filename="${filename}"` : null;
        const remaining = Math.max(0, Number(request.query.exp) - Math.floor(clock().getTime() / 1000));
        const direct = await media.storage.directUrl?.(key, { expiresInSeconds: remaining, attachment, contentType: object.mime });
        if (direct) return reply.redirect(direct, 302);
        const range = parseRange(request.headers.range, object.size);
        if (range === 'invalid') {
          return reply.code(416).header('content-range', `bytes */${object.size}`).send();
        }
        reply.header('content-type', object.mime);
        reply.header('accept-ranges', 'bytes');
        reply.header('cache-control', `private, max-age=${remaining}`);
        if (attachment) reply.header('content-disposition', attachment);
        else reply.header('content-disposition', 'inline');
        try {
          if (range) {
            const stream = await media.storage.read(key, range);
            reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${object.size}`);
            reply.header('content-length', range.end - range.start + 1);
            return reply.send(stream);
          }
          const stream = await media.storage.read(key);
          reply.header('content-length', object.size);
          return reply.send(stream);
        } catch (error) {
          if (error instanceof StorageNotFoundError) throw fail.notFound('No such file');
          throw error;
        }
      },
    );

    app.get(
      '/v1/common/oss/mediainfo',
      {
        preHandler: ctx.auth.authenticate,
        schema: {
          tags: ['storage'],
          security: [{ bearer: [] }],
          summary: "Width, height, duration, format and size of one of the caller's files",
          querystring: Type.Object({ oss_path: Type.String({ minLength: 1, maxLength: 512 }), _t: Type.Optional(Type.String()) }),
          response: responses(MediaInfoSchema),
        },
      },
      async (request) => {
        const object = await media.owned(request.user!.uid, request.query.oss_path);
        if (!object) throw fail.notFound('No such file');
        return ok(request, media.info(object));
      },
    );
  };
}

/** Answers a refusal without reading the rest of a large body (the connection is closed after it). */
function refuseBody(request: FastifyRequest, reply: FastifyReply, failure: ApiFailure) {
  reply.header('connection', 'close');
  request.raw.resume();
  throw failure;
}

/** The member level of a user at a time (the upload route has no bearer to read it from). */
export async function levelOf(ctx: ModuleContext, uid: string, at: Date): Promise<'free' | 'standard' | 'premium'> {
  const result = await ctx.db.query<{ level: 'standard' | 'premium' }>(
    `SELECT level FROM subscriptions WHERE user_id = $1 AND started_at <= $2 AND expires_at > $2 ORDER BY (level = 'premium') DESC LIMIT 1`,
    [uid, at],
  );
  return result.rows[0]?.level ?? 'free';
}

export function storageModule(options: StorageModuleOptions = {}): ApiModuleDefinition {
  return { name: 'storage', plugin: storagePlugin(options) };
}
