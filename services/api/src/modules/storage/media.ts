/**
 * Stored media in the database (media_objects) and the signed links to it. One MediaStore is shared by
 * the storage routes, the task routes and the worker.
 */
import { TASK_RESULT_DAYS, type MediaInfo } from 'shared-contracts';
import type { Database, Queryable } from '@studio/db';
import type { MemberLevel } from '../../auth.js';
import type { StorageAdapter } from './adapter.js';
import type { Signer } from './signing.js';
import { statementValues, type Placeholder } from '../../sql-params.js';

type MediaKindName = 'image' | 'video' | 'audio';
type ObjectKind = 'upload' | 'result' | 'original';

export interface MediaObject {
  path: string;
  userId: string;
  kind: ObjectKind;
  media: MediaKindName;
  format: string;
  mime: string;
  size: number;
  width: number;
  height: number;
  duration: number;
  algorithm: string;
  taskId: string | null;
  createdAt: Date;
  expiresAt: Date;
}

interface ObjectRow {
  path: string;
  user_id: string;
  kind: ObjectKind;
  media: MediaKindName;
  format: string;
  mime: string;
  size: number | string;
  width: number;
  height: number;
  duration: number;
  algorithm: string;
  task_id: string | null;
  created_at: Date;
  expires_at: Date;
}

function fromRow(row: ObjectRow): MediaObject {
  return {
    path: row.path,
    userId: row.user_id,
    kind: row.kind,
    media: row.media,
    format: row.format,
    mime: row.mime,
    size: Number(row.size),
    width: row.width,
    height: row.height,
    duration: Number(row.duration),
    algorithm: row.algorithm,
    taskId: row.task_id,
    createdAt: new Date(row.created_at),
    expiresAt: new Date(row.expires_at),
  };
}

const RETENTION_MS = TASK_RESULT_DAYS * 24 * 60 * 60 * 1000;

/** an object as recorded: its times default to now and the retention after it */
export type NewMediaObject = Omit<MediaObject, 'createdAt' | 'expiresAt'> & { createdAt?: Date; expiresAt?: Date };

const COLUMN_TYPES =
  'path text, user_id uuid, kind text, media text, format text, mime text, size bigint, width integer, height integer, duration float8, algorithm text, task_id uuid, created_at timestamptz, expires_at timestamptz';
const COLUMNS = COLUMN_TYPES.replace(/ [a-z0-9]+(,|$)/g, '$1');

export interface MediaStoreOptions {
  db: Database;
  storage: StorageAdapter;
  signer: Signer;
  signTtlSeconds: number;
  quotaBytes: Record<MemberLevel, number>;
  now?: () => Date;
}

interface SignedLinkOptions {
  attachment?: boolean;
  /** the file name offered for downloads */
  filename?: string;
}

export function uploadKey(uid: string, id: string, at: Date): string {
  const day = at.toISOString().slice(0, 10).replace(/-/g, '');
  return `users/${uid}/uploads/${day}/${id}`;
}

export function ownerOfKey(key: string): string | null {
  const match = /^users\/([0-9a-f-]{36})\//i.exec(key);
  return match ? match[1].toLowerCase() : null;
}

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg' };
export function extensionOf(format: string): string {
  return EXTENSIONS[format] ?? format;
}

export interface MediaStore {
  readonly storage: StorageAdapter;
  readonly signer: Signer;
  record(q: Queryable, object: NewMediaObject): Promise<boolean>;
  /**
   * The insert of these objects (an existing path is left as it is) as SQL for a CTE of a caller's
   * statement, inserting only while `when` (SQL) holds: the worker records a run's outputs in the
   * statement that settles the run (tasks/settle.ts)
   */
  recordSql(p: Placeholder, objects: NewMediaObject[], when?: string): string;
  get(path: string): Promise<MediaObject | null>;
  /** the caller's own live object (never an unwatermarked original), else null */
  owned(uid: string, path: string): Promise<MediaObject | null>;
  usage(uid: string): Promise<number>;
  quota(level: MemberLevel): number;
  /** a relative URI under /v1/common/oss/file/ valid for signTtlSeconds */
  signedUri(object: Pick<MediaObject, 'path'>, options?: SignedLinkOptions): string;
  /** checks a file link's signature and expiry */
  verifyFileLink(path: string, query: { exp?: string; d?: string; n?: string; sig?: string }): 'ok' | 'expired' | 'invalid';
  info(object: MediaObject): MediaInfo;
  /** removes the files and marks the rows deleted */
  remove(paths: string[]): Promise<number>;
}

export function createMediaStore(options: MediaStoreOptions): MediaStore {
  const { db, storage, signer } = options;
  const clock = options.now ?? (() => new Date());

  const recordSql: MediaStore['recordSql'] = (p, objects, when = 'TRUE') => {
    const rows = objects.map((object) => {
      const createdAt = object.createdAt ?? clock();
      return {
        path: object.path,
        user_id: object.userId,
        kind: object.kind,
        media: object.media,
        format: object.format,
        mime: object.mime,
        size: object.size,
        width: Math.round(object.width),
        height: Math.round(object.height),
        duration: object.duration,
        algorithm: object.algorithm,
        task_id: object.taskId,
        created_at: createdAt.toISOString(),
        expires_at: (object.expiresAt ?? new Date(createdAt.getTime() + RETENTION_MS)).toISOString(),
      };
    });
    return `INSERT INTO media_objects (${COLUMNS})
      SELECT ${COLUMNS} FROM jsonb_to_recordset(${p(JSON.stringify(rows))}::jsonb) AS r(${COLUMN_TYPES})
      WHERE ${when}
      ON CONFLICT (path) DO NOTHING`;
  };

  return {
    storage,
    signer,

    recordSql,

    async record(q, object) {
      const { values, p } = statementValues();
      const inserted = await q.query(recordSql(p, [object]), values);
      return inserted.rowCount > 0;
    },

    async get(path) {
      const result = await db.query<ObjectRow>('SELECT * FROM media_objects WHERE path = $1 AND deleted_at IS NULL', [path]);
      return result.rows[0] ? fromRow(result.rows[0]) : null;
    },

    async owned(uid, path) {
      const result = await db.query<ObjectRow>(
        `SELECT * FROM media_objects WHERE path = $1 AND user_id = $2 AND deleted_at IS NULL AND kind <> 'original'`,
        [path, uid],
      );
      return result.rows[0] ? fromRow(result.rows[0]) : null;
    },

    async usage(uid) {
      const result = await db.query<{ bytes: number | string }>(
        // the unwatermarked originals kept for a later paid download do not count: the user cannot see them
        `SELECT COALESCE(SUM(size), 0)::bigint AS bytes FROM media_objects WHERE user_id = $1 AND deleted_at IS NULL AND kind <> 'original'`,
        [uid],
      );
      return Number(result.rows[0]?.bytes ?? 0);
    },

    quota(level) {
      return options.quotaBytes[level];
    },

    signedUri(object, linkOptions = {}) {
      const exp = Math.floor(clock().getTime() / 1000) + options.signTtlSeconds;
      const d = linkOptions.attachment ? 'a' : 'i';
      const n = (linkOptions.filename ?? '').replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
      const sig = signer.sign(['file', object.path, exp, d, n]);
      const query = new URLSearchParams({ exp: String(exp), d, ...(n ? { n } : {}), sig });
      return `/v1/common/oss/file/${object.path}?${query.toString()}`;
    },

    verifyFileLink(path, query) {
      const exp = Number(query.exp);
      const d = query.d === 'a' ? 'a' : 'i';
      if (!query.sig || !Number.isInteger(exp)) return 'invalid';
      if (!signer.verify(['file', path, exp, d, query.n ?? ''], query.sig)) return 'invalid';
      if (exp * 1000 < clock().getTime()) return 'expired';
      return 'ok';
    },

    info(object) {
      return { width: object.width, height: object.height, duration: object.duration, format: object.format, size: object.size };
    },

    async remove(paths) {
      let removed = 0;
      for (const path of paths) {
        await storage.delete(path);
        const result = await db.query('UPDATE media_objects SET deleted_at = $2 WHERE path = $1 AND deleted_at IS NULL', [path, clock()]);
        removed += result.rowCount;
      }
      return removed;
    },
  };
}
