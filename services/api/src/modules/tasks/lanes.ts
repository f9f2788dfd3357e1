/**
 * The worker's lanes: per lane as many slots as its concurrency, each a loop that takes the next job and
 * runs it, then looks again at once, or naps a polling interval when the lane is empty (a wake-up cuts
 * the nap short: one slot per job sent, wake()).
 *
 * Taking a job and claiming its run are ONE statement (issue 20; run-job.ts takeAndClaim). pg-boss's
 * fetch marks a job active in a commit of its own; the claim that made the task `generating` was once a
 * second commit, and a connection lost between the two left the job consumed and the task `queued` with
 * its credits held for good. Now both happen or neither, in one round trip: a lost answer leaves a
 * claimed run without a heartbeat, which the sweeper requeues like a dead worker's.
 *
 * Each slot says what it is doing and since when (`phase`, `since`), and each lane counts its fetches:
 * the watchdog (lane-watchdog.ts) restarts a slot that stopped fetching, and the worker publishes the
 * figures (worker-presence.ts) for the sweeper's stall check and /metrics.
 */
import type { Lane } from '../algorithms/catalog.js';
import { LANES } from './queue.js';
import { runJob, takeAndClaim, type RunEnd, type TakenJob } from './run-job.js';
import type { TaskRow } from './store.js';
import type { WorkerRuntime } from './worker-runtime.js';

type SlotPhase = 'fetching' | 'running' | 'idle';

export interface Slot {
  lane: Lane;
  index: number;
  /** bumped by a restart: a loop of an older generation ends at its next step */
  generation: number;
  phase: SlotPhase;
  /** when the slot entered its phase (ms) */
  since: number;
  /** woken since its last fetch: the next nap is skipped */
  nudged: boolean;
  /** ends the current nap early */
  wake: () => void;
}

export interface LaneFigures {
  slots: number;
  fetches: number;
  /** fetches that found nothing to take */
  empty: number;
  lastFetchAt: number | null;
  /** when the last fetch that found nothing began */
  lastEmptyAt: number | null;
  restarts: number;
}

const now = () => Date.now();

export class Lanes {
  readonly slots: Slot[] = [];
  readonly figures = new Map<Lane, LaneFigures>();
  /** the current loop of each slot (a restarted slot's old loop is on its own) */
  private readonly loops = new Map<Slot, Promise<void>>();
  private lastErrorLog = 0;

  constructor(private readonly rt: WorkerRuntime) {
    for (const lane of LANES) {
      const count = rt.config.concurrency[lane];
      this.figures.set(lane, { slots: count, fetches: 0, empty: 0, lastFetchAt: null, lastEmptyAt: null, restarts: 0 });
      for (let index = 0; index < count; index += 1) {
        this.slots.push({ lane, index, generation: 0, phase: 'idle', since: now(), nudged: false, wake: () => undefined });
      }
    }
  }

  start(): void {
    for (const slot of this.slots) this.spawn(slot);
  }

  /**
   * A job was sent to the lane: ONE slot looks (waking every slot cost an idle lane an empty take per other
   * slot for each job). An idle slot not woken yet is woken. Without one, every slot looks again after this
   * moment anyway (a running slot when its run ends, an idle one already woken), but for a slot whose take
   * is in flight: that take may have begun before the job was sent, so it is marked to look once more
   * instead of napping.
   */
  wake(lane: string): void {
    const slots = this.slots.filter((slot) => slot.lane === lane);
    const idle = slots.find((slot) => slot.phase === 'idle' && !slot.nudged);
    if (idle) {
      nudge(idle);
      return;
    }
    for (const slot of slots) if (slot.phase === 'fetching') slot.nudged = true;
  }

  /** Every slot of the lane looks (after a wake-up may have been lost: the LISTEN connection came back). */
  wakeAll(lane: string): void {
    for (const slot of this.slots) if (slot.lane === lane) nudge(slot);
  }

  /** Starts the slot afresh; a loop of its older generation ends (after the run it may be holding). */
  restart(slot: Slot): void {
    slot.generation += 1;
    (this.figures.get(slot.lane) as LaneFigures).restarts += 1;
    nudge(slot);
    this.spawn(slot);
  }

  /** Wakes every slot and waits (at most waitMs) for the loops to end; runs in progress are stopRuns' part. */
  async stop(waitMs: number): Promise<void> {
    for (const slot of this.slots) nudge(slot);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)));
    await Promise.race([Promise.all([...this.loops.values()]), late]);
    clearTimeout(timer);
  }

  private spawn(slot: Slot): void {
    const loop = this.loop(slot, slot.generation).catch((error: unknown) => this.rt.log.error({ lane: slot.lane, err: String(error) }, 'lane loop ended'));
    this.loops.set(slot, loop);
    void loop.finally(() => {
      if (this.loops.get(slot) === loop) this.loops.delete(slot);
    });
  }

  private async loop(slot: Slot, generation: number): Promise<void> {
    const { rt } = this;
    const current = () => !rt.stopping && slot.generation === generation;
    const figures = this.figures.get(slot.lane) as LaneFigures;
    // a job the last run's success took in its statement (runJob's takeNext): run before anything else, as a
    // take in flight is when the slot is restarted or the worker stops (run() hands it back then)
    let carried: TakenJob | null = null;
    while (carried || current()) {
      let taken = carried;
      carried = null;
      if (taken) {
        // one whose run had ended meanwhile is completed, as take() completes it
        if (!taken.row) await rt.queue.complete(slot.lane, taken.job.id).catch(() => undefined);
      } else {
        enter(slot, 'fetching');
        slot.nudged = false;
        let failed = false;
        try {
          // a worker that stops takes nothing more (a run claimed as it stops is handed back by run())
          if (!current()) return;
          taken = await this.take(slot.lane);
        } catch (error) {
          failed = true;
          this.logError(slot.lane, error);
        }
        if (!failed) {
          figures.fetches += 1;
          figures.lastFetchAt = now();
          if (!taken) {
            figures.empty += 1;
            // when the fetch began: every job sent before then and fetchable would have been taken
            figures.lastEmptyAt = slot.since;
          }
        }
      }
      if (taken?.row) {
        carried = await this.run(slot, taken.job, taken.row, current);
        continue;
      }
      // a job whose run had ended meanwhile was completed with the take: look again at once
      if (taken) continue;
      if (!current()) return;
      enter(slot, 'idle');
      await nap(slot, rt.config.pollingIntervalSeconds * 1000);
    }
  }

  /**
   * The lane's next job with its run claimed, in one statement (takeAndClaim); null when the lane has
   * nothing. A job whose run had ended meanwhile is completed here and comes back with row null.
   */
  private async take(lane: Lane): Promise<TakenJob | null> {
    const { rt } = this;
    const taken = await takeAndClaim(rt, lane);
    if (!taken) return null;
    // left active, the job only expires in pg-boss: the tasks table holds the state
    if (!taken.row) await rt.queue.complete(lane, taken.job.id).catch(() => undefined);
    return taken;
  }

  /**
   * Runs a claimed run; answers the lane's next job when its success took one in the same statement (only
   * while `current`: a slot restarted or a worker stopping takes nothing more). A success that took none
   * (the lane had nothing then) leaves the slot to a take of its own, which sees every job sent since.
   */
  private async run(slot: Slot, job: TakenJob['job'], row: TaskRow, current: () => boolean): Promise<TakenJob | null> {
    const { rt } = this;
    enter(slot, 'running');
    let end: RunEnd = { jobDone: false, next: null };
    if (rt.stopping) {
      // claimed just as the worker stops: handed back at once (a crash-like stop leaves it to the sweeper)
      if (!rt.abandoned) await rt.sweeper.requeue(row, 'stopping').catch((error: unknown) => this.logError(slot.lane, error));
    } else {
      // runJob settles the run in the tasks table (a success completes the job in the same statement); when
      // the database is away even for that, the run is left `generating` without a heartbeat and the sweeper
      // takes it from there
      end = await runJob(rt, job, row, current).catch((error: unknown) => {
        rt.log.warn({ task: row.id, err: String(error) }, 'run ended without its outcome recorded');
        return { jobDone: false, next: null };
      });
    }
    if (end.next) {
      const figures = this.figures.get(slot.lane) as LaneFigures;
      figures.fetches += 1;
      figures.lastFetchAt = now();
    }
    if (rt.abandoned || end.jobDone) return end.next;
    // the tasks table holds the state: a job left active only expires in pg-boss. (Left to run in the
    // background, the completion slowed PGlite's drain: 40-68 tasks/s against 114-146 awaited.)
    await rt.queue.complete(slot.lane, job.id).catch(() => undefined);
    return end.next;
  }

  /** One line per lane every 10 s at most: an outage fails every fetch of every slot. */
  private logError(lane: Lane, error: unknown): void {
    if (now() - this.lastErrorLog < 10_000) return;
    this.lastErrorLog = now();
    this.rt.log.warn({ lane, err: error instanceof Error ? error.message : String(error) }, 'taking a job failed; trying again');
  }
}

function enter(slot: Slot, phase: SlotPhase): void {
  slot.phase = phase;
  slot.since = now();
}

function nudge(slot: Slot): void {
  slot.nudged = true;
  slot.wake();
}

/** Waits ms, or less when the slot is woken (or was, since its last fetch). */
function nap(slot: Slot, ms: number): Promise<void> {
  if (slot.nudged) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      slot.wake = () => undefined;
      resolve();
    }
    slot.wake = done;
  });
}
