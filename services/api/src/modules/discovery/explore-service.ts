/**
 * The explore gallery: listing (media filter, recommend flag, paging), the detail (views counted, the
 * author's figures), publishing one's own successful result (the text checks run; the file is copied so
 * it outlives the task's 7 days), unpublishing, likes, and reports (once per user and item; past
 * REPORT_HIDE_THRESHOLD distinct reporters the item leaves the gallery until reviewed; a reporter never
 * sees it again).
 */
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { Database, Queryable } from '@studio/db';
import {
  API_CODES,
  REPORT_HIDE_THRESHOLD,
  REPORT_REASONS,
  USER_TEXTS,
  type ExploreEntry,
  type ExploreTaskState,
  type LikeValue,
  type Paginated,
  type ReportReason,
  type TaskEngineInfo,
  type TaskField,
} from 'shared-contracts';
import { checkText } from '@studio/engines/moderation';
import { ApiFailure, fail } from '../../http.js';
import type { MediaStore } from '../storage/media.js';
import { loadOwnTask } from '../tasks/store.js';
import { SHOWCASE_UID, coverOf, posterOf } from './showcase.js';
import type { PublicUrl } from './urls.js';

export interface ExploreRow {
  id: number;
  user_id: string;
  task_id: string | null;
  title: string;
  media: 'video' | 'image' | 'audio';
  algorithm: string;
  module: string;
  prompt: string;
  settings: TaskField[] | string;
  file_path: string;
  thumbnail_path: string | null;
  width: number;
  height: number;
  duration: number;
  recommend: boolean;
  published: boolean;
  review: 'none' | 'pending' | 'cleared' | 'removed';
  likes: number;
  views: number;
  created_at: Date;
  author_nickname: string | null;
  author_first: string | null;
  author_last: string | null;
  author_avatar: string | null;
  liked?: boolean;
  engine?: TaskEngineInfo | string | null;
}

const SELECT = `SELECT e.*, u.nickname AS author_nickname, u.firstname AS author_first, u.lastname AS author_last, u.avatar AS author_avatar
  FROM explore_items e JOIN users u ON u.id = e.user_id`;
const SHOWN = `e.published AND e.review IN ('none', 'cleared')`;

export interface ListQuery {
  page: number;
  pageSize: number;
  media?: string;
  recommend?: boolean;
}

function authorName(row: ExploreRow): string {
  const full = [row.author_first, row.author_last].filter(Boolean).join(' ');
  return row.author_nickname || full || 'Studio user';
}

function toEntry(row: ExploreRow, caller: string | null, url: PublicUrl, figures?: { made_with: number }): ExploreEntry {
  const settings = typeof row.settings === 'string' ? (JSON.parse(row.settings) as TaskField[]) : row.settings;
  const own = caller !== null && row.user_id === caller;
  const thumb = row.thumbnail_path ? url(row.thumbnail_path) : '';
  const file = url(row.file_path);
  return {
    id: row.id,
    title: row.title,
    media: row.media,
    thumbnail: thumb,
    preview_url: row.media === 'image' ? file : file,
    url: file,
    recommend: row.recommend,
    extra_data: JSON.stringify({ width: row.width, height: row.height }),
    algorithm: row.algorithm,
    prompt: row.prompt,
    module: row.module,
    settings,
    author: { name: authorName(row), avatar: row.author_avatar ?? '', is_studio: row.user_id === SHOWCASE_UID },
    width: row.width,
    height: row.height,
    duration: Number(row.duration),
    likes: row.likes,
    liked: row.liked ? 1 : 0,
    is_own: own,
    published: row.published && (row.review === 'none' || row.review === 'cleared'),
    ...(own && figures ? { views: row.views, made_with: figures.made_with } : {}),
    created_at: Math.floor(new Date(row.created_at).getTime() / 1000),
    ...(row.engine ? { engine: typeof row.engine === 'string' ? (JSON.parse(row.engine) as TaskEngineInfo) : row.engine } : {}),
  };
}

/** a copy of a result that outlives the task, and its thumbnail */
async function copyResult(db: Database, media: MediaStore, uid: string, taskId: string, source: { file_path: string; media: 'image' | 'video' | 'audio'; mime: string; format: string; width?: number; height?: number; duration?: number }, title: string, algorithm: string) {
  const dir = path.join(os.tmpdir(), `studio-publish-${randomUUID()}`);
  await mkdir(dir, { recursive: true });
  try {
    const local = path.join(dir, `source.${source.format}`);
    await media.storage.downloadTo(source.file_path, local);
    const base = `explore/${uid}/${taskId}`;
    const filePath = `${base}${path.extname(source.file_path) || `.${source.format}`}`;
    await media.storage.putFile(filePath, local, { contentType: source.mime });
    const still = source.media === 'image' ? local : source.media === 'video' ? await posterOf(local) : await coverOf(title, path.join(dir, 'cover.png'));
    const thumbFile = path.join(dir, 'thumb.webp');
    const thumb = await sharp(still).resize({ width: 400, withoutEnlargement: true }).webp({ quality: 78 }).toFile(thumbFile);
    const thumbPath = `${base}-thumb.webp`;
    await media.storage.putFile(thumbPath, thumbFile, { contentType: 'image/webp' });
    const keep = new Date('2100-01-01T00:00:00Z');
    const { size } = await (await import('node:fs/promises')).stat(local);
    const common = { userId: uid, kind: 'result' as const, algorithm, taskId: null, expiresAt: keep };
    await media.record(db, { ...common, path: filePath, media: source.media, format: source.format, mime: source.mime, size, width: source.width ?? 0, height: source.height ?? 0, duration: source.duration ?? 0 });
    await media.record(db, { ...common, path: thumbPath, media: 'image', format: 'webp', mime: 'image/webp', size: thumb.size, width: thumb.width, height: thumb.height, duration: 0 });
    const meta = source.media === 'image' ? { width: source.width ?? thumb.width, height: source.height ?? thumb.height } : source.media === 'video' ? { width: source.width ?? 0, height: source.height ?? 0 } : { width: thumb.width, height: thumb.height };
    return { filePath, thumbPath, ...meta };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function listEntries(db: Database, url: PublicUrl, query: ListQuery, caller: string | null): Promise<Paginated<ExploreEntry>> {
  const where = [SHOWN];
  const params: unknown[] = [];
  if (query.media) {
    params.push(query.media);
    where.push(`e.media = $${params.length}`);
  }
  if (query.recommend) where.push('e.recommend');
  if (caller) {
    params.push(caller);
    where.push(`NOT EXISTS (SELECT 1 FROM explore_reports r WHERE r.explore_id = e.id AND r.user_id = $${params.length})`);
  }
  const filter = where.join(' AND ');
  const total = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM explore_items e WHERE ${filter}`, params);
  const likedBy = caller ? `EXISTS (SELECT 1 FROM explore_likes l WHERE l.explore_id = e.id AND l.user_id = $${params.indexOf(caller) + 1})` : 'false';
  const rows = await db.query<ExploreRow>(
    `SELECT e.*, u.nickname AS author_nickname, u.firstname AS author_first, u.lastname AS author_last, u.avatar AS author_avatar, ${likedBy} AS liked
     FROM explore_items e JOIN users u ON u.id = e.user_id WHERE ${filter}
     ORDER BY e.sort DESC, e.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, query.pageSize, (query.page - 1) * query.pageSize],
  );
  return { list: rows.rows.map((row) => toEntry(row, caller, url)), paginate: { total: Number(total.rows[0]?.n ?? 0) } };
}

/** once per user and item; past the threshold the item waits for review */
async function fileReport(db: Database, uid: string, id: number, reason: string, other: string): Promise<void> {
  if (!(REPORT_REASONS as readonly string[]).includes(reason) && reason !== ('Other' satisfies ReportReason)) throw fail.badRequest('Choose one of the report reasons');
  const text = other.trim();
  if (reason === 'Other' && !text) throw fail.badRequest('Please tell us why you are reporting this');
  await db.transaction(async (tx: Queryable) => {
    const item = await tx.query<{ user_id: string }>('SELECT user_id FROM explore_items WHERE id = $1 FOR UPDATE', [id]);
    if (!item.rows[0]) throw fail.notFound('No such explore item');
    if (item.rows[0].user_id === uid) throw fail.badRequest('You cannot report your own creation');
    const inserted = await tx.query(
      'INSERT INTO explore_reports (explore_id, user_id, reason, other) VALUES ($1, $2, $3, $4) ON CONFLICT (explore_id, user_id) DO NOTHING',
      [id, uid, reason, reason === 'Other' ? text : ''],
    );
    if (inserted.rowCount === 0) return;
    await tx.query(
      `UPDATE explore_items SET reports = reports + 1,
         review = CASE WHEN review = 'none' AND reports + 1 >= $2 THEN 'pending' ELSE review END
       WHERE id = $1`,
      [id, REPORT_HIDE_THRESHOLD],
    );
  });
}

export type ExploreService = ReturnType<typeof createExploreService>;

export function createExploreService(deps: { db: Database; media: MediaStore; url: PublicUrl }) {
  const { db, media, url } = deps;

  async function ownItem(uid: string, id: number): Promise<ExploreRow> {
    const found = await db.query<ExploreRow>(`${SELECT} WHERE e.id = $1 AND e.user_id = $2`, [id, uid]);
    if (!found.rows[0]) throw fail.notFound('No such explore item');
    return found.rows[0];
  }

  async function madeWith(id: number): Promise<number> {
    const result = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM tasks WHERE user_data->>'exploreId' = $1 AND deleted_at IS NULL`, [String(id)]);
    return Number(result.rows[0]?.n ?? 0);
  }

  const entry = (row: ExploreRow, caller: string | null, figures?: { made_with: number }) => toEntry(row, caller, url, figures);

  return {
    toEntry: entry,

    list: (query: ListQuery, caller: string | null) => listEntries(db, url, query, caller),

    /** the detail; a hidden, unpublished or reported-by-the-caller item is not found (except for its author) */
    async info(id: number, caller: string | null): Promise<ExploreEntry> {
      const found = await db.query<ExploreRow>(`${SELECT} WHERE e.id = $1`, [id]);
      const row = found.rows[0];
      const own = Boolean(row && caller && row.user_id === caller);
      if (!row || (!own && !(row.published && (row.review === 'none' || row.review === 'cleared')))) throw fail.notFound('No such explore item');
      if (caller && !own) {
        const reported = await db.query('SELECT 1 FROM explore_reports WHERE explore_id = $1 AND user_id = $2', [id, caller]);
        if (reported.rows.length) throw fail.notFound('No such explore item');
      }
      if (!own) await db.query('UPDATE explore_items SET views = views + 1 WHERE id = $1', [id]);
      const liked = caller ? (await db.query('SELECT 1 FROM explore_likes WHERE explore_id = $1 AND user_id = $2', [id, caller])).rows.length > 0 : false;
      return entry({ ...row, liked }, caller, own ? { made_with: await madeWith(id) } : undefined);
    },

    report: (uid: string, id: number, reason: string, other: string) => fileReport(db, uid, id, reason, other),

    async publish(caller: string, taskId: string, outputIndex: number, title: string | undefined): Promise<ExploreEntry> {
      const task = await loadOwnTask(db, caller, taskId);
      if (!task) throw fail.notFound('No such task');
      if (task.status !== 'success') throw new ApiFailure(409, API_CODES.CONFLICT, 'Only a finished result can be published');
      const output = task.outputs[outputIndex];
      if (!output) throw fail.notFound('No such result in that task');
      const prompt = typeof task.params.prompt === 'string' ? task.params.prompt : '';
      const name = (title ?? task.user_data.name ?? '').toString().trim().slice(0, 80) || prompt.slice(0, 60) || task.algorithm;
      const checked = checkText(`${name}\n${prompt}`);
      if (!checked.passed) throw new ApiFailure(422, API_CODES.NON_COMPLIANT, USER_TEXTS.NON_COMPLIANT, { flagged: checked.categories });
      const existing = await db.query<{ id: number; review: string }>('SELECT id, review FROM explore_items WHERE task_id = $1', [taskId]);
      if (existing.rows[0]) {
        if (existing.rows[0].review === 'removed') throw new ApiFailure(403, API_CODES.FORBIDDEN, 'This creation was removed after review');
        await db.query('UPDATE explore_items SET published = true, title = $2 WHERE id = $1', [existing.rows[0].id, name]);
        return this.info(existing.rows[0].id, caller);
      }
      const copy = await copyResult(db, media, caller, taskId, output, name, task.algorithm);
      const settings: TaskField[] = Object.entries(task.params)
        .filter(([, val]) => ['string', 'number', 'boolean'].includes(typeof val))
        .map(([field, val]) => ({ field, val: val as string | number | boolean }));
      const inserted = await db.query<{ id: number }>(
        `INSERT INTO explore_items (user_id, task_id, title, media, algorithm, module, prompt, settings, file_path, thumbnail_path, width, height,
           duration, sort, engine)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (task_id) DO UPDATE SET published = true RETURNING id`,
        [caller, taskId, name, output.media, task.algorithm, task.module || task.user_data.module || '', prompt, JSON.stringify(settings), copy.filePath,
          copy.thumbPath, copy.width, copy.height, output.duration ?? 0, Math.floor(Date.now() / 1000), task.engine ? JSON.stringify(task.engine) : null],
      );
      return this.info(inserted.rows[0].id, caller);
    },

    async unpublish(caller: string, id: number): Promise<void> {
      await ownItem(caller, id);
      await db.query('UPDATE explore_items SET published = false WHERE id = $1', [id]);
    },

    async like(caller: string, id: number, like: LikeValue): Promise<{ likes: number; liked: LikeValue }> {
      return db.transaction(async (tx) => {
        const item = await tx.query('SELECT 1 FROM explore_items WHERE id = $1 FOR UPDATE', [id]);
        if (!item.rows[0]) throw fail.notFound('No such explore item');
        const changed =
          like === 1
            ? await tx.query('INSERT INTO explore_likes (explore_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [id, caller])
            : await tx.query('DELETE FROM explore_likes WHERE explore_id = $1 AND user_id = $2', [id, caller]);
        const delta = changed.rowCount > 0 ? (like === 1 ? 1 : -1) : 0;
        const after = await tx.query<{ likes: number }>('UPDATE explore_items SET likes = GREATEST(likes + $2, 0) WHERE id = $1 RETURNING likes', [id, delta]);
        return { likes: after.rows[0].likes, liked: like === 1 ? 1 : 0 };
      });
    },

    async state(caller: string, taskIds: string[]): Promise<ExploreTaskState[]> {
      const ids = taskIds.filter((id) => /^[0-9a-f-]{36}$/i.test(id));
      if (!ids.length) return [];
      const rows = await db.query<{ task_id: string; id: number; published: boolean; review: string }>(
        'SELECT task_id, id, published, review FROM explore_items WHERE user_id = $1 AND task_id = ANY($2::uuid[])',
        [caller, ids],
      );
      return rows.rows
        .filter((row) => row.published)
        .map((row) => ({ task_id: row.task_id, explore_id: row.id, published: row.review === 'none' || row.review === 'cleared', under_review: row.review === 'pending' }));
    },
  };
}
