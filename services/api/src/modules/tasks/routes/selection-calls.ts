/**
 * My Creations' bulk actions on a selection (shared-contracts library.ts): one zip of every chosen result,
 * streamed through a signed link (one browser download, however many files; nothing is buffered), and one
 * delete. A selection names tasks, or takes the whole library (of one media) up to a moment, less some.
 */
import type { Readable } from 'node:stream';
import { Type, type Static } from '@sinclair/typebox';
import yazl from 'yazl';
import { API_CODES, LIBRARY_SELECTION_IDS_MAX, resultFileName, type LibrarySelection } from 'shared-contracts';
import { defineCall } from '../../../define-call.js';
import { ApiFailure, fail, type TypeBoxProvider } from '../../../http.js';
import { StorageNotFoundError } from '../../storage/adapter.js';
import { TASK_SELECT, normaliseRow, type TaskRow } from '../store.js';
import { SECURED, callerOf, type TaskRoutes } from './context.js';
import { listFilter } from './read-calls.js';

const Ids = Type.Array(Type.String({ maxLength: 64 }), { maxItems: LIBRARY_SELECTION_IDS_MAX });
const Media = Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio')]);
const Selection = Type.Object({
  task_ids: Type.Optional(Ids),
  all: Type.Optional(Type.Object({ media: Type.Optional(Media), before: Type.Integer({ minimum: 0 }), except: Type.Optional(Ids) })),
});

/** How long a zip link works: long enough to start the download, short enough not to be passed around. */
const ZIP_LINK_SECONDS = 10 * 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function cleanIds(ids: readonly string[] | undefined): string[] {
  return [...new Set(ids ?? [])].filter((id) => UUID.test(id));
}

/** The caller's tasks of a selection (not deleted), newest first; `finished` keeps the ones with results. */
async function selectedTasks(routes: TaskRoutes, uid: string, selection: Static<typeof Selection>, finished: boolean): Promise<TaskRow[]> {
  const named = cleanIds(selection.task_ids);
  let where: string;
  let params: unknown[];
  if (selection.all) {
    ({ filter: where, params } = listFilter(uid, selection.all.media ? { media: selection.all.media } : {}));
    params.push(new Date(selection.all.before * 1000), cleanIds(selection.all.except));
    where += ` AND t.created_at <= $${params.length - 1} AND NOT (t.id = ANY($${params.length}::uuid[]))`;
  } else if (named.length) {
    where = 't.user_id = $1 AND t.deleted_at IS NULL AND t.id = ANY($2::uuid[])';
    params = [uid, named];
  } else return [];
  if (finished) where += ` AND t.status = 'success'`;
  const rows = await routes.ctx.db.query<TaskRow>(`${TASK_SELECT} WHERE ${where} ORDER BY t.created_at DESC, t.id DESC`, params);
  return rows.rows.map(normaliseRow);
}

/** The files of a zip: each result (a paid plan's watermark-free original where one is kept), named as single downloads are. */
function zipEntries(rows: TaskRow[], paid: boolean): { key: string; name: string }[] {
  return rows.flatMap((row) =>
    row.outputs.map((output, index) => ({
      key: paid && output.watermarked && output.original_path ? output.original_path : output.file_path,
      name: resultFileName({ algorithm: row.algorithm, task_id: row.id }, output, index),
    })),
  );
}

interface ZipClaim {
  /** the caller */
  u: string;
  /** a paid plan when the link was made (watermark-free originals) */
  p: 0 | 1;
  s: LibrarySelection;
}

export function selectionCalls(routes: TaskRoutes): void {
  const { app, ctx, media, service, now } = routes;
  const preHandler = ctx.auth.authenticate;

  defineCall(
    app,
    'POST /v1/ai/download/zip',
    {
      preHandler,
      schema: { ...SECURED, summary: 'A signed link to one zip of every result of a selection (streamed when fetched)', body: Selection, response: Type.Object({ url: Type.String(), files: Type.Integer() }) },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await selectedTasks(routes, caller.uid, request.body, true);
      const files = zipEntries(rows, caller.level !== 'free').length;
      if (files === 0) throw fail.notFound('Nothing to download: none of these creations has a finished result');
      const claim: ZipClaim = { u: caller.uid, p: caller.level === 'free' ? 0 : 1, s: request.body };
      const s = Buffer.from(JSON.stringify(claim)).toString('base64url');
      const exp = Math.floor(now().getTime() / 1000) + ZIP_LINK_SECONDS;
      const sig = media.signer.sign(['zip', s, exp]);
      return { url: `/v1/ai/download/zip?${new URLSearchParams({ s, exp: String(exp), sig })}`, files };
    },
  );

  defineCall(
    app,
    'POST /v1/ai/del/batch',
    {
      preHandler,
      schema: { ...SECURED, summary: 'Deletes every task of a selection (a running one is cancelled first)', body: Selection, response: Type.Object({ deleted: Type.Integer(), failed: Type.Integer() }) },
    },
    async (request) => {
      const uid = request.user!.uid;
      const rows = await selectedTasks(routes, uid, request.body, false);
      let deleted = 0;
      for (const row of rows) {
        try {
          await service.remove(uid, row.id);
          deleted += 1;
        } catch (error) {
          request.log.warn({ err: error, task: row.id }, 'bulk delete: a task could not be deleted');
        }
      }
      return { deleted, failed: rows.length - deleted };
    },
  );

  // the link itself: no bearer (a browser download cannot send one); the signature and its expiry are the check
  app.withTypeProvider<TypeBoxProvider>().get(
    '/v1/ai/download/zip',
    {
      schema: {
        tags: ['tasks'],
        summary: 'The zip of a selection through its signed link (stored, not recompressed: media files are compressed already)',
        querystring: Type.Object({ s: Type.String({ maxLength: 12_000 }), exp: Type.String({ maxLength: 20 }), sig: Type.String({ maxLength: 100 }) }),
      },
    },
    async (request, reply) => {
      const { s, exp, sig } = request.query;
      if (!media.signer.verify(['zip', s, Number(exp)], sig)) throw new ApiFailure(403, API_CODES.FORBIDDEN, 'The link is not valid');
      if (Number(exp) * 1000 < now().getTime()) throw new ApiFailure(403, API_CODES.FORBIDDEN, 'The link has expired');
      const claim = JSON.parse(Buffer.from(s, 'base64url').toString('utf8')) as ZipClaim;
      const entries = zipEntries(await selectedTasks(routes, claim.u, claim.s, true), claim.p === 1);
      if (entries.length === 0) throw fail.notFound('Nothing to download');
      const zip = new yazl.ZipFile();
      for (const entry of entries) {
        // opened one at a time as the zip reaches it (S3 or the local folder), never all at once
        zip.addReadStreamLazy(entry.name, { compress: false }, (done) => {
          media.storage.read(entry.key).then(
            (stream) => done(null, stream),
            (error: unknown) => done(error instanceof StorageNotFoundError ? new Error(`${entry.name} is gone`) : error, null as never),
          );
        });
      }
      // a file that cannot be read ends the download as failed (the browser says so) instead of leaving it hanging
      zip.on('error', (error: Error) => {
        request.log.warn({ err: error }, 'zip download: a file could not be read');
        (zip.outputStream as Readable).destroy(error);
      });
      zip.end();
      const stamp = now().toISOString().slice(0, 10);
      reply.header('content-type', 'application/zip');
      reply.header('content-disposition', `attachment; filename="my-creations-${stamp}.zip"`);
      reply.header('cache-control', 'private, no-store');
      return reply.send(zip.outputStream);
    },
  );
}
