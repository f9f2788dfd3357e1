/** bench:tasks' reference (bench-tasks.ts): bare pg-boss on the product's database doing the no-op work. */
import { copyFileSync } from 'node:fs';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import PgBoss from 'pg-boss';
import sharp from 'sharp';
import type { Database } from '@studio/db';
import { cpuMeter, perUnit } from './bench-cpu';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))];

/**
 * The reference: pg-boss alone on the same database doing the same work. Sends from PARALLEL callers (the
 * create rate's counterpart); CONCURRENCY slots that each fetch one job, run the no-op (copy the PNG) and
 * complete it (the drain's counterpart); an idle slot is woken in-process right after a send, as the
 * product's worker is, so send-to-handler is pg-boss's own latency.
 */
export async function bareBossFigures(db: Database, schema: string, dir: string, run: { tasks: number; concurrency: number; parallel: number }) {
  const { tasks: TASKS, concurrency: CONCURRENCY, parallel: PARALLEL } = run;
  const png = path.join(dir, 'bare.png');
  await sharp({ create: { width: 80, height: 60, channels: 3, background: '#2266aa' } }).png().toFile(png);
  const boss = new PgBoss({
    db: { executeSql: async (text: string, values: unknown[]) => ({ rows: (await db.query(text, values)).rows ?? [] }) },
    schema,
    supervise: false,
    schedule: false,
    migrate: true,
  });
  boss.on('error', (error: Error) => console.error('[bench:tasks] bare pg-boss:', error.message));
  await boss.start();
  const queue = 'bench-bare';
  await boss.createQueue(queue, { name: queue, retryLimit: 0 });
  const signals = new EventEmitter();
  signals.setMaxListeners(100);
  const started = new Map<string, number>();
  let handled = 0;
  let first = 0;
  let last = 0;
  let running = true;
  let count = 0;
  const slot = async () => {
    while (running) {
      const [job] = await boss.fetch<{ n: number }>(queue, { batchSize: 1 });
      if (!job) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, 500);
          function done() {
            clearTimeout(timer);
            signals.off('sent', done);
            resolve();
          }
          signals.on('sent', done);
        });
        continue;
      }
      started.set(job.id, Date.now());
      if (first === 0) first = Date.now();
      copyFileSync(png, path.join(dir, `bare-${(count += 1) % 8}.png`));
      await boss.complete(queue, job.id);
      handled += 1;
      last = Date.now();
    }
  };
  const send = async (n: number) => {
    const id = await boss.send(queue, { n }, { retryLimit: 0 });
    signals.emit('sent');
    return id as string;
  };

  // send to handler, one job at a time on idle slots
  const slots = Array.from({ length: CONCURRENCY }, slot);
  const latencies: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const before = handled;
    const sending = Date.now();
    const id = await send(i);
    while (handled === before) await sleep(1);
    latencies.push((started.get(id) as number) - sending);
  }
  running = false;
  signals.emit('sent');
  await Promise.all(slots);
  latencies.sort((a, b) => a - b);

  // sends from PARALLEL callers, no slot running; then the drain
  const creating = Date.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < TASKS) await send(next++);
    }),
  );
  const sendSeconds = (Date.now() - creating) / 1000;
  const before = handled;
  running = true;
  first = 0;
  const cpu = cpuMeter(db.kind === 'postgres');
  const drain = Array.from({ length: CONCURRENCY }, slot);
  while (handled - before < TASKS) await sleep(5);
  const drainCpu = cpu();
  // from the first handler to the last completion, as the product's drain is timed
  const seconds = (last - first) / 1000;
  running = false;
  signals.emit('sent');
  await Promise.all(drain);
  await boss.stop({ graceful: false, close: false, wait: true });
  return {
    throughput: { jobs: TASKS, concurrency: CONCURRENCY, drain_seconds: Number(seconds.toFixed(2)), jobs_per_second: Number((TASKS / seconds).toFixed(1)), sends_per_second: Number((TASKS / sendSeconds).toFixed(1)), cpu_per_job_ms: perUnit(drainCpu, TASKS) },
    send_to_handler_ms: { samples: latencies.length, p50: Math.round(pct(latencies, 0.5)), p95: Math.round(pct(latencies, 0.95)), max: latencies[latencies.length - 1] },
  };
}

