/**
 * The job queue: pg-boss 10 on the product database (PGlite or PostgreSQL) through a `db: { executeSql }`
 * adapter, one queue per lane (video, image, audio, check). A job carries only the task id and its run
 * id; the tasks table holds the state. Jobs are sent inside the transaction that queues the task, so a
 * task is never queued without its job nor a job sent for a task that was rolled back.
 *
 * Wake-ups, one per job sent (a worker wakes one slot for each, lanes.ts): in one process an event tells
 * the in-process worker at once; across processes (PostgreSQL) a NOTIFY on channel `studio_tasks` does
 * (a process ignores its own: its event came first), and the lanes' polling is the fallback.
 */
import { createHash, randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '@studio/db';
import type { Lane } from '../algorithms/catalog.js';
import { currentTraceId } from '../../trace-context.js';
import type { Placeholder } from '../../sql-params.js';

export const LANES: Lane[] = ['video', 'image', 'audio', 'check'];
export const NOTIFY_CHANNEL = 'studio_tasks';

export interface QueueConfig {
  /** the pg-boss schema (default pgboss) */
  schema: string;
  /** the longest a run may take per lane before it is stopped and failed */
  laneTimeoutSeconds: Record<Lane, number>;
  /** the API's health answer flags the queue when a run has waited for a worker longer than this */
  alertSeconds: number;
}

export const DEFAULT_QUEUE_CONFIG: QueueConfig = {
  schema: 'pgboss',
  laneTimeoutSeconds: { video: 1800, image: 600, audio: 1200, check: 300 },
  alertSeconds: 600,
};

export function queueConfigFromEnv(env: NodeJS.ProcessEnv): QueueConfig {
  const n = (name: string, fallback: number) => (env[name] ? Number(env[name]) : fallback);
  const t = DEFAULT_QUEUE_CONFIG.laneTimeoutSeconds;
  return {
    schema: env.PGBOSS_SCHEMA || DEFAULT_QUEUE_CONFIG.schema,
    laneTimeoutSeconds: {
      video: n('TASK_TIMEOUT_VIDEO_SECONDS', t.video),
      image: n('TASK_TIMEOUT_IMAGE_SECONDS', t.image),
      audio: n('TASK_TIMEOUT_AUDIO_SECONDS', t.audio),
      check: n('TASK_TIMEOUT_CHECK_SECONDS', t.check),
    },
    alertSeconds: n('QUEUE_ALERT_SECONDS', DEFAULT_QUEUE_CONFIG.alertSeconds),
  };
}

export const queueName = (lane: Lane) => `studio-tasks-${lane}`;

export interface JobData {
  task_id: string;
  run_id: string;
  /** the trace id of the request that queued the run (browser -> gateway -> API -> worker) */
  trace_id?: string;
}

/** this process, in its wake-ups' payloads: its own workers are woken in-process (localQueueSignals) */
const ORIGIN = randomUUID().slice(0, 8);

/**
 * A NOTIFY's payload: the lane, the sending process and the task (PostgreSQL delivers identical payloads
 * of one transaction once: an admission that sends several jobs wakes as many slots).
 */
function wakePayload(lane: Lane, taskId: string): string {
  return `${lane}|${ORIGIN}|${taskId}`;
}

/**
 * The lane a NOTIFY wakes, or null when this very process sent it (its in-process signal has woken the
 * worker already: one job, one wake-up). A bare lane (a sender of an earlier version) wakes its lane.
 */
export function laneToWake(payload: string): string | null {
  const [lane, origin] = payload.split('|');
  return origin === ORIGIN ? null : lane;
}

/** A text as an SQL literal. */
function sqlString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A statement with its placeholders $1, $2... replaced by the SQL given for each. */
function withValues(statement: string, sql: string[]): string {
  return statement.replace(/\$(\d+)\b/g, (match, n: string) => sql[Number(n) - 1] ?? match);
}

/**
 * pg-boss 10's fetch (pg-boss/src/plans.js fetchNextJob, priority on, one job) as a SHA-256 of its text with
 * its schema written `<schema>` and its white space collapsed (fetchSignature): the statement oneJobFetch
 * was written from. Another pg-boss's fetch is used as it is.
 */
const PG_BOSS_10_FETCH = '5fea332c2c15196b9a0ade5f2b69af3cadaef79d076831809e79f923c5bc2e31';

function fetchSignature(statement: string, schema: string): string {
  const text = statement.split(`${schema}.`).join('<schema>.').replace(/\s+/g, ' ').trim();
  return createHash('sha256').update(text).digest('hex');
}

/**
 * pg-boss 10's fetch of one job: the queue's next job (state before active, its start time passed; highest
 * priority, then oldest, then id), locked or skipped as pg-boss's is, marked active with its start time and
 * retry count as pg-boss marks it. Its window over singleton keys is left out: it only gates a batch of
 * several jobs (`$2 > 1`), and this takes one.
 */
function oneJobFetch(schema: string, queue: string): string {
  return `UPDATE ${schema}.job j SET state = 'active', started_on = now(),
      retry_count = CASE WHEN started_on IS NOT NULL THEN retry_count + 1 ELSE retry_count END
    WHERE j.name = ${queue} AND j.id = (
      SELECT id FROM ${schema}.job WHERE name = ${queue} AND state < 'active' AND start_after < now()
      ORDER BY priority DESC, created_on, id LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING j.id, j.name, j.data, EXTRACT(epoch FROM j.expire_in) AS "expireInSeconds"`;
}

/** In-process wake-ups: the API module emits, an in-process worker listens. */
export const localQueueSignals = new EventEmitter();
localQueueSignals.setMaxListeners(50);

function adapter(q: Queryable): PgBoss.Db {
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await q.query(text, values);
      return { rows: result.rows ?? [] };
    },
  };
}

export interface BossOptions {
  /** run pg-boss maintenance (expiry, archive) in this instance */
  supervise: boolean;
  maintenanceIntervalSeconds?: number;
}

export class TaskQueue {
  readonly boss: PgBoss;
  private started = false;
  constructor(
    readonly db: Database,
    readonly config: QueueConfig,
    options: BossOptions,
  ) {
    this.boss = new PgBoss({
      db: {
        // pg-boss completes and fails jobs without awaiting them: count what is in flight so stop() can wait,
        // and answer nothing once stopped (the database may be closing; the tasks table holds the state)
        executeSql: async (text: string, values: unknown[]) => {
          // pg-boss reads rows[0].count of its job commands (complete, fail, cancel...)
          const nothing = () => ({ rows: /count\(\*\)\s+from\s+results\s*$/i.test(text) ? [{ count: 0 }] : [] });
          if (this.closed) return nothing();
          this.inflight += 1;
          try {
            const result = await db.query(text, values);
            return { rows: result.rows ?? [] };
          } catch (error) {
            if (this.closed || this.stopping) return nothing();
            // a job command pg-boss does not await (complete, fail): a rejection would end the process; the
            // job then expires in pg-boss, while the task's own state is already in the tasks table
            if (/count\(\*\)\s+from\s+results\s*$/i.test(text)) {
              this.lastError = error as Error;
              return nothing();
            }
            throw error;
          } finally {
            this.inflight -= 1;
          }
        },
      },
      schema: config.schema,
      supervise: options.supervise,
      schedule: false,
      migrate: true,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      // kept one day in the archive for inspection
      archiveCompletedAfterSeconds: 3600,
      deleteAfterDays: 1,
    });
    this.boss.on('error', (error: Error) => {
      // maintenance errors are logged by the owner; never crash the process for them
      this.lastError = error;
    });
  }

  lastError: Error | null = null;
  private inflight = 0;
  private closed = false;
  private stopping = false;

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    for (const lane of LANES) {
      const existing = await this.boss.getQueue(queueName(lane));
      if (!existing) {
        await this.boss.createQueue(queueName(lane), { name: queueName(lane), retryLimit: 0 }).catch(async (error: unknown) => {
          // another process created it meanwhile
          if (!(await this.boss.getQueue(queueName(lane)))) throw error;
        });
      }
    }
    this.started = true;
  }

  /** Sends the run's job inside the caller's transaction and records it on the task. */
  async dispatch(tx: Queryable, task: { id: string; runId: string; lane: Lane; priority: number }): Promise<string> {
    const traceId = currentTraceId();
    const data: JobData = { task_id: task.id, run_id: task.runId, ...(traceId ? { trace_id: traceId } : {}) };
    const jobId = await this.boss.send(queueName(task.lane), data, {
      priority: task.priority,
      retryLimit: 0,
      // pg-boss stops waiting for the handler a little after the worker's own deadline
      expireInSeconds: this.config.laneTimeoutSeconds[task.lane] + 60,
      db: adapter(tx),
    });
    if (!jobId) throw new Error(`the queue refused the job of task ${task.id}`);
    // a re-send of a stalled run keeps its place (dispatched_at); sent_at, the stall check's clock, is the
    // moment of sending itself, not the start of a transaction that may have waited for its locks
    const record = 'UPDATE tasks SET job_id = $2, dispatched_at = COALESCE(dispatched_at, now()), sent_at = clock_timestamp() WHERE id = $1';
    // on PostgreSQL the wake-up of other processes' workers rides in the same statement (one round trip)
    if (this.db.kind === 'postgres') await tx.query(`WITH t AS (${record} RETURNING id) SELECT pg_notify($3, $4) FROM t`, [task.id, jobId, NOTIFY_CHANNEL, wakePayload(task.lane, task.id)]);
    else await tx.query(record, [task.id, jobId]);
    return jobId;
  }

  private fetchSql: string | null = null;
  private readonly fetchByLane = new Map<Lane, string>();
  /** whether the installed pg-boss's fetch is the one oneJobFetch was written from (fetchStatement) */
  leanFetch = false;

  /**
   * The statement that takes the lane's next job (marks it active; highest priority, then oldest; returns
   * id, name, data), so that a caller can run it as a CTE of a statement of its own (the worker takes a job
   * and claims its run in ONE statement: run-job.ts takeAndClaim). pg-boss's own fetch is read once through
   * fetch's `db` option: where it is the one pg-boss 10 sends (PG_BOSS_10_FETCH), the statement is its
   * one-job form (oneJobFetch: the same job taken and marked the same way, without the window over
   * singleton keys that only a batch needs); otherwise it is pg-boss's own. Either way its values are
   * literals (the queue's name; one job): the text depends on nothing a caller passes, so PostgreSQL
   * prepares and plans it once per connection (`prepared`), where planning it at every take cost more than
   * running it.
   */
  async fetchStatement(lane: Lane): Promise<string> {
    const known = this.fetchByLane.get(lane);
    if (known) return known;
    if (this.fetchSql === null) {
      let captured: string | null = null;
      await this.boss.fetch(queueName('image'), {
        batchSize: 1,
        db: {
          async executeSql(text: string) {
            captured = text;
            return { rows: [] };
          },
        },
      });
      if (captured === null) throw new Error("pg-boss's fetch ran no statement");
      // its parameters: $1 the queue, $2 how many
      if (/\$(?![12]\b)\d/.test(captured)) throw new Error("pg-boss's fetch takes parameters this worker does not know");
      this.fetchSql = captured;
      this.leanFetch = fetchSignature(captured, this.config.schema) === PG_BOSS_10_FETCH;
    }
    const name = sqlString(queueName(lane));
    const statement = this.leanFetch ? oneJobFetch(this.config.schema, name) : withValues(this.fetchSql, [name, '1']);
    this.fetchByLane.set(lane, statement);
    return statement;
  }

  /** pg-boss's completion of a job as a bare UPDATE (completionSql), or null when its statement has another shape */
  private completeSql: string | null | undefined;

  /**
   * pg-boss's own completion of a taken job as an UPDATE that a caller runs as a CTE of a statement of its
   * own (the worker completes the job in the statement that settles its run: settle.ts), read once
   * through complete's `db` option (pg-boss sends `WITH results AS (UPDATE ...) SELECT COUNT(*) FROM
   * results`; the UPDATE is taken). The queue's name and the output (none) are written in as literals and
   * the job's id is a one-element array of a placeholder from `p`, so the statement's plan is the same
   * whatever job it completes (the settle is a prepared statement; an array parameter of unknown length
   * made PostgreSQL plan it afresh every time). null when pg-boss's statement is not of that shape
   * (another version): the caller then completes the job apart (complete()).
   */
  async completionSql(p: Placeholder, lane: Lane, jobId: string): Promise<string | null> {
    if (this.completeSql === undefined) {
      let captured = '';
      await this.boss.complete(queueName('image'), '00000000-0000-0000-0000-000000000000', {}, {
        db: {
          async executeSql(text: string) {
            captured = text;
            return { rows: [{ count: 0 }] };
          },
        },
      });
      const shape = /^\s*WITH\s+results\s+AS\s+\((\s*UPDATE\b[\s\S]*)\)\s*SELECT\s+COUNT\(\*\)\s+FROM\s+results\s*$/i.exec(captured);
      // its parameters: $1 the queue, $2 the job ids (uuid[]), $3 the output
      this.completeSql = shape && !/\$(?![1-3]\b)\d/.test(shape[1]) ? shape[1] : null;
    }
    if (this.completeSql === null) return null;
    return withValues(this.completeSql, [sqlString(queueName(lane)), `ARRAY[${p(jobId)}::uuid]`, 'NULL']);
  }

  /** Marks a taken job done on its own (a success completes it in the run's settle: completionSql). */
  async complete(lane: Lane, jobId: string): Promise<void> {
    await this.boss.complete(queueName(lane), jobId);
  }

  /** Wakes in-process workers: one wake-up per job sent, named by its lane (call after the transaction committed). */
  signal(lanes: Iterable<Lane>): void {
    for (const lane of lanes) localQueueSignals.emit('dispatched', lane);
  }

  /** Best effort: a queued job of a cancelled run is cancelled; an active one is failed. */
  async drop(lane: Lane, jobId: string): Promise<void> {
    try {
      // a job row locked by a wedged session (a stalled job may be one) is left to expire, not waited for
      await this.db.transaction(async (tx) => {
        await tx.query(`SET LOCAL lock_timeout = '2s'`);
        await this.boss.cancel(queueName(lane), jobId, { db: adapter(tx) });
      });
    } catch {
      // the job is gone already, or locked: the run's claim decides which job runs it
    }
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    await new Promise((resolve) => setImmediate(resolve));
    this.started = false;
    this.stopping = true;
    await this.boss.stop({ graceful: false, close: false, wait: true });
    for (let waited = 0; this.inflight > 0 && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    this.closed = true;
  }
}
