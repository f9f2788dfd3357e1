/** GET /v1/common/oss/file/<path>?exp&d&n&sig: a stored file through a signed link (no bearer; Range supported). */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { API_CODES } from 'shared-contracts';
import { ApiFailure, fail, type TypeBoxProvider } from '../../http.js';
import { StorageNotFoundError } from './adapter.js';
import { extensionOf, type MediaStore } from './media.js';
import { FileQuery } from './schemas.js';

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

export function fileRoute(scope: FastifyInstance, media: MediaStore, clock: () => Date): void {
  scope.withTypeProvider<TypeBoxProvider>().get(
    '/v1/common/oss/file/*',
    {
      schema: {
        tags: ['storage'],
        summary: 'A stored file through a signed link (no bearer; the signature and its expiry are checked; Range supported)',
        querystring: FileQuery,
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
      reply.header('content-disposition', attachment ?? 'inline');
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
}
