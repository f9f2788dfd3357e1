/**
 * The one path by which a run starts, for create and retry alike. In ONE transaction, under the user's
 * advisory lock: the cost is held on the ledger (idempotency key task:<id>:<run>), the usage counters are
 * taken, the task row is written (inserted or, for a retry, reset) and its job is sent (or the video run
 * waits for a plan slot). A failure anywhere rolls all of it back, the hold included: a hold never exists
 * without its task, and nothing has to be given back by hand.
 */
import type { Queryable } from '@studio/db';
import type { Task } from 'shared-contracts';
import type { Lane } from '../algorithms/catalog.js';
import { admitIn, lockUser } from './admission.js';
import type { Caller, Prepared, ServiceCore } from './service-types.js';
import { loadTask, toTask, type TaskRow } from './store.js';
import { claimUsage } from './usage.js';
import { chargeKey, detailsThroughKey } from '../developer/keys.js';

/** What the row writer gets: the run's settled facts. */
interface RunFacts {
  taskId: string;
  runId: string;
  /** 1 for a new task, then one more per retry */
  run: number;
  holdId: string | null;
  priority: number;
  at: Date;
}

export interface RunStart {
  caller: Caller;
  taskId: string;
  runId: string;
  run: number;
  prepared: Prepared;
  at: Date;
  /** writes the task row of this run inside the transaction (throws to roll everything back) */
  writeRow(tx: Queryable, facts: RunFacts): Promise<void>;
}

export async function startRun(core: ServiceCore, start: RunStart): Promise<Task> {
  const { caller, prepared } = start;
  const { lane } = prepared.resolved;
  const priority = core.rules.priority[caller.level];
  const sent = await core.ledger.transaction(async (tx) => {
    await lockUser(tx, caller.uid);
    const held =
      prepared.quote.cost > 0
        ? await core.ledger.hold(
            {
              userId: caller.uid,
              amount: prepared.quote.cost,
              details: detailsThroughKey(prepared.resolved.spec.title, caller.apiKey?.name),
              reference: start.taskId,
              idempotencyKey: `task:${start.taskId}:${start.run}`,
              ttlMs: core.holdTtlMs,
              at: core.clock(),
            },
            tx,
          )
        : null;
    if (held && caller.apiKey) {
      await chargeKey(tx, { keyId: caller.apiKey.id, userId: caller.uid, holdId: held.id, taskId: start.taskId, amount: held.amount, at: start.at });
    }
    await claimUsage(tx, caller.uid, prepared.quote.usage);
    await start.writeRow(tx, { taskId: start.taskId, runId: start.runId, run: start.run, holdId: held?.id ?? null, priority, at: start.at });
    // the jobs sent: a video run waits for a plan slot (admitIn sends as many as are free)
    if (lane === 'video') return admitIn(core, tx, caller.uid, caller.level);
    await core.queue.dispatch(tx, { id: start.taskId, runId: start.runId, lane, priority });
    return 1;
  });
  core.queue.signal(Array<Lane>(sent).fill(lane));
  // two reads of what was just committed, side by side (two connections on PostgreSQL)
  const [row, balance] = await Promise.all([loadTask(core.db, start.taskId), core.ledger.balance(caller.uid)]);
  return { ...toTask(row as TaskRow, core.media), balance };
}
