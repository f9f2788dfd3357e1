/**
 * npx tsx services/api/scripts/bench-plan-concurrency.ts: a Premium user's six 10 s text-to-video tasks
 * on the real local engines, through the API and the worker, once with one video run at a time (the old
 * default) and once with the worker's default concurrency (from the cores). Answers the time from the
 * first create to the last success and the most runs seen at once; writes .bench/plan-concurrency.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Task } from 'shared-contracts';
import { createTaskEngines } from '../src/modules/tasks/engines';
import { startHarness } from '../test/tasks-harness';
import { defaultConcurrency } from '../src/modules/tasks/worker';

const TASKS = Number(process.env.BENCH_VIDEOS ?? 6);
const SECONDS = Number(process.env.BENCH_VIDEO_SECONDS ?? 10);

async function run(label: string, video: number) {
  const h = await startHarness();
  const engines = await createTaskEngines({});
  const worker = await h.worker(engines, { concurrency: { video, image: 1, audio: 1, check: 1 } });
  try {
    const premium = await h.user('premium', 10_000);
    const started = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < TASKS; i += 1) {
      const created = await h.create(premium, 'text2video', { data: { prompt: `a lighthouse on a cliff at dusk, take ${i}`, duration: SECONDS, resolution: '540p' } });
      if (created.body.code !== 0) throw new Error(JSON.stringify(created.body));
      ids.push(created.body.data.task_id);
    }
    let most = 0;
    const sampler = setInterval(() => (most = Math.max(most, worker.running())), 100);
    const done: Task[] = [];
    for (const id of ids) done.push(await h.waitFor(premium, id, (t) => ['success', 'failure', 'cancelled'].includes(t.status), 600_000));
    clearInterval(sampler);
    const seconds = (Date.now() - started) / 1000;
    const failed = done.filter((t) => t.status !== 'success').length;
    const durations = done.map((t) => t.outputs[0]?.duration ?? 0);
    console.log(`${label}: video concurrency ${video}: ${TASKS} x ${SECONDS} s videos in ${seconds.toFixed(1)} s, at most ${most} running at once, ${failed} failed, durations ${durations.join(', ')}`);
    return { label, videoConcurrency: video, tasks: TASKS, videoSeconds: SECONDS, totalSeconds: Math.round(seconds * 10) / 10, mostAtOnce: most, failed, durations };
  } finally {
    await worker.stop();
    await engines.close?.();
    await h.close();
  }
}

(async () => {
  const results = [await run('before (one video at a time)', 1), await run('after (default from the cores)', defaultConcurrency().video)];
  const out = path.resolve(__dirname, '..', '..', '..', '.bench', 'plan-concurrency.json');
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, JSON.stringify({ at: new Date().toISOString(), defaultConcurrency: defaultConcurrency(), results }, null, 2));
  process.exit(0);
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
