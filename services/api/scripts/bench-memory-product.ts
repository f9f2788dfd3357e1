/**
 * bench:memory with BENCH_TARGET=product: the whole composed embedded product as `npm start` runs it (the
 * gateway, the API on PGlite in a data folder, the account service, the worker and the local mail server; its
 * process tree: the product's Node process, run with `node --import tsx` as `npm start` does, and any engine process it starts), driven over
 * HTTP at BENCH_RATE requests a second (default 15) by a mix that resembles the browser suites':
 *
 *   - every paced request, in turn: a public page's HTML through the gateway (its first screen rendered there),
 *     a script of the shell, /remotes.json, the public API reads a page makes, /v1/user and the task list of a
 *     signed-in person, their credit history;
 *   - every BENCH_SIGNIN_S (default 10) seconds a demo account signs in through the account service's pages
 *     (the authorize page, the login form, the code exchanged by /v1/oauth/token), as the login frame does;
 *   - every BENCH_TASK_S (default 6) seconds a text to image task is created (credits held and spent), which
 *     the worker drains on its local engine; every BENCH_MAIL_S (default 60) seconds a new account signs up (a
 *     confirmation mail) and a demo account asks for a password reset (a reset mail), through the local mail
 *     server.
 *
 * The resident memory of every process of the tree (and the tree's sum) is sampled every BENCH_SAMPLE_S
 * (default 60) seconds; the report names start-up, 30 minutes, 60 minutes, the peak and the growth over the
 * second half, per process and for the tree. BENCH_ROOT (a snapshot of the built front ends) is passed on as
 * `npm start` reads it; BENCH_PORT (default 8542) is the product's port, the mail server's are the next two.
 * BENCH_HEAP_AT (minutes, comma-separated) asks the product's Node process for heap snapshots then (written to
 * .bench/heap/). MALLOC_ARENA_MAX (2), MALLOC_MMAP_THRESHOLD_ (131072): as `npm start`. Writes .bench/memory-product.json.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const OUT = path.join(ROOT, '.bench', 'memory-product.json');
const BUDGET_MB = 500;
const DEMO_PASSWORD = 'demo-password';
const DEMO_EMAILS = ['free@demo.local', 'standard@demo.local', 'premium@demo.local', 'checkin@demo.local'];
const PAGES = ['/home', '/explore', '/text-to-video', '/template', '/ai-tools', '/text-to-image', '/image-to-video'];

interface ProcessSample {
  pid: number;
  label: string;
  rss_mb: number;
  anon_mb: number;
}

interface Sample {
  t: number;
  tree_mb: number;
  processes: ProcessSample[];
  requests: number;
  load: number;
}
const mb = (kb: number) => Math.round(kb / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** the pids under a process (itself included), read from /proc */
function treeOf(rootPid: number): number[] {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": the name may hold spaces and parentheses, so read after the last ')'
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // ended while read
    }
  }
  const found = [rootPid];
  for (let i = 0; i < found.length; i += 1) for (const [pid, parent] of parentOf) if (parent === found[i]) found.push(pid);
  return found;
}

function processSample(pid: number): ProcessSample | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0);
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    // the program and its arguments by their last path part: "node cli.mjs start.ts"
    const label = argv.map((arg) => (arg.startsWith('-') ? arg : path.basename(arg))).join(' ').slice(0, 80);
    return { pid, label, rss_mb: mb(field('VmRSS')), anon_mb: mb(field('RssAnon')) };
  } catch {
    return null;
  }
}

class Load {
  requests = 0;
  readonly kinds = new Map<string, { sent: number; failed: number; last?: string }>();
  constructor(readonly base: string) {}

  /** one request, counted under its kind; a failure is counted (and its last reason kept), not thrown */
  async send(kind: string, url: string, init: RequestInit = {}): Promise<Response | null> {
    const counts = this.kinds.get(kind) ?? { sent: 0, failed: 0 };
    this.kinds.set(kind, counts);
    counts.sent += 1;
    this.requests += 1;
    try {
      const response = await fetch(url.startsWith('http') ? url : `${this.base}${url}`, { redirect: 'manual', ...init, signal: AbortSignal.timeout(30_000) });
      if (response.status >= 400) {
        counts.failed += 1;
        counts.last = `${response.status} ${url}`;
      }
      return response;
    } catch (error) {
      counts.failed += 1;
      counts.last = `${(error as Error).message} ${url}`;
      return null;
    }
  }

  async json<T>(kind: string, url: string, body?: unknown, token?: string): Promise<T | null> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await this.send(kind, url, body === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(body) });
    if (!response) return null;
    const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string; data?: T } | null;
    if (envelope?.code !== 0) {
      const counts = this.kinds.get(kind)!;
      counts.failed += response.status < 400 ? 1 : 0;
      counts.last = `${envelope?.code} ${envelope?.msg ?? ''} ${url}`.slice(0, 160);
      return null;
    }
    return envelope.data ?? null;
  }
}

/** the hidden fields of the login page's form (its flow), as the frame posts them */
function hiddenFields(html: string): Record<string, string> {
  const form = /<form method="post" action="[^"]*\/(login|register)"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';
  const fields: Record<string, string> = {};
  for (const input of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[input[1]] = input[2].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }
  return fields;
}

/** The login frame's flow: the authorize page, a form post, the code exchanged for a product token. */
async function signIn(load: Load, how: { email: string; register?: boolean }): Promise<string | null> {
  const verifier = randomBytes(32).toString('base64url');
  const params = new URLSearchParams({
    app_key: 'studio-web',
    response_type: 'code',
    mode: 'iframe',
    redirect_uri: `${load.base}/auth/callback`,
    state: randomBytes(6).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...(how.register ? { register_mode: '1' } : {}),
  });
  const page = await load.send('sign-in', `/account/oauth/authorize?${params}`);
  if (!page) return null;
  const fields = hiddenFields(await page.text());
  const form = how.register
    ? { ...fields, email: how.email, password: 'a-long-password-1', terms: '1', country: 'US' }
    : { ...fields, email: how.email, password: DEMO_PASSWORD };
  const posted = await load.send('sign-in', how.register ? '/account/register' : '/account/login', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: load.base },
    body: new URLSearchParams(form).toString(),
  });
  const code = posted ? /"code":"([A-Za-z0-9_-]{16,})"/.exec(await posted.text())?.[1] : undefined;
  if (!code) {
    load.kinds.get('sign-in')!.failed += 1;
    load.kinds.get('sign-in')!.last = `no code for ${how.email} (${posted?.status})`;
    return null;
  }
  const token = await load.json<{ jwt: string }>('sign-in', '/v1/oauth/token', {
    code,
    code_verifier: verifier,
    redirect_uri: `${load.base}/auth/callback`,
    timezone: 'UTC',
    landing_page: '/home',
  });
  return token?.jwt ?? null;
}

function startProduct(port: number, dataDir: string, heapDir: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'start.ts')], {
    cwd: ROOT,
    // the product's own output is not read (as the e2e suite's webServer ignores it), but it is written
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
      MAIL_DEV_SMTP_PORT: String(port + 1),
      MAIL_DEV_INBOX_PORT: String(port + 2),
      APP_ENV: 'test',
      MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX ?? '2',
      MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '131072',
      AB_TESTS_OFF: 'login_test_undefined,ad_banner_undefined,ai_price_upgrade,sku_week_10_credits',
      // one machine signs everyone in from one address, one person (Premium: free images, 300 a day) creates the tasks
      ...Object.fromEntries(['ACCOUNT_LOGIN_PER_IP', 'ACCOUNT_REGISTER_PER_IP', 'ACCOUNT_RESET_PER_IP', 'ACCOUNT_RESET_PER_EMAIL', 'TASKS_PER_DAY', 'TASKS_PREMIUM_DAILY_FREE_MEDIA'].map((limit) => [limit, '1000000'])),
      NODE_OPTIONS: [process.env.NODE_OPTIONS, '--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${heapDir}`].filter(Boolean).join(' '),
    },
  });
}

async function waitUp(base: string, child: ChildProcess): Promise<void> {
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the product ended at start-up (exit ${child.exitCode})`);
    if (await fetch(`${base}/remotes.json`).then((r) => r.ok, () => false)) return;
    await sleep(500);
  }
  throw new Error('the product did not answer within 5 minutes');
}

/** the sample nearest a time */
const at = <T extends { t: number }>(samples: T[], seconds: number): T => samples.reduce((best, s) => (Math.abs(s.t - seconds) < Math.abs(best.t - seconds) ? s : best), samples[0]);

export async function productMemory(): Promise<void> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 3600);
  const rate = Number(process.env.BENCH_RATE ?? 15);
  const sampleS = Number(process.env.BENCH_SAMPLE_S ?? 60);
  const signInS = Number(process.env.BENCH_SIGNIN_S ?? 10);
  const taskS = Number(process.env.BENCH_TASK_S ?? 6);
  const mailS = Number(process.env.BENCH_MAIL_S ?? 60);
  const port = Number(process.env.BENCH_PORT ?? 8542);
  const heapAt = (process.env.BENCH_HEAP_AT ?? '').split(',').filter(Boolean).map(Number);
  const base = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-memory-product-'));
  const heapDir = path.join(ROOT, '.bench', 'heap');
  mkdirSync(heapDir, { recursive: true });

  const child = startProduct(port, dataDir, heapDir);
  const load = new Load(base);
  const samples: Sample[] = [];
  let stopping = false;
  try {
    await waitUp(base, child);
    const started = Date.now();
    const sample = () => {
      const processes = treeOf(child.pid!).map(processSample).filter((p): p is ProcessSample => p !== null);
      const taken: Sample = { t: Math.round((Date.now() - started) / 1000), tree_mb: processes.reduce((sum, p) => sum + p.rss_mb, 0), processes, requests: load.requests, load: Number(os.loadavg()[0].toFixed(1)) };
      samples.push(taken);
      const failures = [...load.kinds].filter(([, c]) => c.failed).map(([kind, c]) => `${kind} ${c.failed}/${c.sent} (${c.last})`);
      console.log(`  t=${taken.t}s tree ${taken.tree_mb} MB [${processes.map((p) => `${p.pid} ${p.label.slice(0, 40)}: ${p.rss_mb}`).join('; ')}] requests ${taken.requests} load ${taken.load}${failures.length ? ` failures: ${failures.join(', ')}` : ''}`);
    };
    sample();
    const timer = setInterval(sample, sampleS * 1000);
    const heapTimers = heapAt.map((minute) =>
      setTimeout(() => {
        // the product's Node process: the largest of the tree (an engine's process is short-lived)
        const main = samples[samples.length - 1].processes.reduce((a, b) => (b.rss_mb > a.rss_mb ? b : a));
        console.log(`  heap snapshot of ${main.pid} at ${minute} min -> ${heapDir}`);
        process.kill(main.pid, 'SIGUSR2');
      }, minute * 60_000),
    );
    const until = started + seconds * 1000;

    const first = await signIn(load, { email: 'premium@demo.local' });
    if (!first) throw new Error(`the first sign-in failed: ${JSON.stringify([...load.kinds])}`);
    let shellScript = '/main.js';
    const home = await load.send('page', '/home');
    const script = home ? /<script[^>]+src="([^"]+\.js)"/.exec(await home.text())?.[1] : undefined;
    if (script) shellScript = script;

    await driveMix(load, { until, rate, signInS, taskS, mailS, first, shellScript, stopped: () => stopping });
    clearInterval(timer);
    heapTimers.forEach(clearTimeout);
    sample();
    const mails = (await fetch(`http://127.0.0.1:${port + 2}/api/messages`).then((r) => r.json(), () => [])) as unknown[];
    const tasks = await load.json<{ list: { status: string }[]; total?: number }>('tasks', '/v1/ai/task', { page: 1, page_size: 100 }, first);
    report(samples, load, { seconds, rate, sampleS, signInS, taskS, mailS, mailsInInbox: mails.length, lastTaskStatuses: tasks?.list.map((t) => t.status) ?? [] });
  } finally {
    stopping = true;
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

interface Mix {
  until: number;
  rate: number;
  /** the periods of the sign-ins, the tasks and the mails */
  signInS: number;
  taskS: number;
  mailS: number;
  /** the token of the person whose tasks are created (and the first of the pool) */
  first: string;
  shellScript: string;
  stopped: () => boolean;
}

/** The mix until `until`: the paced requests across their callers, and the sign-ins, tasks and mails on their timers. */
async function driveMix(load: Load, { until, rate, signInS, taskS, mailS, first, shellScript, stopped }: Mix): Promise<void> {
  const base = load.base;
  // the signed-in people of the run (a pool the paced requests use), filled by the sign-ins
  const tokens: string[] = [first];
  const anyToken = (i: number) => tokens[i % tokens.length];
  const every = (periodS: number, work: (i: number) => Promise<unknown>) =>
    (async () => {
      for (let i = 0; Date.now() < until && !stopped(); i += 1) {
        await work(i);
        await sleep(periodS * 1000);
      }
    })();
  const paced = async (caller: number, callers: number) => {
    const everyMs = (callers / rate) * 1000;
    let next = Date.now();
    for (let i = caller; Date.now() < until && !stopped(); i += callers) {
      next += everyMs;
      const wait = next - Date.now();
      if (wait > 0) await sleep(wait);
      const token = anyToken(i);
      switch (i % 12) {
        case 0:
        case 4:
        case 8:
          await load.send('page', PAGES[Math.floor(i / 12) % PAGES.length]).then((r) => r?.text());
          break;
        case 1:
          await load.send('script', shellScript).then((r) => r?.arrayBuffer());
          break;
        case 2:
          await load.send('remotes', '/remotes.json').then((r) => r?.text());
          break;
        case 3:
          await load.json('public-api', '/v1/common/system_config');
          break;
        case 5:
          await load.json('public-api', '/v1/workflow/explore/list?page=1&page_size=10&recommend=1');
          break;
        case 6:
        case 9:
          await load.json('user', '/v1/user', {}, token);
          break;
        case 7:
          await load.json('tasks', '/v1/ai/task', { page: 1, page_size: 20 }, token);
          break;
        case 10:
          await load.json('user', '/v1/credits/transactions?type=consumption&page=1&page_size=20', undefined, token);
          break;
        default:
          await load.json('public-api', '/v1/workflow/ct/list');
      }
    }
  };
  const callers = Math.max(1, Math.ceil(rate / 2));
  await Promise.all([
    ...Array.from({ length: callers }, (_, caller) => paced(caller, callers)),
    every(signInS, async (i) => {
      const token = await signIn(load, { email: DEMO_EMAILS[i % DEMO_EMAILS.length] });
      if (token) {
        tokens.push(token);
        // the latest 20 people: older sessions end as a suite's pages close
        if (tokens.length > 20) tokens.shift();
      }
    }),
    every(taskS, (i) => load.json('create', '/v1/ai/create/text2image', { data: { prompt: `memory bench picture number ${i}`, ratio: '1:1' } }, first)),
    every(mailS, async (i) => {
      await signIn(load, { email: `memory-${Date.now()}-${i}@example.test`, register: true });
      const forgot = await load.send('mail', `/account/oauth/authorize?${new URLSearchParams({ app_key: 'studio-web', response_type: 'code', mode: 'iframe', redirect_uri: `${base}/auth/callback`, code_challenge: 'x'.repeat(43), code_challenge_method: 'S256' })}`);
      const fields = forgot ? hiddenFields(await forgot.text()) : {};
      await load.send('mail', '/account/password/forgot', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base },
        body: new URLSearchParams({ ...fields, email: DEMO_EMAILS[i % DEMO_EMAILS.length] }).toString(),
      });
    }),
  ]);
}

function report(samples: Sample[], load: Load, settings: Record<string, unknown>): void {
  const end = samples[samples.length - 1].t;
  const series = (pick: (s: Sample) => number) => {
    const half = samples.filter((s) => s.t >= end / 2);
    return {
      start_mb: pick(samples[0]),
      at_30_min_mb: pick(at(samples, 1800)),
      at_60_min_mb: pick(at(samples, 3600)),
      end_mb: pick(samples[samples.length - 1]),
      peak_mb: Math.max(...samples.map(pick)),
      second_half_growth_mb: half.length > 1 ? pick(half[half.length - 1]) - pick(half[0]) : 0,
    };
  };
  const labels = new Map<number, string>();
  for (const s of samples) for (const p of s.processes) labels.set(p.pid, p.label);
  const perProcess = Object.fromEntries([...labels].map(([pid, label]) => [`${pid} ${label}`, series((s) => s.processes.find((p) => p.pid === pid)?.rss_mb ?? 0)]));
  const tree = series((s) => s.tree_mb);
  const result = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, node: process.version, loadavg: os.loadavg().map((n) => Number(n.toFixed(2))) },
    settings: { ...settings, engine: 'the composed product (npm start), PGlite in a data folder on disk' },
    requests: load.requests,
    requests_per_second: Math.round(load.requests / Math.max(1, end)),
    by_kind: Object.fromEntries(load.kinds),
    tree,
    per_process: perProcess,
    budget: { rss_mb: BUDGET_MB, met: tree.peak_mb <= BUDGET_MB && tree.second_half_growth_mb <= 0.05 * tree.peak_mb },
    samples,
  };
  mkdirSync(path.dirname(OUT), { recursive: true });
  writeFileSync(OUT, `${JSON.stringify(result, null, 2)}\n`);
  console.log(`[bench:memory product] tree: start ${tree.start_mb} MB, 30 min ${tree.at_30_min_mb}, 60 min ${tree.at_60_min_mb}, peak ${tree.peak_mb} (budget ${BUDGET_MB}), second-half growth ${tree.second_half_growth_mb} MB; ${result.requests_per_second} req/s`);
  for (const [name, figures] of Object.entries(perProcess)) console.log(`  ${name}: ${JSON.stringify(figures)}`);
}
