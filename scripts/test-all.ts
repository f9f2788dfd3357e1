/**
 * `npm test`: every test of the project. First the lint (eslint.config.mjs: the boundary rules among
 * others; it counts as one test) and knip (knip.jsonc: no unused file, export or dependency, none used but
 * undeclared; one test more); then unit and service tests (jest) on embedded PGlite; the tests of the
 * services that use the database again on a real PostgreSQL server when TEST_DATABASE_URL is set; then the browser suites
 * (Playwright with Debian chromium) against the product as the start command serves it; then the suites
 * tagged @parts-apart against the parts apart (scripts/parts-apart: each part its own process, each remote
 * its own origin) on that PostgreSQL server, or on one of their own without it.
 * Ends with one line `N passed, N failed` over all of it.
 *
 * On a machine of two cores or more the lint, knip and the PostgreSQL phase run beside the PGlite phase, in a
 * second lane whose output is printed as one block when it ends: jest runs in band on 2 cores (one worker), so
 * the PGlite phase keeps one core busy and the other was idle for its 12 minutes.
 *
 * No phase may hang the run: each has a deadline after which it is killed and counted as failed (a CI
 * run that never ends tells nobody anything), and jest is told to exit when its tests are done even if a
 * failed test left a connection or timer behind (on 2 cores jest runs in band, in this very process).
 */
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { staleApps } from './ensure-built';

const root = path.resolve(__dirname, '..');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let anyFailure = false;

const MINUTE = 60_000;
/** the longest each phase may take (about 2-3 times what it takes on a quiet 2-core machine) */
const DEADLINES_MS = { lint: 10 * MINUTE, jest: 25 * MINUTE, pg: 20 * MINUTE, build: 10 * MINUTE, e2e: 20 * MINUTE, partsApart: 12 * MINUTE };
// in CI each phase leads a process group of its own, so a killed phase takes its children (the product the
// browser suite started, a scratch database server) with it; locally the phase stays in the terminal's
// group, where Ctrl-C reaches it
const OWN_GROUP = Boolean(process.env.CI);

/**
 * Where a sequence of phases writes: the terminal, or (for the lane running beside the PGlite phase) a file
 * printed as one block when the lane ends, so two lanes' lines never interleave.
 */
interface Lane {
  say(text: string): void;
  /** the file the lane's phases write to; undefined: the terminal */
  fd?: number;
  /** the lane's phases run at this niceness (a lane beside the longest one yields the CPU to it) */
  niceness?: number;
}
const terminal: Lane = { say: (text) => console.log(text) };

/** Runs `phases` in a lane whose output is kept in a file and printed, as one block, when they are done. */
async function inLaneOfItsOwn(title: string, phases: (lane: Lane) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'test-lane-'));
  const file = path.join(dir, 'output.log');
  const fd = openSync(file, 'w');
  const lane: Lane = { fd, niceness: 10, say: (text) => writeSync(fd, `${text}\n`) };
  const started = Date.now();
  try {
    await phases(lane);
  } finally {
    closeSync(fd);
    console.log(`\n>>> ${title}, run beside the PGlite phase (${((Date.now() - started) / 1000).toFixed(0)} s):`);
    process.stdout.write(readFileSync(file));
    console.log(`<<< end of ${title}`);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs a phase in a child process; answers whether it passed. Past its deadline it is killed and fails. */
function runPhase(label: string, args: string[], options: { env?: NodeJS.ProcessEnv; deadlineMs: number; lane: Lane }): Promise<boolean> {
  return new Promise((resolve) => {
    const { fd, say } = options.lane;
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: fd === undefined ? 'inherit' : ['ignore', fd, fd],
      env: { ...process.env, ...options.env },
      detached: OWN_GROUP,
    });
    if (options.lane.niceness && child.pid) {
      try {
        os.setPriority(child.pid, options.lane.niceness);
      } catch {
        // a machine that does not let us lower a child's priority runs it at ours
      }
    }
    let timedOut = false;
    const deadline = setTimeout(() => {
      timedOut = true;
      say(`\n!!! ${label}: killed after ${options.deadlineMs / MINUTE} minutes without finishing; counted as failed`);
      try {
        if (OWN_GROUP && child.pid) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        // it has ended meanwhile
      }
    }, options.deadlineMs);
    child.on('error', (error) => {
      say(`!!! ${label}: could not start: ${error.message}`);
      clearTimeout(deadline);
      resolve(false);
    });
    child.on('exit', (code) => {
      clearTimeout(deadline);
      resolve(!timedOut && code === 0);
    });
  });
}

async function runJest(label: string, args: string[], env: NodeJS.ProcessEnv, deadlineMs: number, lane: Lane): Promise<void> {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'jest-'));
  const resultFile = path.join(outDir, 'result.json');
  lane.say(`\n=== ${label} ===`);
  const passed = await runPhase(
    label,
    ['--experimental-vm-modules', '--no-warnings', path.join(root, 'node_modules/jest/bin/jest.js'), '--ci', '--forceExit', '--json', `--outputFile=${resultFile}`, ...args],
    { env, deadlineMs, lane },
  );
  try {
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as { numPassedTests: number; numFailedTests: number; numPendingTests: number; numFailedTestSuites: number };
    total.passed += result.numPassedTests;
    total.failed += result.numFailedTests;
    total.skipped += result.numPendingTests;
    if (result.numFailedTestSuites > 0 && result.numFailedTests === 0) total.failed += result.numFailedTestSuites;
  } catch {
    total.failed += 1;
  }
  if (!passed) anyFailure = true;
  rmSync(outDir, { recursive: true, force: true });
}

async function runLint(lane: Lane): Promise<void> {
  const checks: [string, string[]][] = [
    ['lint (ESLint, boundaries)', [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings', '0']],
    ['knip (unused files, exports, dependencies)', [path.join(root, 'node_modules/knip/bin/knip.js'), '--no-progress']],
  ];
  for (const [label, args] of checks) {
    lane.say(`\n=== ${label} ===`);
    const passed = await runPhase(label, args, { deadlineMs: DEADLINES_MS.lint, lane });
    if (passed) total.passed += 1;
    else {
      total.failed += 1;
      anyFailure = true;
    }
  }
}

async function runE2e(label: string, env: NodeJS.ProcessEnv, deadlineMs: number): Promise<void> {
  console.log(`\n=== ${label} ===`);
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  const resultFile = path.join(outDir, 'result.json');
  const started = Date.now();
  const passed = await runPhase(label, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', path.join(root, 'e2e/playwright.config.ts')], {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: resultFile, E2E_JSON: resultFile, ...env },
    deadlineMs,
    lane: terminal,
  });
  console.log(`${label}: ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    total.passed += result.stats.expected + result.stats.flaky;
    total.failed += result.stats.unexpected;
    total.skipped += result.stats.skipped;
  } catch {
    total.failed += 1;
  }
  if (!passed) anyFailure = true;
  rmSync(outDir, { recursive: true, force: true });
}

/**
 * The folders of the service packages that talk to the database (@studio/db and every package depending on
 * it): the PostgreSQL phase runs their tests again on a real server. The engines and the repository scripts
 * never open a database, so running them twice would only spend CI minutes (about 150 s of 2 cores).
 */
function databasePackages(): string[] {
  const servicesDir = path.join(root, 'services');
  return readdirSync(servicesDir).filter((name) => {
    try {
      const pkg = JSON.parse(readFileSync(path.join(servicesDir, name, 'package.json'), 'utf8')) as { name: string; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
      return pkg.name === '@studio/db' || Boolean(pkg.dependencies?.['@studio/db'] ?? pkg.devDependencies?.['@studio/db']);
    } catch {
      return false;
    }
  });
}

/**
 * Builds the apps the browser suites need (those whose output is missing or older than their sources), so the
 * browser phase does not start with a build; a failed build fails the run here instead of there.
 */
async function buildWeb(lane: Lane): Promise<void> {
  const stale = staleApps();
  if (stale.length === 0) return;
  const label = `web build (${stale.join(', ')})`;
  lane.say(`\n=== ${label} ===`);
  const built = await runPhase(label, [path.join(root, 'node_modules/jiti/lib/jiti-cli.mjs'), path.join(root, 'scripts/build-web.ts'), ...stale], {
    env: { NODE_ENV: 'production' },
    deadlineMs: DEADLINES_MS.build,
    lane,
  });
  if (!built) {
    total.failed += 1;
    anyFailure = true;
  }
}

async function runOnPostgres(lane: Lane): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  // one path pattern per package folder: jest runs the tests whose path matches any of them (before
  // --selectProjects, which would read them as more project names)
  const onDatabase = databasePackages().map((name) => `/services/${name}/`);
  await runJest('service tests on PostgreSQL', [...onDatabase, '--selectProjects', 'services'], { TEST_DATABASE_URL: url }, DEADLINES_MS.pg, lane);
}

const runOnPglite = (lane: Lane) => runJest('unit and service tests (PGlite)', [], { TEST_DATABASE_URL: '' }, DEADLINES_MS.jest, lane);

async function main(): Promise<void> {
  const only = process.argv[2];
  if (!only) {
    // jest runs in band on 2 cores: the checks that need no browser share the machine in two lanes
    const besidePglite = async (lane: Lane) => {
      await runLint(lane);
      await runOnPostgres(lane);
      await buildWeb(lane);
    };
    if (os.availableParallelism() >= 2) await Promise.all([runOnPglite(terminal), inLaneOfItsOwn('lint, knip, PostgreSQL and the web build', besidePglite)]);
    else {
      await besidePglite(terminal);
      await runOnPglite(terminal);
    }
  }
  if (only === 'lint') await runLint(terminal);
  if (only === 'unit') await runOnPglite(terminal);
  if (only === 'pg') await runOnPostgres(terminal);
  if (!only || only === 'e2e') await runE2e('browser (Playwright, Debian chromium)', {}, DEADLINES_MS.e2e);
  if (!only || only === 'e2e' || only === 'parts-apart') {
    // the run may not outlive its phase: its own deadline is the phase's
    const partsApart = { E2E_TOPOLOGY: 'parts-apart', PARTS_APART_MAX_SECONDS: String(DEADLINES_MS.partsApart / 1000) };
    await runE2e('browser, parts apart (@parts-apart on PostgreSQL, each remote its own origin)', partsApart, DEADLINES_MS.partsApart);
  }

  console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
  process.exit(anyFailure || total.failed > 0 ? 1 : 0);
}

void main();
