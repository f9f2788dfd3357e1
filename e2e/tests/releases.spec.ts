/**
 * Remotes shipped on their own schedule, against the parts apart (each remote on its own origin, serving the
 * versions published in its folder, remotes.json read by the gateway on every request):
 * - `npm run deploy:remote` puts a new version of remote-explore in front of the running shell with no
 *   rebuild or restart, and its rollback brings the previous line back;
 * - remote-tools built from the last commit of the previous contract major (deploy/releases.json) is refused
 *   with a clear message in its own area (never a TypeError), and the API's log names both versions;
 * - every remote of the last release (deploy/releases.json), built from its commit, runs in today's shell.
 */
import { expect, test, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION } from 'shared-contracts';
import { REMOTES } from 'shared-contracts/remotes';
import { buildRemotesAt, releaseRefs } from '../../scripts/release/build-at';
import { readRemotes, switchRemote } from '../../scripts/deploy/remotes-file';
import { PARTS_APART, PARTS_APART_TAG } from '../support/origins';

const root = path.resolve(__dirname, '../..');
const runDir = process.env.PARTS_APART_DIR ?? '';
const remotesJson = path.join(runDir, 'remotes.json');
const published = path.join(runDir, 'published');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

test.describe.configure({ mode: 'serial' });
test.skip(!PARTS_APART, 'remotes shipped alone are exercised against the parts apart (E2E_TOPOLOGY=parts-apart)');

let original = '';
test.beforeAll(() => {
  original = readFileSync(remotesJson, 'utf8');
});
// whatever a test deployed, the next one starts from the run's own list
test.afterEach(() => writeFileSync(remotesJson, original));

/** Publishes a build into a remote's folder as `version` and points its line at it, as a deploy does. */
function publish(pkg: string, folder: string, version: string): void {
  const remote = REMOTES.find((candidate) => candidate.pkg === pkg);
  if (!remote) throw new Error(pkg);
  const target = path.join(published, pkg, version);
  if (!existsSync(target)) cpSync(folder, target, { recursive: true });
  const current = readRemotes(remotesJson).remotes.find((line) => line.name === remote.container);
  const entry = (current?.entry ?? '').replace(/\/[^/]+\/mf-manifest\.json$/, `/${version}/mf-manifest.json`);
  switchRemote(remotesJson, { name: remote.container, version, entry });
}

/** The manifests the page asked for, by remote folder. */
function watchManifests(page: Page): Map<string, string> {
  const seen = new Map<string, string>();
  page.on('request', (request) => {
    const match = /\/remotes\/(remote-[a-z]+)\/([^/]+)\/mf-manifest\.json$/.exec(new URL(request.url()).pathname);
    if (match) seen.set(match[1] as string, match[2] as string);
  });
  return seen;
}

const deployCli = (args: string[]) =>
  execFileSync(process.execPath, [tsx, path.join(root, 'scripts', 'deploy', 'deploy-remote.ts'), ...args, '--remotes-json', remotesJson], { cwd: root, encoding: 'utf8', timeout: 180_000 });

test('deploy:remote ships remote-explore alone to the running shell, and rollback brings the previous line back', { tag: PARTS_APART_TAG }, async ({ page }) => {
  test.setTimeout(240_000);
  const before = readRemotes(remotesJson).remotes.find((line) => line.name === 'remote_explore');
  const version = `${before?.version}-e2e${Date.now()}`;
  const manifests = watchManifests(page);
  await page.goto('/explore');
  await expect(page.getByTestId('explore-card').first()).toBeVisible();
  expect(manifests.get('remote-explore')).toBe(before?.version);

  try {
    // node does not resolve *.studio.test (only chromium maps it): the check reaches the remote's origin by address
    const port = new URL(before?.entry ?? '').port;
    const deployed = deployCli(['remote-explore', '--version', version, '--publish-dir', path.join(published, 'remote-explore'), '--check-origin', `http://127.0.0.1:${port}`]);
    console.log(`[releases.spec] ${deployed.trim()}`);
    expect(deployed).toMatch(new RegExp(`deployed remote-explore ${version.replace(/\./g, '\\.')}`));
    await page.reload();
    await expect(page.getByTestId('explore-card').first()).toBeVisible();
    expect(manifests.get('remote-explore')).toBe(version);

    const rolledBack = deployCli(['rollback', 'remote-explore']);
    console.log(`[releases.spec] ${rolledBack.trim()}`);
    expect(readRemotes(remotesJson).remotes.find((line) => line.name === 'remote_explore')).toEqual(before);
    await page.reload();
    await expect(page.getByTestId('explore-card').first()).toBeVisible();
    expect(manifests.get('remote-explore')).toBe(before?.version);
  } finally {
    // the build the deploy made in this checkout (its published copy lives in the run's folder)
    rmSync(path.join(root, 'remote-explore', 'dist', version), { recursive: true, force: true });
  }
});

test('remote-tools built against the previous contract major is refused in its area with a clear message, never a TypeError', { tag: PARTS_APART_TAG }, async ({ page }) => {
  test.setTimeout(240_000);
  const [old] = buildRemotesAt(releaseRefs().previousMajor.ref, ['remote-tools']);
  const oldContract = (JSON.parse(readFileSync(path.join(old.folder, 'mf-manifest.json'), 'utf8')) as { shared: { name: string; version: string }[] }).shared.find(
    (shared) => shared.name === 'shared-contracts',
  )?.version;
  expect(oldContract?.split('.')[0]).not.toBe(CONTRACT_VERSION.split('.')[0]);
  publish('remote-tools', old.folder, `${old.version}-contract${oldContract}`);

  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  page.on('console', (message) => message.type() === 'error' && consoleErrors.push(message.text()));
  await page.goto('/ai-tools/bg-remover');
  const area = page.getByRole('alert', { name: 'Background Remover unavailable' });
  await expect(area.getByRole('heading')).toHaveText('This version of Background Remover cannot be loaded');
  await expect(area).toContainText('built for another version of the studio');
  // the header and the menu still work around it
  await expect(page.getByTestId('account-entry')).toBeVisible();
  expect(errors.filter((error) => /TypeError/.test(error))).toEqual([]);
  expect(consoleErrors.join('\n')).toContain(`built against shared-contracts ${oldContract}, the shell speaks ${CONTRACT_VERSION}`);
  // the operator's line, in the API's log (the shell reports the refusal to the collector)
  const apiLog = path.join(runDir, 'logs', 'api.log');
  await expect.poll(() => (existsSync(apiLog) ? readFileSync(apiLog, 'utf8') : ''), { timeout: 15_000 }).toContain(
    `remote refused: remote_tools ${old.version} (`,
  );
  const line = readFileSync(apiLog, 'utf8').split('\n').find((text) => text.includes('remote refused: remote_tools')) ?? '';
  expect(line).toContain(`was built against shared-contracts ${oldContract}; the shell speaks ${CONTRACT_VERSION}`);
});

test("every remote of the last release runs in today's shell", { tag: PARTS_APART_TAG }, async ({ page }) => {
  test.setTimeout(240_000);
  const release = buildRemotesAt(releaseRefs().lastRelease.ref);
  for (const remote of release) publish(remote.pkg, remote.folder, `${remote.version}-release`);
  const manifests = watchManifests(page);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
  const unavailable = page.getByRole('alert').filter({ hasText: /unavailable right now|cannot be loaded/ });

  await page.goto('/explore');
  await expect(page.getByTestId('explore-card').first()).toBeVisible();
  await expect(page.getByTestId('account-entry').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await page.goto('/text-to-image');
  await expect(page.getByRole('textbox', { name: 'Prompt' })).toBeVisible();
  await page.goto('/ai-tools/bg-remover');
  await expect(page.getByLabel('Upload image')).toBeAttached();
  await page.goto('/pricing');
  await expect(page.getByTestId('free-daily-cap')).toBeVisible();
  await expect(unavailable).toHaveCount(0);
  expect(errors).toEqual([]);
  for (const remote of release) expect(manifests.get(remote.pkg), remote.pkg).toBe(`${remote.version}-release`);
});
