/**
 * The lifecycle job on the queue: pg-boss (already the product's queue, modules/tasks/queue.ts) runs
 * `billing-lifecycle` every minute, in whichever process holds the job, so renewals and expiries happen
 * once even with several API processes.
 */
import PgBoss from 'pg-boss';
import type { Database } from '@studio/db';

const LIFECYCLE_QUEUE = 'billing-lifecycle';

export async function startLifecycleSchedule(
  db: Database,
  run: () => Promise<unknown>,
  log: (error: unknown) => void,
  /** the queue's pg-boss schema (config tasks.queue.schema, PGBOSS_SCHEMA) */
  schema = 'pgboss',
): Promise<() => Promise<void>> {
  const boss = new PgBoss({
    db: {
      async executeSql(text: string, values: unknown[]) {
        const result = await db.query(text, values);
        return { rows: result.rows ?? [] };
      },
    },
    schema,
    supervise: false,
  });
  boss.on('error', log);
  await boss.start();
  await boss.createQueue(LIFECYCLE_QUEUE, { name: LIFECYCLE_QUEUE, policy: 'singleton', retryLimit: 0 }).catch(() => undefined);
  await boss.schedule(LIFECYCLE_QUEUE, '* * * * *');
  await boss.work(LIFECYCLE_QUEUE, async () => {
    await run();
  });
  return async () => {
    await boss.stop({ graceful: true, wait: false });
  };
}
