/**
 * The sweeps that keep tasks, credits and storage honest when something dies or time passes:
 * - a run whose heartbeat stopped (its worker died) is handed to the queue again with a new run id, or,
 *   after maxAttempts, failed with its credits released;
 * - a queued run whose job no live lane takes (stalls.ts) gets its job sent again, same run, same hold;
 * - a run queued longer than queuedTimeoutMs is failed and released ('Generation failed, please try again later.');
 * - waiting video runs are admitted when a slot is free (a safety net for a process that died between
 *   ending a run and admitting the next);
 * - results past their 7 days: files removed, the task marked expired; uploads past 7 days removed;
 * - a task hold whose task row never got written (a crash between hold and insert) is released.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '@studio/db';
import type { Ledger } from '../credits/ledger.js';
import { HoldStateError } from '../credits/ledger.js';
import type { MediaStore } from '../storage/media.js';
import type { TaskQueue } from './queue.js';
import type { TaskService } from './service.js';
import { findStalled, resend } from './stalls.js';
import { normaliseRow, type TaskRow } from './store.js';

interface SweepConfig {
  staleMs: number;
  maxAttempts: number;
  queuedTimeoutMs: number;
  /** orphaned task holds older than this are released */
  orphanHoldMs: number;
  /** stalled runs (stalls.ts): sent this long ago and passed over by a live lane since; 0 = no check */
  stallMs: number;
  liveWorkerMs: number;
}

export interface SweepReport {
  requeued: number;
  /** stalled runs whose job was sent again */
  resent: number;
  failed: number;
  timedOut: number;
  admitted: number;
  expired: number;
  uploadsRemoved: number;
  holdsReleased: number;
}

export interface SweeperDeps {
  db: Database;
  ledger: Ledger;
  media: MediaStore;
  queue: TaskQueue;
  service: TaskService;
  config: SweepConfig;
  now?: () => Date;
}

export function createSweeper(deps: SweeperDeps) {
  const { db, ledger, media, queue, service, config } = deps;
  const clock = deps.now ?? (() => new Date());

  /** Puts a run back in the queue under a new run id (the old one, if alive, stops at its next heartbeat). */
  async function requeue(row: TaskRow, condition: 'stale' | 'stopping'): Promise<boolean> {
    const runId = randomUUID();
    const at = clock();
    const requeued = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`tasks:${row.user_id}`]);
      const updated = await tx.query(
        `UPDATE tasks SET status = 'queued', run_id = $3, progress = NULL, job_id = NULL, dispatched_at = NULL, queued_at = $4,
           started_at = NULL, heartbeat_at = NULL
         WHERE id = $1 AND run_id = $2 AND status = 'generating'
           ${condition === 'stale' ? 'AND (heartbeat_at IS NULL OR heartbeat_at < $5)' : ''}`,
        condition === 'stale' ? [row.id, row.run_id, runId, at, new Date(at.getTime() - config.staleMs)] : [row.id, row.run_id, runId, at],
      );
      if (updated.rowCount === 0) return false;
      if (row.lane !== 'video' && row.lane !== 'inline') {
        await queue.dispatch(tx, { id: row.id, runId, lane: row.lane, priority: row.priority });
      }
      return true;
    });
    if (!requeued) return false;
    if (row.job_id && row.lane !== 'inline') await queue.drop(row.lane, row.job_id);
    if (row.lane === 'video') await service.admitWaiting(row.user_id);
    else if (row.lane !== 'inline') queue.signal([row.lane]);
    return true;
  }

  async function sweep(): Promise<SweepReport> {
    const at = clock();
    const report: SweepReport = { requeued: 0, resent: 0, failed: 0, timedOut: 0, admitted: 0, expired: 0, uploadsRemoved: 0, holdsReleased: 0 };

    const stale = await db.query<TaskRow>(
      `SELECT * FROM tasks WHERE status = 'generating' AND (heartbeat_at IS NULL OR heartbeat_at < $1)`,
      [new Date(at.getTime() - config.staleMs)],
    );
    for (const raw of stale.rows) {
      const row = normaliseRow(raw);
      if (row.attempts < config.maxAttempts && !row.deleted_at) {
        if (await requeue(row, 'stale')) report.requeued += 1;
      } else if (await service.endRun(row, 'failure', service.failureReasonFor(row))) {
        report.failed += 1;
      }
    }

    if (config.stallMs > 0) {
      for (const row of await findStalled(db, config)) if (await resend(db, queue, row)) report.resent += 1;
    }

    const old = await db.query<TaskRow>(`SELECT * FROM tasks WHERE status = 'queued' AND queued_at < $1`, [
      new Date(at.getTime() - config.queuedTimeoutMs),
    ]);
    for (const raw of old.rows) {
      const row = normaliseRow(raw);
      if (await service.endRun(row, 'failure', service.failureReasonFor(row))) report.timedOut += 1;
    }

    const waiting = await db.query<{ user_id: string }>(
      `SELECT DISTINCT user_id FROM tasks WHERE status = 'queued' AND lane = 'video' AND dispatched_at IS NULL`,
    );
    for (const { user_id } of waiting.rows) report.admitted += await service.admitWaiting(user_id);

    const due = await db.query<{ id: string }>(`SELECT id FROM tasks WHERE status = 'success' AND expire_at <= $1`, [at]);
    for (const { id } of due.rows) {
      const files = await db.query<{ path: string }>('SELECT path FROM media_objects WHERE task_id = $1 AND deleted_at IS NULL', [id]);
      await media.remove(files.rows.map((f) => f.path));
      const updated = await db.query(`UPDATE tasks SET status = 'expired', outputs = '[]' WHERE id = $1 AND status = 'success'`, [id]);
      report.expired += updated.rowCount;
    }

    const uploads = await db.query<{ path: string }>(
      `SELECT path FROM media_objects WHERE kind = 'upload' AND deleted_at IS NULL AND expires_at <= $1 LIMIT 1000`,
      [at],
    );
    report.uploadsRemoved = await media.remove(uploads.rows.map((u) => u.path));

    const orphans = await db.query<{ id: string }>(
      `SELECT h.id FROM credit_holds h WHERE h.status = 'held' AND h.idempotency_key LIKE 'task:%' AND h.created_at < $1
         AND NOT EXISTS (SELECT 1 FROM tasks t WHERE t.id::text = h.reference)`,
      [new Date(at.getTime() - config.orphanHoldMs)],
    );
    for (const { id } of orphans.rows) {
      try {
        await ledger.release(id);
        report.holdsReleased += 1;
      } catch (error) {
        if (!(error instanceof HoldStateError)) throw error;
      }
    }
    // lanes of workers gone for a day are history nobody reads
    await db.query(`DELETE FROM task_worker_lanes WHERE seen_at < now() - interval '1 day'`);
    return report;
  }

  return { sweep, requeue };
}

export type Sweeper = ReturnType<typeof createSweeper>;
