/**
 * Video slots: a user's video runs are handed to the queue while fewer than the plan's number are out
 * (Free 1, Standard 3, Premium 5); the others wait as queued (dispatched_at NULL) and are admitted when
 * one ends. A per-user advisory lock serialises admissions and the usage counters.
 */
import type { Queryable } from '@studio/db';
import type { MemberLevel } from '../../auth.js';
import type { Lane } from '../algorithms/catalog.js';
import type { ServiceCore } from './service-types.js';

async function currentLevel(q: Queryable, uid: string, at: Date): Promise<MemberLevel> {
  const result = await q.query<{ level: 'standard' | 'premium' }>(
    `SELECT level FROM subscriptions WHERE user_id = $1 AND started_at <= $2 AND expires_at > $2 ORDER BY (level = 'premium') DESC LIMIT 1`,
    [uid, at],
  );
  return result.rows[0]?.level ?? 'free';
}

/** The user's advisory lock, held to the end of the transaction. */
export async function lockUser(tx: Queryable, uid: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tasks:${uid}`]);
}

/** Hands waiting video runs of a user to the queue while slots are free (in the caller's transaction). Answers how many. */
export async function admitIn(core: Pick<ServiceCore, 'queue' | 'rules'>, tx: Queryable, uid: string, level: MemberLevel): Promise<number> {
  const running = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM tasks WHERE user_id = $1 AND lane = 'video'
       AND ((status = 'queued' AND dispatched_at IS NOT NULL) OR status = 'generating')`,
    [uid],
  );
  const free = core.rules.videosAtOnce[level] - Number(running.rows[0]?.n ?? 0);
  if (free <= 0) return 0;
  const waiting = await tx.query<{ id: string; run_id: string; priority: number }>(
    `SELECT id, run_id, priority FROM tasks WHERE user_id = $1 AND lane = 'video' AND status = 'queued' AND dispatched_at IS NULL
     ORDER BY queued_at, id LIMIT $2`,
    [uid, free],
  );
  for (const row of waiting.rows) await core.queue.dispatch(tx, { id: row.id, runId: row.run_id, lane: 'video', priority: row.priority });
  return waiting.rows.length;
}

/** Admits a user's waiting video runs in a transaction of its own and wakes the video workers. */
export async function admitWaiting(core: Pick<ServiceCore, 'db' | 'queue' | 'rules' | 'clock'>, uid: string): Promise<number> {
  const level = await currentLevel(core.db, uid, core.clock());
  const admitted = await core.db.transaction(async (tx) => {
    await lockUser(tx, uid);
    return admitIn(core, tx, uid, level);
  });
  core.queue.signal(Array<Lane>(admitted).fill('video'));
  return admitted;
}
