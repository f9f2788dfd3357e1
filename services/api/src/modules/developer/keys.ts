/**
 * Personal API keys: `sk_studio_<43 base64url chars>` (32 random bytes). Stored as the SHA-256 of the whole
 * key: with 256 bits of entropy there is nothing for a slow hash to protect against, and a lookup stays one
 * index probe. A key acts as its owner (plan, credits, limits) on the generation, task, upload and library
 * calls only; anything else (billing, account, key management) is refused with 403, and a revoked or
 * unknown key is 401, both in the envelope. Each key has its own rate limit (requests per minute, counted
 * by the one rate counter, `@studio/db/rate-counter`) and an optional daily credit cap checked in the
 * transaction that holds the credits.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Database, Queryable } from '@studio/db';
import { rateCounter } from '@studio/db/rate-counter';
import { API_CODES, API_KEY_PREFIX, type ApiKeyItem } from 'shared-contracts';
import type { AuthUser, MemberLevel } from '../../auth.js';
import { ApiFailure, fail } from '../../http.js';
import type { DeveloperConfig } from './config.js';


/**
 * The calls a key may make (route patterns as Fastify registers them): generation (create, cost, workflow,
 * prompt helpers), tasks (result, list, retry, cancel, delete, notes) and uploads and the library's files.
 */
const KEY_ROUTES: ReadonlySet<string> = new Set([
  '/v1/ai/create/:algorithm',
  '/v1/ai/cost/:algorithm',
  '/v1/workflow/direct',
  '/v1/ai/prompt/polish',
  '/v1/ai/prompt/img2prompt',
  '/v1/ai/result/:kind/:id',
  '/v1/ai/result/batch',
  '/v1/ai/task',
  '/v1/ai/del/:id',
  '/v1/ai/retry',
  '/v1/ai/cancel/:id',
  '/v1/ai/task/data_save',
  '/v1/common/oss/token',
  '/v1/common/oss/sign',
  '/v1/common/oss/mediainfo',
]);

function isApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

function hashKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

function newKey(): { key: string; prefix: string; hash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, API_KEY_PREFIX.length + 6), hash: hashKey(key) };
}

interface KeyRow {
  id: string;
  user_id: string;
  name: string;
  prefix: string;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  daily_cap: number | null;
  spent_today?: number;
}

const seconds = (date: Date | string | null) => (date ? Math.floor(new Date(date).getTime() / 1000) : 0);

export function dayStart(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
}

function toKeyItem(row: KeyRow): ApiKeyItem {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: seconds(row.created_at),
    last_used_at: seconds(row.last_used_at),
    revoked_at: seconds(row.revoked_at),
    daily_cap: row.daily_cap === null ? null : Number(row.daily_cap),
    spent_today: Number(row.spent_today ?? 0),
  };
}

/** Credits a key has held or spent since the day began (credits given back do not count). */
const SPENT_TODAY = `(SELECT COALESCE(SUM(s.amount), 0)::int FROM api_key_spends s JOIN credit_holds h ON h.id = s.hold_id
   WHERE s.key_id = k.id AND s.created_at >= $DAY AND h.status IN ('held', 'committed'))`;

export async function listKeys(db: Queryable, userId: string, at: Date): Promise<ApiKeyItem[]> {
  const rows = await db.query<KeyRow>(
    `SELECT k.*, ${SPENT_TODAY.replace('$DAY', '$2')} AS spent_today FROM api_keys k WHERE k.user_id = $1 ORDER BY k.created_at DESC`,
    [userId, dayStart(at)],
  );
  return rows.rows.map(toKeyItem);
}

async function loadKey(db: Queryable, userId: string, id: string, at: Date): Promise<ApiKeyItem> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw fail.notFound('No such key');
  const rows = await db.query<KeyRow>(
    `SELECT k.*, ${SPENT_TODAY.replace('$DAY', '$3')} AS spent_today FROM api_keys k WHERE k.id = $1 AND k.user_id = $2`,
    [id, userId, dayStart(at)],
  );
  if (!rows.rows[0]) throw fail.notFound('No such key');
  return toKeyItem(rows.rows[0]);
}

const MAX_KEYS = 20;

function checkCap(cap: number | null | undefined): number | null {
  if (cap === null || cap === undefined) return null;
  if (!Number.isInteger(cap) || cap < 0 || cap > 10_000_000) throw fail.badRequest('The daily cap is a whole number of credits, 0 or more');
  return cap;
}

export async function createKey(db: Database, userId: string, input: { name: string; daily_cap?: number | null }, at: Date) {
  const name = input.name.trim();
  if (!name || name.length > 60) throw fail.badRequest('Name the key (1 to 60 characters)');
  const cap = checkCap(input.daily_cap);
  const count = await db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM api_keys WHERE user_id = $1 AND revoked_at IS NULL', [userId]);
  if (Number(count.rows[0]?.n ?? 0) >= MAX_KEYS) throw fail.badRequest(`At most ${MAX_KEYS} keys at a time: revoke one first`);
  const made = newKey();
  const id = randomUUID();
  await db.query(
    'INSERT INTO api_keys (id, user_id, name, prefix, key_hash, daily_cap, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [id, userId, name, made.prefix, made.hash, cap, at],
  );
  return { ...(await loadKey(db, userId, id, at)), key: made.key };
}

export async function revokeKey(db: Queryable, userId: string, id: string, at: Date): Promise<ApiKeyItem> {
  await loadKey(db, userId, id, at);
  await db.query('UPDATE api_keys SET revoked_at = $3 WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL', [id, userId, at]);
  return loadKey(db, userId, id, at);
}

export async function setCap(db: Queryable, userId: string, id: string, cap: number | null, at: Date): Promise<ApiKeyItem> {
  await loadKey(db, userId, id, at);
  await db.query('UPDATE api_keys SET daily_cap = $3 WHERE id = $1 AND user_id = $2', [id, userId, checkCap(cap)]);
  return loadKey(db, userId, id, at);
}

interface KeyAuthRow {
  id: string;
  name: string;
  revoked_at: Date | null;
  last_used_at: Date | null;
  uid: string | null;
  ws_id: string | null;
  country: string | null;
  level: MemberLevel | null;
}

export interface KeyAuthenticator {
  isKey(token: string): boolean;
  /** the key's owner as the caller; throws 403 (a call keys may not make), 401 (revoked, unknown) or 429 */
  authenticate(request: FastifyRequest, token: string): Promise<AuthUser>;
}

export function createKeyAuthenticator(db: Database, config: DeveloperConfig, clock: () => Date = () => new Date()): KeyAuthenticator {
  return {
    isKey: isApiKey,
    async authenticate(request, token) {
      const route = request.routeOptions?.url ?? '';
      if (!KEY_ROUTES.has(route)) {
        throw new ApiFailure(403, API_CODES.FORBIDDEN, 'API keys may only call the generation, task, upload and library endpoints; sign in for this one');
      }
      const now = clock();
      const result = await db.query<KeyAuthRow>(
        `SELECT k.id, k.name, k.revoked_at, k.last_used_at, u.id AS uid, u.ws_id, u.country,
           (SELECT m.level FROM subscriptions m WHERE m.user_id = k.user_id AND m.started_at <= $2 AND m.expires_at > $2
              ORDER BY (m.level = 'premium') DESC LIMIT 1) AS level
         FROM api_keys k LEFT JOIN users u ON u.id = k.user_id WHERE k.key_hash = $1`,
        [hashKey(token), now],
      );
      const row = result.rows[0];
      // unknown and revoked keys read the same: nothing tells a guesser which keys existed
      if (!row || !row.uid || row.revoked_at) throw fail.unauthorized('This API key is not valid (unknown or revoked)');
      const hit = await rateCounter(db, () => now.getTime()).take(`apikey:${row.id}`, 60_000);
      if (hit.count > config.keyRequestsPerMinute) {
        const wait = Math.max(1, Math.ceil((hit.resetAt - now.getTime()) / 1000));
        throw new ApiFailure(429, API_CODES.TOO_MANY_REQUESTS, `This API key made too many requests; try again in ${wait} s`, { retry_after: wait });
      }
      // last use is kept to the minute: one write per key per minute at most
      if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() > 60_000) {
        await db.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1', [row.id, now]);
      }
      return {
        uid: row.uid,
        sessionId: '',
        wsId: row.ws_id ?? '',
        level: row.level ?? 'free',
        country: row.country ?? '',
        jwt: '',
        sessionIsNew: false,
        apiKey: { id: row.id, name: row.name },
      };
    },
  };
}

/**
 * Records a hold taken through a key and enforces the key's daily cap, in the transaction of the hold.
 * The key's row is locked (FOR UPDATE) first, so concurrent creates through one key are counted one after
 * another and the cap cannot be overrun however many arrive at once.
 */
export async function chargeKey(tx: Queryable, input: { keyId: string; userId: string; holdId: string; taskId: string; amount: number; at: Date }): Promise<void> {
  const locked = await tx.query<{ daily_cap: number | null; revoked_at: Date | null }>(
    'SELECT daily_cap, revoked_at FROM api_keys WHERE id = $1 FOR UPDATE',
    [input.keyId],
  );
  const key = locked.rows[0];
  if (!key || key.revoked_at) throw fail.unauthorized('This API key is not valid (unknown or revoked)');
  if (key.daily_cap !== null) {
    const spent = await tx.query<{ spent: number }>(
      `SELECT COALESCE(SUM(s.amount), 0)::int AS spent FROM api_key_spends s JOIN credit_holds h ON h.id = s.hold_id
       WHERE s.key_id = $1 AND s.created_at >= $2 AND h.status IN ('held', 'committed')`,
      [input.keyId, dayStart(input.at)],
    );
    const used = Number(spent.rows[0]?.spent ?? 0);
    if (used + input.amount > Number(key.daily_cap)) {
      throw new ApiFailure(
        429,
        API_CODES.DAILY_LIMIT,
        `This API key's daily cap is ${key.daily_cap} credits and it has used ${used} today; raise the cap in the account center or try again tomorrow`,
        { daily_cap: Number(key.daily_cap), spent_today: used },
      );
    }
  }
  await tx.query('INSERT INTO api_key_spends (hold_id, key_id, user_id, task_id, amount, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    input.holdId,
    input.keyId,
    input.userId,
    input.taskId,
    input.amount,
    input.at,
  ]);
}

/** The hold's line in Credit Transactions names the key it was spent through. */
export function detailsThroughKey(details: string, keyName: string | undefined): string {
  return keyName ? `${details} · API key "${keyName}"` : details;
}
