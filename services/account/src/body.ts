/**
 * Bodies of the account routes, with the well-kept Fastify plugins registered inside the account plugin's
 * own context (so they neither need nor clash with parsers of the app that mounts it): url-encoded forms
 * with @fastify/formbody, the avatar upload with @fastify/multipart (one file, a few fields, bounded).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import { first } from './oauth.js';

const FORM_LIMIT = 64 * 1024;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** read up to this much of an upload (the handler answers "larger than 2 MB" with the page); beyond, the
 *  upload is cut off while it streams in (413, answered with a redirect to the same message) */
const MULTIPART_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;

/** The avatar form after @fastify/multipart (attachFieldsToBody 'keyValues'): fields as strings, the file as bytes. */
export type MultipartBody = Record<string, string | Buffer | undefined>;

/** The fields of a url-encoded or JSON body as strings (the first of repeated fields). */
export function formBody(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) fields[key] = first(value);
  return fields;
}

export async function registerBodyPlugins(app: FastifyInstance): Promise<void> {
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
  }
  await app.register(formbody, { bodyLimit: FORM_LIMIT });
  await app.register(multipart, {
    attachFieldsToBody: 'keyValues',
    limits: { fileSize: MULTIPART_LIMIT, files: 1, fields: 20, fieldSize: FORM_LIMIT, parts: 21 },
  });
}

/** The image types an avatar may be, told by their first bytes (never by the name or the declared type). */
export function sniffImage(data: Buffer): 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | null {
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 6 && /^GIF8[79]a$/.test(data.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (data.length >= 12 && data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}
