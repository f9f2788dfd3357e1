/**
 * Discovery figures: starts the composed product on a fresh PGlite folder (as `npm start` does, without
 * building the web apps), waits for the showcase job (time, items, bytes), then times the gallery's pages
 * over HTTP: the first page, the next page (from the count loaded), a filtered page, the template
 * categories and an examples page. Writes .bench/discovery.json.
 *
 *   npx tsx services/api/scripts/bench-discovery.ts [--port 9161] [--size full|small]
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startProduct } from '@studio/gateway/compose';

const arg = (name: string, fallback: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : fallback;
};

async function timed(url: string, runs = 15): Promise<{ median_ms: number; p95_ms: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    const response = await fetch(url);
    const body = await response.text();
    times.push(performance.now() - start);
    bytes = body.length;
    if (!response.ok) throw new Error(`${url}: ${response.status} ${body.slice(0, 200)}`);
  }
  times.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  return { median_ms: round(times[Math.floor(times.length / 2)]), p95_ms: round(times[Math.min(times.length - 1, Math.ceil(times.length * 0.95) - 1)]), bytes };
}

async function main(): Promise<void> {
  const port = Number(arg('port', '9161'));
  const size = arg('size', 'full');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-discovery-'));
  const started = Date.now();
  const product = await startProduct({
    rootDir: path.resolve(__dirname, '..', '..', '..'),
    port,
    host: '127.0.0.1',
    logger: false,
    env: { ...process.env, SHOWCASE: size, PGLITE_DATA_DIR: path.join(dir, 'pglite') },
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const upAt = Date.now();
    let firstItemAt = 0;
    let run: { finished_at: Date | null; items: number; bytes: string; error: string | null; started_at: Date } | undefined;
    for (;;) {
      run = (await product.db.query<NonNullable<typeof run>>('SELECT started_at, finished_at, items, bytes, error FROM showcase_runs')).rows[0];
      if (!firstItemAt) {
        const n = await product.db.query<{ n: number }>('SELECT count(*)::int AS n FROM explore_items');
        if (n.rows[0].n > 0) firstItemAt = Date.now();
      }
      if (run?.finished_at || run?.error) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const seed = {
      size,
      start_to_listen_ms: upAt - started,
      first_explore_item_after_listen_ms: firstItemAt - upAt,
      job_ms: run?.finished_at ? new Date(run.finished_at).getTime() - new Date(run.started_at).getTime() : null,
      items: run?.items ?? 0,
      megabytes: Math.round((Number(run?.bytes ?? 0) / 1048576) * 100) / 100,
      error: run?.error ?? null,
      explore_items: (await product.db.query<{ n: number }>('SELECT count(*)::int AS n FROM explore_items')).rows[0].n,
      templates: (await product.db.query<{ n: number }>('SELECT count(*)::int AS n FROM templates WHERE thumbnail_path IS NOT NULL')).rows[0].n,
      demos: (await product.db.query<{ n: number }>('SELECT count(*)::int AS n FROM demo_items WHERE file_path IS NOT NULL')).rows[0].n,
    };
    const paging = {
      explore_first_page: await timed(`${base}/v1/workflow/explore/list?page=1&page_size=20`),
      explore_next_page: await timed(`${base}/v1/workflow/explore/list?page=2&page_size=20`),
      explore_video_filter: await timed(`${base}/v1/workflow/explore/list?page=1&page_size=20&media=video`),
      template_categories: await timed(`${base}/v1/workflow/ct/list?fun_module=template`),
      music_templates: await timed(`${base}/v1/workflow/ct/list?fun_module=template&media=audio`),
      template_next_page: await timed(`${base}/v1/workflow/list?fun_module=template&media=video&page=2&page_size=25`),
      examples_page: await timed(`${base}/v1/common/demo/list?key=text2image&page=1&page_size=20`),
    };
    const report = { at: new Date().toISOString(), cores: os.cpus().length, seed, paging };
    mkdirSync('.bench', { recursive: true });
    writeFileSync(path.join('.bench', 'discovery.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await product.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
