/**
 * `npm run bench:web`: what a visitor feels on every public route (the indexable paths of the shell's route
 * table, dist/seo-routes.json; BENCH_ROUTES=/home,/explore narrows them):
 * - Lighthouse phone (its mobile preset: simulated 4x CPU, slow 4G): performance, LCP, CLS and the LCP element,
 *   each run with Lighthouse's CPU index (benchmarkIndex; a quiet desktop-class machine is about 1000 or more,
 *   a busy one much less) so a slow figure on a busy machine is named as such (scripts/bench-lighthouse.ts);
 * - the first working click on a 4x-throttled 375 px phone (/home and /text-to-video): from the navigation's
 *   start until a tap on the header's menu button, made as soon as it shows, has opened the menu (the drawer is
 *   visible), the median of BENCH_RUNS;
 * - the shell's initial JS, brotli as served (the .br files the gateway sends) and gzip, and each remote's entry
 *   (`npm run bench:shell-js` measures the shell's alone, without a browser).
 * The product runs on a spare port (BENCH_PORT; Lighthouse's browser on LIGHTHOUSE_PORT) with its data in
 * .bench/web-data (never the temporary folder), so the showcase (APP_ENV=test: its small set) renders once;
 * a run waits until it has finished, so nothing is measured while the showcase renders. LIGHTHOUSE=0 skips
 * Lighthouse. BENCH_ROOT=<folder> measures a copy of the built front ends (shell/dist, each remote's package.json
 * and dist) as it is, without building. Writes .bench/web.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { SEO_ROUTES_FILE, type SeoRoutesFile } from 'shared-contracts';
import { ensureBuilt } from './ensure-built';
import { runLighthouse, type LighthouseReport } from './bench-lighthouse';
import { SHELL_INITIAL_BROTLI_BUDGET_KB, servedKb, toKb } from './shell-initial-js';

const root = path.resolve(__dirname, '..');
/** BENCH_ROOT: a snapshot of the built front ends (shell/dist, each remote's dist and package.json) to measure instead of the repository's */
const builtRoot = process.env.BENCH_ROOT ?? root;
const port = Number(process.env.BENCH_PORT ?? 8095);
const origin = `http://127.0.0.1:${port}`;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const dataDir = path.join(root, '.bench', 'web-data');
/** the showcase has rendered in dataDir (written when the product logs it; a later start sends no new run) */
const showcaseDone = path.join(dataDir, 'showcase-rendered');
/** issue 25's budgets */
const BUDGET = { shellInitialBrotliKb: SHELL_INITIAL_BROTLI_BUDGET_KB, remoteEntryGzipKb: 40, firstClickMs: 2500, mobilePerformance: 90, cls: 0.05, mobileLcpMs: 2500 };
const CLICK_PAGES = ['/home', '/text-to-video'];

async function waitForServer(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the product did not start at ${url}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return Math.round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** the public routes: every indexable path of the route table, its optional parameters left out */
function publicRoutes(): string[] {
  if (process.env.BENCH_ROUTES) return process.env.BENCH_ROUTES.split(',').map((route) => route.trim()).filter(Boolean);
  const file = JSON.parse(readFileSync(path.join(builtRoot, 'shell', 'dist', SEO_ROUTES_FILE), 'utf8')) as SeoRoutesFile;
  const paths = file.routes.filter((route) => route.indexable).map((route) => route.path.split('/').filter((part) => part && !part.startsWith(':')).map((part) => `/${part}`).join(''));
  return [...new Set(paths)];
}

function phoneContext(browser: Browser) {
  return browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
}

/**
 * From the navigation's start until a tap on the header's menu button opens the phone's menu (the drawer shows
 * its links), on a 4x-throttled phone; also the shell's scripts fetched before the load event (its initial JS).
 */
async function firstWorkingClick(browser: Browser, pagePath: string): Promise<{ ms: number; shellScripts: string[] }> {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const shellScripts: string[] = [];
  let loaded = false;
  page.once('load', () => {
    loaded = true;
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    const entry = /^\/main\.[^/]+\.js$/.test(url.pathname);
    if ((!loaded || entry) && request.resourceType() === 'script' && url.origin === origin && !url.pathname.startsWith('/remotes/')) shellScripts.push(url.pathname);
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const started = Date.now();
  await page.goto(`${origin}${pagePath}`, { waitUntil: 'commit' });
  const menu = page.getByRole('button', { name: 'Open menu' });
  const drawer = page.getByTestId('drawer');
  let ms = -1;
  // a person's tap: at the button as soon as it shows, answered when the page's main thread gets to it (no
  // waiting for the page to be still first, as a test's tap does: under 4x throttling that wait alone outlasted
  // the short gaps between start-up tasks); the click works when the menu shows, timed to then
  while (Date.now() - started < 30_000) {
    const box = await menu.boundingBox({ timeout: 100 }).catch(() => null);
    if (!box) continue;
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    try {
      await drawer.waitFor({ state: 'visible', timeout: 2000 });
      ms = Date.now() - started;
      break;
    } catch {
      // the tap did nothing (a button drawn but not yet wired): tap again
    }
  }
  await page.waitForLoadState('load').catch(() => undefined);
  await context.close();
  return { ms, shellScripts };
}

/** The showcase (its small set) has rendered in the bench's data folder: the product logs it once. */
function watchShowcase(server: ChildProcess): Promise<void> {
  if (existsSync(showcaseDone)) return Promise.resolve();
  console.error('bench:web waits for the showcase to render in .bench/web-data (once; nothing is measured meanwhile)');
  return new Promise((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('the showcase did not render in 20 minutes')), 20 * 60_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      buffer = (buffer + chunk.toString('utf8')).slice(-4096);
      if (buffer.includes('"showcase rendered"')) {
        clearTimeout(timer);
        writeFileSync(showcaseDone, `${new Date().toISOString()}\n`);
        resolve();
      }
    });
  });
}

async function main(): Promise<void> {
  // with BENCH_ROOT the snapshot is measured as it is; otherwise what is stale is built first
  if (!process.env.BENCH_ROOT) ensureBuilt();
  mkdirSync(dataDir, { recursive: true });
  const server: ChildProcess = spawn(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts/start.ts')], {
    cwd: root,
    env: {
      ...process.env,
      BENCH_ROOT: builtRoot,
      LOG_LEVEL: 'info',
      APP_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
      STORAGE_DIR: path.join(dataDir, 'storage'),
    },
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  try {
    const showcase = watchShowcase(server);
    await waitForServer(`${origin}/remotes.json`, 180_000);
    await showcase;
    server.stdout?.resume();
    const routes = publicRoutes();
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    await firstWorkingClick(browser, '/home'); // warm the server's caches
    const clicks: Record<string, { ms: number; runs: number[] }> = {};
    let shellFiles: string[] = [];
    for (const pagePath of CLICK_PAGES) {
      const runs: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await firstWorkingClick(browser, pagePath);
        runs.push(run.ms);
        if (pagePath === '/home' && i === 0) shellFiles = [...new Set(run.shellScripts)];
      }
      clicks[pagePath] = { ms: median(runs), runs };
    }
    await browser.close();
    const lighthouse: LighthouseReport | null = process.env.LIGHTHOUSE === '0' ? null : await runLighthouse(origin, routes, undefined, undefined, ['mobile']);

    const shellInitialJs = { ...servedKb(shellFiles, path.join(builtRoot, 'shell', 'dist')), files: shellFiles };
    const manifest = (await (await fetch(`${origin}/remotes.json`)).json()) as { remotes: { name: string; entry: string }[] };
    const remoteEntries: Record<string, number> = {};
    for (const remote of manifest.remotes) {
      const entryUrl = remote.entry.replace('mf-manifest.json', 'remoteEntry.js');
      remoteEntries[remote.name] = toKb(gzipSync(Buffer.from(await (await fetch(`${origin}${entryUrl}`, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer()), { level: 9 }).length);
    }
    const mobile = Object.entries(lighthouse ?? {}).map(([route, forms]) => [route, forms.mobile!] as const);
    const withinBudget = {
      shellInitialJs: shellInitialJs.brotliKb <= BUDGET.shellInitialBrotliKb,
      remoteEntries: Object.values(remoteEntries).every((kb) => kb <= BUDGET.remoteEntryGzipKb),
      firstClick: Object.values(clicks).every((click) => click.ms >= 0 && click.ms < BUDGET.firstClickMs),
      layoutShift: lighthouse ? mobile.every(([, run]) => run.cls < BUDGET.cls) : null,
      // the performance budget is a quiet machine's: read it beside each run's cpuIndex
      mobilePerformance: lighthouse ? mobile.every(([, run]) => run.performance >= BUDGET.mobilePerformance) : null,
    };
    const result = {
      measuredAt: new Date().toISOString(),
      runs: RUNS,
      shellInitialJs,
      remoteEntryGzipKb: remoteEntries,
      firstWorkingClickPhone4x: clicks,
      lighthouse,
      budgets: BUDGET,
      withinBudget,
    };
    mkdirSync(path.join(root, '.bench'), { recursive: true });
    writeFileSync(path.join(root, '.bench', 'web.json'), `${JSON.stringify(result, null, 2)}\n`);
    console.log(JSON.stringify(result, null, 2));
    if (lighthouse) {
      console.log('\nroute                         perf   LCP ms  FCP ms  TBT ms   CLS    cpuIndex  load1  LCP element');
      for (const [route, run] of mobile) {
        console.log(`${route.padEnd(30)}${String(run.performance).padStart(4)}${String(run.lcpMs).padStart(9)}${String(run.fcpMs).padStart(8)}${String(run.tbtMs).padStart(8)}${run.cls.toFixed(3).padStart(7)}${String(run.cpuIndex).padStart(10)}${run.load1.toFixed(2).padStart(7)}  ${run.lcpElement.slice(0, 60)}`);
      }
    }
  } finally {
    server.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
