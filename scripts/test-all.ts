/**
 * `npm test`: every test of the project. First the lint (eslint.config.mjs: the boundary rules among
 * others; it counts as one test); then unit and service tests (jest) on embedded PGlite; the service
 * tests again on a real PostgreSQL server when TEST_DATABASE_URL is set; then the browser suites
 * (Playwright with Debian chromium) against the product as the start command serves it.
 * Ends with one line `N passed, N failed` over all of it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
let anyFailure = false;

function runJest(label: string, args: string[], env: NodeJS.ProcessEnv): void {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'jest-'));
  const resultFile = path.join(outDir, 'result.json');
  console.log(`\n=== ${label} ===`);
  const run = spawnSync(
    process.execPath,
    ['--experimental-vm-modules', '--no-warnings', path.join(root, 'node_modules/jest/bin/jest.js'), '--ci', '--json', `--outputFile=${resultFile}`, ...args],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } },
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
  if (run.status !== 0) anyFailure = true;
  rmSync(outDir, { recursive: true, force: true });
}

function runLint(): void {
  console.log('\n=== lint (ESLint, boundaries) ===');
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/eslint/bin/eslint.js'), '.', '--max-warnings', '0'], { cwd: root, stdio: 'inherit' });
  if (run.status === 0) total.passed += 1;
  else {
    total.failed += 1;
    anyFailure = true;
  }
}

function runE2e(): void {
  console.log('\n=== browser (Playwright, Debian chromium) ===');
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'e2e-'));
  const resultFile = path.join(outDir, 'result.json');
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '--config', path.join(root, 'e2e/playwright.config.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: resultFile, E2E_JSON: resultFile },
  });
  try {
    const result = JSON.parse(readFileSync(resultFile, 'utf8')) as { stats: { expected: number; unexpected: number; flaky: number; skipped: number } };
    total.passed += result.stats.expected + result.stats.flaky;
    total.failed += result.stats.unexpected;
    total.skipped += result.stats.skipped;
  } catch {
    total.failed += 1;
  }
  if (run.status !== 0) anyFailure = true;
  rmSync(outDir, { recursive: true, force: true });
}

const only = process.argv[2];
if (!only || only === 'lint') runLint();
if (!only || only === 'unit') runJest('unit and service tests (PGlite)', [], { TEST_DATABASE_URL: '' });
if ((!only || only === 'pg') && process.env.TEST_DATABASE_URL) {
  runJest('service tests on PostgreSQL', ['--selectProjects', 'services'], { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL });
}
if (!only || only === 'e2e') runE2e();

console.log(`\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`);
process.exit(anyFailure || total.failed > 0 ? 1 : 0);
