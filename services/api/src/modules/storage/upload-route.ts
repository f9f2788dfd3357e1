/**
 * PUT /v1/common/oss/upload/<oss_path>?algorithm&exp&max&sig: the upload of a grant. The body is streamed
 * to a temporary file under a byte cap, validated by content (header rules, a full decode, a probe), then
 * stored and recorded. The grant's signature is the authority; a bearer, when sent, must be the same user.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_CODES, USER_TEXTS, type UploadResult } from 'shared-contracts';
import { probeMedia } from '@studio/engines/media';
import { bearerOf } from '../../auth.js';
import { ApiFailure, ok, responses, type TypeBoxProvider } from '../../http.js';
import type { ModuleContext } from '../types.js';
import { guardImageFile } from './image-guard.js';
import { checkMedia, tooLarge, uploadRulesFor, type UploadRules } from './limits.js';
import { ownerOfKey, type MediaStore } from './media.js';
import { UploadQuery, UploadResultSchema } from './schemas.js';

function uploadFailed(status = 400, message: string = USER_TEXTS.UPLOAD_FAILED): ApiFailure {
  return new ApiFailure(status, API_CODES.UPLOAD_FAILED, message);
}

export function storageFull(used: number, quota: number): ApiFailure {
  return new ApiFailure(403, API_CODES.STORAGE_FULL, USER_TEXTS.NOT_ENOUGH_SPACE, {
    detail: USER_TEXTS.NOT_ENOUGH_SPACE_DETAIL,
    used_bytes: used,
    quota_bytes: quota,
  });
}

/** Answers a refusal without reading the rest of a large body (the connection is closed after it). */
function refuseBody(request: FastifyRequest, reply: FastifyReply, failure: ApiFailure): never {
  reply.header('connection', 'close');
  request.raw.resume();
  throw failure;
}

/** The member level of a user at a time (the upload route has no bearer to read it from). */
async function levelOf(ctx: Pick<ModuleContext, 'db'>, uid: string, at: Date): Promise<'free' | 'standard' | 'premium'> {
  const result = await ctx.db.query<{ level: 'standard' | 'premium' }>(
    `SELECT level FROM subscriptions WHERE user_id = $1 AND started_at <= $2 AND expires_at > $2 ORDER BY (level = 'premium') DESC LIMIT 1`,
    [uid, at],
  );
  return result.rows[0]?.level ?? 'free';
}

interface UploadBudget {
  rules: UploadRules;
  used: number;
  quota: number;
  /** the most bytes this body may have */
  cap: number;
}

/** Streams the body into `temp`; a body over the cap is refused as too large or as storage full. */
async function spool(request: FastifyRequest, reply: FastifyReply, temp: string, budget: UploadBudget): Promise<number> {
  const { rules, used, quota, cap } = budget;
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
    if (over) refuseBody(request, reply, received > rules.maxBytes || cap === rules.maxBytes ? tooLarge(rules) : storageFull(used, quota));
    request.log.warn({ err: error }, 'upload stream failed');
    throw uploadFailed(400);
  }
  if (received === 0) throw uploadFailed(400, `${USER_TEXTS.UPLOAD_FAILED}: the file is empty`);
  return received;
}

/** Validates the spooled file by its content and stores and records it under the key. */
async function validateAndStore(ctx: ModuleContext, media: MediaStore, temp: string, upload: { key: string; uid: string; algorithm: string; rules: UploadRules }): Promise<UploadResult> {
  const { key, uid, algorithm, rules } = upload;
  // a picture's header meets the rules and the picture decodes before it is probed or stored
  if (rules.image) await guardImageFile(temp, rules.image);
  const probed = await probeMedia(temp).catch(() => null);
  if (!probed) throw new ApiFailure(415, API_CODES.UNSUPPORTED_FORMAT, USER_TEXTS.UNSUPPORTED_FORMAT);
  checkMedia(rules, probed);
  const used = () => uploadFailed(409, `${USER_TEXTS.UPLOAD_FAILED}: this upload link was already used`);
  if (await media.get(key)) throw used();
  await media.storage.putFile(key, temp, { contentType: probed.mime });
  const { media: kind, format, mime, size, width, height, duration } = probed;
  const recorded = await media.record(ctx.db, { path: key, userId: uid, kind: 'upload', media: kind, format, mime, size, width, height, duration, algorithm, taskId: null });
  if (!recorded) throw used();
  return { oss_path: key, media: { media: kind, mime, width, height, duration, format, size } };
}

export function uploadRoute(uploads: FastifyInstance, ctx: ModuleContext, deps: { media: MediaStore; clock: () => Date; tempRoot: string }): void {
  const { media, clock, tempRoot } = deps;
  uploads.removeAllContentTypeParsers();
  uploads.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
  uploads.withTypeProvider<TypeBoxProvider>().put(
    '/v1/common/oss/upload/*',
    {
      schema: {
        tags: ['storage'],
        summary: 'Uploads the file of a grant (the body is the file); validated by content before it is stored',
        querystring: UploadQuery,
        response: responses(UploadResultSchema),
      },
    },
    async (request, reply) => {
      const key = (request.params as { '*': string })['*'];
      const { algorithm, exp, max, sig } = request.query;
      const expSeconds = Number(exp);
      const maxBytes = Number(max);
      if (!media.signer.verify(['upload', key, algorithm, expSeconds, maxBytes], sig)) throw uploadFailed(403);
      if (expSeconds * 1000 < clock().getTime()) throw uploadFailed(403, `${USER_TEXTS.UPLOAD_FAILED}: the upload link has expired`);
      const uid = ownerOfKey(key);
      if (!uid) throw uploadFailed(403);
      const jwt = bearerOf(request);
      if (jwt && (await ctx.auth.verify(jwt)).uid !== uid) throw uploadFailed(403);
      const rules = uploadRulesFor(algorithm);
      if (!rules) throw uploadFailed(400);
      const used = await media.usage(uid);
      const quota = media.quota(await levelOf(ctx, uid, clock()));
      const declared = Number(request.headers['content-length'] ?? 0);
      if (declared > rules.maxBytes) refuseBody(request, reply, tooLarge(rules));
      if (used + declared > quota) refuseBody(request, reply, storageFull(used, quota));
      const cap = Math.min(maxBytes, rules.maxBytes, Math.max(0, quota - used));

      await mkdir(tempRoot, { recursive: true });
      const temp = path.join(tempRoot, `${randomUUID()}.upload`);
      try {
        await spool(request, reply, temp, { rules, used, quota, cap });
        const answer = await validateAndStore(ctx, media, temp, { key, uid, algorithm, rules });
        request.log.info({ uid, key, format: answer.media.format, size: answer.media.size }, 'upload stored');
        return ok(request, answer);
      } finally {
        await rm(temp, { force: true });
      }
    },
  );
}
