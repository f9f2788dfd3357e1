/**
 * The product against a real ComfyUI (the conformance harness's run half; services/engines/scripts/
 * comfyui-harness/harness.sh starts ComfyUI and calls this): every ComfyUI algorithm through the product's own
 * API, queue, worker and storage, with the shipped workflows' model-free stand-ins, one at a time and four at
 * once; a queued and a running prompt cancelled through the API; a broken graph. Figures go to
 * .bench/comfyui-harness.json and a table is printed.
 *
 *   npx tsx services/api/scripts/comfyui-harness/main.ts http://127.0.0.1:8188
 *   HARNESS_SCALE=0.1 for a quick pass (counts scaled down)
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@studio/db';
import { product } from './product';
import { brokenGraph, cancels, cases, comfy, fourAtOnce, inputs, oneAtATime, type Tally } from './scenarios';
import { broken, slowed, standInFolder } from './workflows';

const COMFYUI = (process.argv[2] ?? 'http://127.0.0.1:8188').replace(/\/+$/, '');
const ROOT = path.resolve(__dirname, '..', '..', '..', '..');
const OUT = path.join(ROOT, '.bench', 'comfyui-harness.json');
const SCALE = Number(process.env.HARNESS_SCALE ?? 1);
const count = (n: number) => Math.max(1, Math.round(n * SCALE));

async function main(): Promise<void> {
  const stats = await comfy<{ system: { comfyui_version: string; pytorch_version: string } }>(COMFYUI, '/system_stats');
  console.log(`[harness] ComfyUI ${stats.system.comfyui_version} (torch ${stats.system.pytorch_version}) at ${COMFYUI}`);
  const normal = await standInFolder();
  const slow = await standInFolder(slowed);
  const bad = await standInFolder(broken);
  const db = await openDatabase({ dataDir: 'memory://' });
  const p = await product(db, normal, COMFYUI);
  const media = await inputs(p.storageDir);
  const all = cases(media);
  const results: Tally[] = [];
  const started = Date.now();
  try {
    const serial = await p.worker(normal, 1);
    const plan: [string, number][] = [['text2image', 100], ['text2video', 20], ['mai_tcm', 20], ['image2image', 5], ['image2video', 5], ['video2anime', 3], ['mai_text2song_minimax', 5]];
    for (const [algorithm, n] of plan) {
      results.push(await oneAtATime(p, all[algorithm], count(n)));
      console.log(`[harness] ${JSON.stringify(results.at(-1))}`);
    }
    await serial.stop();
    const parallel = await p.worker(normal, 4);
    for (const [algorithm, n] of [['text2image', 40], ['text2video', 8], ['mai_tcm', 8], ['video2anime', 4]] as [string, number][]) {
      results.push(await fourAtOnce(p, all[algorithm], Math.max(4, count(n))));
      console.log(`[harness] ${JSON.stringify(results.at(-1))}`);
    }
    await parallel.stop();
    const cancel = await cancels(p, slow, COMFYUI);
    console.log(`[harness] cancels ${JSON.stringify(cancel)}`);
    const refused = await brokenGraph(p, bad);
    console.log(`[harness] broken graph ${JSON.stringify(refused)}`);
    const report = {
      when: new Date().toISOString(),
      comfyui: stats.system.comfyui_version,
      torch: stats.system.pytorch_version,
      cpus: os.cpus().length,
      seconds: Math.round((Date.now() - started) / 1000),
      results,
      cancels: cancel,
      broken_graph: refused,
    };
    mkdirSync(path.dirname(OUT), { recursive: true });
    writeFileSync(OUT, `${JSON.stringify(report, null, 2)}\n`);
    console.log('\nalgorithm             mode            tasks  ok  facts  badge  p50 s  max s');
    for (const r of results) {
      console.log(`${r.algorithm.padEnd(22)}${r.mode.padEnd(16)}${String(r.tasks).padStart(5)}${String(r.succeeded).padStart(4)}${String(r.facts_ok).padStart(7)}${String(r.comfyui_badge).padStart(7)}${r.seconds_p50.toFixed(2).padStart(7)}${r.seconds_max.toFixed(2).padStart(7)}`);
    }
    console.log(`[harness] written to ${path.relative(ROOT, OUT)}`);
  } finally {
    await p.app.close();
    await db.close();
    for (const dir of [normal, slow, bad, p.storageDir]) rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error('[harness] failed:', error);
    process.exit(1);
  },
);
