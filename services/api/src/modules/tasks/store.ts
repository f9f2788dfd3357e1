/** Task rows and the Task of the contract (with signed output links and the queue position). */
import type { Queryable } from '@studio/db';
import type { Task, TaskEngineInfo, TaskOutput, TaskResultData, TaskStatus, TaskUserData } from 'shared-contracts';
import type { MediaStore } from '../storage/media.js';
import type { Lane } from '../algorithms/catalog.js';
import type { UsageClaim } from './pricing.js';

/** An output as stored: the public file, and for free-plan results the private unwatermarked original. */
export interface StoredOutput {
  file_path: string;
  original_path?: string;
  media: 'image' | 'video' | 'audio';
  mime: string;
  format: string;
  width?: number;
  height?: number;
  duration?: number;
  engine: string;
  watermarked: boolean;
}

export interface TaskRow {
  id: string;
  user_id: string;
  algorithm: string;
  engine_algorithm: string;
  lane: Lane | 'inline';
  status: TaskStatus;
  progress: number | null;
  reason: string | null;
  /** false when the engine said retrying cannot help */
  retryable: boolean;
  params: Record<string, unknown>;
  inputs: string[];
  file_path: string | null;
  user_data: TaskUserData;
  prev_task: string | null;
  module: string;
  is_workflow: boolean;
  outputs: StoredOutput[];
  result_data: TaskResultData | null;
  engine: TaskEngineInfo | null;
  cost: number;
  cost_basis: string;
  hold_id: string | null;
  usage: UsageClaim[];
  plan: string;
  priority: number;
  watermark: boolean;
  run_id: string;
  job_id: string | null;
  dispatched_at: Date | null;
  attempts: number;
  runs: number;
  queued_at: Date;
  started_at: Date | null;
  heartbeat_at: Date | null;
  finished_at: Date | null;
  expire_at: Date | null;
  created_at: Date;
  deleted_at: Date | null;
  queue_position?: number | null;
  /** while queued: mean run seconds of this algorithm's recent successes (null: none measured) */
  avg_run_seconds?: number | null;
  /** while queued: how long each run of its lane generating now has been at it, in seconds (the capacity seen at work) */
  lane_elapsed?: number[] | null;
}

function json<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as T;
    } catch {
      return fallback;
    }
  }
  return value as T;
}

/** Normalises a row as either driver answers it (jsonb may come as text). */
export function normaliseRow(row: TaskRow): TaskRow {
  return {
    ...row,
    params: json(row.params, {}),
    user_data: json(row.user_data, { module: '' } as TaskUserData),
    outputs: json(row.outputs, []),
    result_data: json(row.result_data, null),
    engine: json(row.engine, null),
    usage: json(row.usage, []),
    inputs: row.inputs ?? [],
    queue_position: row.queue_position === undefined || row.queue_position === null ? null : Number(row.queue_position),
    avg_run_seconds: row.avg_run_seconds === undefined || row.avg_run_seconds === null ? null : Number(row.avg_run_seconds),
    lane_elapsed: Array.isArray(row.lane_elapsed) ? row.lane_elapsed.map(Number).filter(Number.isFinite) : null,
  };
}

/** Selects tasks with their queue position (1 = next to start in its lane). */
export const TASK_SELECT = `
  SELECT t.*,
    CASE WHEN t.status <> 'queued' THEN NULL
      WHEN t.dispatched_at IS NOT NULL THEN 1 + (
        SELECT count(*) FROM tasks o WHERE o.status = 'queued' AND o.lane = t.lane AND o.dispatched_at IS NOT NULL
          AND (o.priority > t.priority OR (o.priority = t.priority AND o.dispatched_at < t.dispatched_at)))
      ELSE 1 + (
        SELECT count(*) FROM tasks o WHERE o.status = 'queued' AND o.lane = t.lane AND o.dispatched_at IS NOT NULL)
        + (SELECT count(*) FROM tasks o WHERE o.status = 'queued' AND o.lane = t.lane AND o.user_id = t.user_id
             AND o.dispatched_at IS NULL AND o.queued_at < t.queued_at)
    END::int AS queue_position,
    CASE WHEN t.status = 'queued' THEN (
      SELECT avg(EXTRACT(EPOCH FROM (f.finished_at - f.started_at))) FROM (
        SELECT finished_at, started_at FROM tasks WHERE engine_algorithm = t.engine_algorithm AND status = 'success'
          AND started_at IS NOT NULL AND finished_at IS NOT NULL ORDER BY finished_at DESC LIMIT 20) f)
    END AS avg_run_seconds,
    CASE WHEN t.status = 'queued' THEN (
      SELECT array_agg(EXTRACT(EPOCH FROM (now() - g.started_at))::float8) FROM tasks g
        WHERE g.lane = t.lane AND g.status = 'generating' AND g.started_at IS NOT NULL)
    END AS lane_elapsed
  FROM tasks t`;

export async function loadTask(q: Queryable, id: string): Promise<TaskRow | null> {
  const result = await q.query<TaskRow>(`${TASK_SELECT} WHERE t.id = $1`, [id]);
  return result.rows[0] ? normaliseRow(result.rows[0]) : null;
}

/** The caller's own task (not deleted), else null: another user's id looks exactly like a missing one. */
export async function loadOwnTask(q: Queryable, uid: string, id: string): Promise<TaskRow | null> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const result = await q.query<TaskRow>(`${TASK_SELECT} WHERE t.id = $1 AND t.user_id = $2 AND t.deleted_at IS NULL`, [id, uid]);
  return result.rows[0] ? normaliseRow(result.rows[0]) : null;
}

const seconds = (date: Date | null) => (date ? Math.floor(new Date(date).getTime() / 1000) : null);

/**
 * Seconds until a queued task is likely done, from the measured mean run of its algorithm: its lane runs as
 * many at once as it runs now; each run in progress frees its slot after what is left of the mean (what it
 * has been at it counts, so the figure falls as the wait goes on); the task takes the slot its position
 * reaches (position 1 the first to free, position 2 the next, ...; beyond the slots, one whole run more per
 * round), then runs for the mean itself. Null when nothing was measured yet.
 */
export function queueEstimate(position: number | null, avgRunSeconds: number | null, laneElapsed: readonly number[] | null): number | null {
  if (!position || !avgRunSeconds || !Number.isFinite(avgRunSeconds)) return null;
  const left = (laneElapsed ?? []).map((elapsed) => Math.max(0, avgRunSeconds - elapsed)).sort((a, b) => a - b);
  const atOnce = Math.max(1, left.length);
  const ahead = position - 1;
  const slotFree = (left[ahead % atOnce] ?? 0) + Math.floor(ahead / atOnce) * avgRunSeconds;
  return Math.round(slotFree + avgRunSeconds);
}

export function toTask(row: TaskRow, media: MediaStore, options: { attachment?: boolean } = {}): Task {
  const live = row.status === 'success';
  const outputs: TaskOutput[] = live
    ? row.outputs.map((output) => ({
        file_path: output.file_path,
        url: media.signedUri({ path: output.file_path }, options.attachment ? { attachment: true, filename: `${row.algorithm}-${row.id.slice(0, 8)}${output.file_path.slice(output.file_path.lastIndexOf('.'))}` } : {}),
        media: output.media,
        width: output.width,
        height: output.height,
        duration: output.duration,
        engine: output.engine,
        watermarked: output.watermarked,
      }))
    : [];
  return {
    task_id: row.id,
    algorithm: row.algorithm,
    status: row.status,
    progress: row.progress === null ? null : Math.max(0, Math.min(100, Math.round(row.progress))),
    queue_position: row.status === 'queued' ? (row.queue_position ?? null) : null,
    reason: row.reason,
    retryable: row.status === 'failure' || row.status === 'cancelled' ? row.retryable !== false : null,
    user_data: row.user_data,
    prev_task: row.prev_task,
    file_path: row.file_path,
    outputs,
    cost: row.cost,
    created_at: seconds(row.created_at) ?? 0,
    expire_at: seconds(row.expire_at),
    engine: row.engine,
    result_data: row.result_data,
    seed: typeof row.params?.seed === 'number' ? row.params.seed : null,
    created_ms: new Date(row.created_at).getTime(),
    // a video run not handed to the queue yet waits for one of the plan's slots
    queue_wait: row.status === 'queued' ? (row.dispatched_at ? 'worker' : 'plan_slot') : null,
    queue_estimate_seconds: row.status === 'queued' ? queueEstimate(row.queue_position ?? null, row.avg_run_seconds ?? null, row.lane_elapsed ?? null) : null,
  };
}
