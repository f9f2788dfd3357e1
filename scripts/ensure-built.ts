/**
 * Builds the front-end apps whose output is missing or older than their sources, in a child process:
 * rspack must not run under tsx (its transform renames functions that Module Federation serialises).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { WEB_APPS } from 'shared-contracts/remotes';

const root = path.resolve(__dirname, '..');
/** the shell and every remote of the contract's one list */
const APPS = WEB_APPS;
const SHARED_INPUTS = ['shared-contracts/src', 'ui-kit/src', 'rspack.shared.ts', 'rspack.exposes.ts', 'package-lock.json'];

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

function outputMarker(app: string): string {
  if (app === 'shell') return path.join(root, 'shell', 'dist', 'index.html');
  const version = (JSON.parse(readFileSync(path.join(root, app, 'package.json'), 'utf8')) as { version: string }).version;
  return path.join(root, app, 'dist', version, 'mf-manifest.json');
}

export function staleApps(): string[] {
  const sharedNewest = Math.max(...SHARED_INPUTS.map((input) => newestMtime(path.join(root, input))));
  return APPS.filter((app) => {
    if (!existsSync(path.join(root, app, 'rspack.config.ts'))) return false;
    const marker = outputMarker(app);
    if (!existsSync(marker)) return true;
    const builtAt = statSync(marker).mtimeMs;
    const sourcesNewest = Math.max(newestMtime(path.join(root, app, 'src')), newestMtime(path.join(root, app, 'rspack.config.ts')));
    return Math.max(sourcesNewest, sharedNewest) > builtAt;
  });
}

export function ensureBuilt(): void {
  const stale = staleApps();
  if (stale.length === 0) return;
  console.log(`building ${stale.join(', ')} ...`);
  execFileSync(process.execPath, [path.join(root, 'node_modules', 'jiti', 'lib', 'jiti-cli.mjs'), path.join(root, 'scripts', 'build-web.ts'), ...stale], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV === 'development' ? 'development' : 'production' },
  });
}
