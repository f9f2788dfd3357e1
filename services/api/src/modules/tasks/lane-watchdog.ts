/**
 * The lane watchdog: a slot that has not fetched for longer than it should while tasks wait in its lane
 * is restarted (a new loop; the old one ends at its next step), and says so in the log and in /metrics
 * (the lane's restarts, published with its figures). Overdue means: fetching for laneStallMs (the
 * database bounds its statements well before that), napping for the polling interval plus laneStallMs
 * (a lost timer), or running past the lane's deadline plus laneStallMs (an engine that ignored its stop).
 * Every await of a slot is bounded already; this is the guard for the one nobody thought of.
 */
import type { Lane } from '../algorithms/catalog.js';
import type { Lanes, Slot } from './lanes.js';
import type { WorkerRuntime } from './worker-runtime.js';

/** How long past its due a slot has been, in ms (0: not overdue). */
function overdueMs(rt: WorkerRuntime, slot: Slot, at: number): number {
  const stall = rt.config.laneStallMs;
  const age = at - slot.since;
  const allowed =
    slot.phase === 'fetching' ? stall : slot.phase === 'idle' ? rt.config.pollingIntervalSeconds * 1000 + stall : rt.config.queue.laneTimeoutSeconds[slot.lane] * 1000 + stall;
  return age > allowed ? age - allowed : 0;
}

/** Lanes with tasks waiting for a worker (handed to the queue, not taken yet). */
async function lanesWithWaiting(rt: WorkerRuntime, lanes: Lane[]): Promise<Set<Lane>> {
  const result = await rt.db.query<{ lane: Lane }>(
    `SELECT DISTINCT lane FROM tasks WHERE status = 'queued' AND dispatched_at IS NOT NULL AND deleted_at IS NULL AND lane = ANY($1::text[])`,
    [lanes],
  );
  return new Set(result.rows.map((row) => row.lane));
}

/** One look at every slot; answers how many were restarted. */
export async function checkLanes(rt: WorkerRuntime, lanes: Lanes): Promise<number> {
  if (rt.stopping) return 0;
  const at = Date.now();
  const overdue = lanes.slots.map((slot) => ({ slot, late: overdueMs(rt, slot, at) })).filter((entry) => entry.late > 0);
  if (overdue.length === 0) return 0;
  // with nothing waiting a quiet slot harms nobody; the database away, this look is skipped
  const waiting = await lanesWithWaiting(rt, [...new Set(overdue.map((entry) => entry.slot.lane))]);
  let restarted = 0;
  for (const { slot, late } of overdue) {
    if (!waiting.has(slot.lane) || rt.stopping) continue;
    rt.log.warn(
      { lane: slot.lane, slot: slot.index, phase: slot.phase, stalled_seconds: Math.round((at - slot.since) / 1000), overdue_seconds: Math.round(late / 1000) },
      'lane restarted: it had not fetched while tasks waited',
    );
    lanes.restart(slot);
    restarted += 1;
  }
  return restarted;
}

/** Looks every quarter of laneStallMs (at most every 15 s); 0 switches the watchdog off. */
export function startWatchdog(rt: WorkerRuntime, lanes: Lanes): { stop(): void } {
  const stall = rt.config.laneStallMs;
  if (stall <= 0) return { stop: () => undefined };
  let checking = false;
  const timer = setInterval(
    () => {
      if (checking) return;
      checking = true;
      checkLanes(rt, lanes)
        .catch(() => undefined)
        .finally(() => (checking = false));
    },
    Math.max(50, Math.min(15_000, Math.floor(stall / 4))),
  );
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
