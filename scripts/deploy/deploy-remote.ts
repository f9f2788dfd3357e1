/**
 * `npm run deploy:remote -- <remote> [options]`: one remote shipped alone, the shell untouched.
 *   1. build it at a new version (Module Federation's MF_BUILD_VERSION: dist/<version>/, the manifest's buildVersion);
 *   2. publish that folder to the versioned path its origin serves (`--publish-dir`, default <remote>/dist:
 *      what the gateway and serve-remote.ts serve), refusing a version already published (versions are immutable);
 *   3. check the new manifest answers where remotes.json will point (when that is an absolute URL);
 *   4. switch the remote's line in remotes.json atomically (remotes-file.ts); browsers get it on their next load.
 * `npm run deploy:remote -- rollback <remote> [--remotes-json F]` puts back the line the last switch replaced.
 * Options: --version V (default: <package.json version>-<UTC timestamp>), --remotes-json F (default
 * REMOTES_JSON, the file the gateway serves), --publish-dir D, --origin URL (the remote's origin when it
 * moves: its line becomes URL/remotes/<remote>/<V>/mf-manifest.json), --check-origin URL (where this machine
 * reaches that origin, when its public name does not resolve here), --skip-build (publish dist/<V> as built).
 * Prints each step's time.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from 'shared-contracts/remotes';
import { entryFor, readRemotes, rollbackRemote, switchRemote } from './remotes-file';

const root = path.resolve(__dirname, '../..');

interface Options {
  remote: string;
  version?: string;
  remotesJson?: string;
  publishDir?: string;
  origin?: string;
  checkOrigin?: string;
  skipBuild: boolean;
}

function parse(args: string[]): { command: 'deploy' | 'rollback'; options: Options } {
  const rollback = args[0] === 'rollback';
  const rest = rollback ? args.slice(1) : args;
  const options: Options = { remote: '', skipBuild: false };
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i] as string;
    const value = () => {
      const next = rest[(i += 1)];
      if (!next) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--version') options.version = value();
    else if (arg === '--remotes-json') options.remotesJson = value();
    else if (arg === '--publish-dir') options.publishDir = value();
    else if (arg === '--origin') options.origin = value();
    else if (arg === '--check-origin') options.checkOrigin = value();
    else if (arg === '--skip-build') options.skipBuild = true;
    else if (!arg.startsWith('--') && !options.remote) options.remote = arg;
    else throw new Error(`unknown argument ${arg}`);
  }
  return { command: rollback ? 'rollback' : 'deploy', options };
}

const timed = <T>(label: string, times: string[], work: () => T): T => {
  const started = Date.now();
  const result = work();
  times.push(`${label} ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result;
};

async function deploy(options: Options, remotesJson: string): Promise<void> {
  const remote = REMOTES.find((candidate) => candidate.pkg === options.remote || candidate.container === options.remote);
  if (!remote) throw new Error(`no remote ${options.remote}: one of ${REMOTES.map((r) => r.pkg).join(', ')}`);
  const pkgVersion = (JSON.parse(readFileSync(path.join(root, remote.pkg, 'package.json'), 'utf8')) as { version: string }).version;
  const version = options.version ?? `${pkgVersion}-${new Date().toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'z').toLowerCase()}`;
  if (!/^[0-9A-Za-z.+-]+$/.test(version)) throw new Error(`a version is letters, digits, . + - only: ${version}`);
  const publishDir = path.resolve(options.publishDir ?? path.join(root, remote.pkg, 'dist'));
  const target = path.join(publishDir, version);
  const built = path.join(root, remote.pkg, 'dist', version);
  const times: string[] = [];
  const started = Date.now();
  if (target !== built && existsSync(target)) throw new Error(`${remote.pkg} ${version} is already published at ${target}: versions never change; pick another`);
  if (!options.skipBuild) {
    if (target === built && existsSync(target)) throw new Error(`${remote.pkg} ${version} is already built and published at ${target}: versions never change; pick another`);
    timed('build', times, () =>
      execFileSync(process.execPath, [path.join(root, 'node_modules', 'jiti', 'lib', 'jiti-cli.mjs'), path.join(root, 'scripts', 'build-web.ts'), remote.pkg], {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, NODE_ENV: 'production', MF_BUILD_VERSION: version },
        timeout: 300_000,
      }),
    );
  }
  if (!existsSync(path.join(built, 'mf-manifest.json'))) throw new Error(`no build at ${built}`);
  if (target !== built) {
    timed('publish', times, () => {
      // copied beside the target, then renamed into place: a half-copied version is never served
      const partial = `${target}.partial-${process.pid}`;
      rmSync(partial, { recursive: true, force: true });
      cpSync(built, partial, { recursive: true });
      renameSync(partial, target);
    });
  }
  const current = readRemotes(remotesJson).remotes.find((line) => line.name === remote.container);
  const entry = entryFor(current, remote.pkg, version, options.origin);
  if (/^https?:\/\//.test(entry)) {
    const started = Date.now();
    const checked = options.checkOrigin ? `${options.checkOrigin.replace(/\/+$/, '')}${new URL(entry).pathname}` : entry;
    const answer = await fetch(checked, { signal: AbortSignal.timeout(10_000) }).catch((error: unknown) => error as Error);
    if (answer instanceof Error || !answer.ok) throw new Error(`the new manifest does not answer at ${entry} (${answer instanceof Error ? answer.message : `HTTP ${answer.status}`}): remotes.json left as it was`);
    times.push(`check ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  const record = timed('switch', times, () => switchRemote(remotesJson, { name: remote.container, version, entry }));
  console.log(`deployed ${remote.pkg} ${version}: ${record.from?.entry ?? '(new)'} -> ${entry}`);
  console.log(`times: ${times.join(', ')}; total ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function main(): Promise<void> {
  const { command, options } = parse(process.argv.slice(2));
  if (!options.remote) throw new Error('usage: npm run deploy:remote -- <remote> [--version V] [--remotes-json F] [--publish-dir D] [--origin URL] [--check-origin URL] [--skip-build] | rollback <remote>');
  const remotesJson = path.resolve(options.remotesJson ?? process.env.REMOTES_JSON ?? '');
  if (!options.remotesJson && !process.env.REMOTES_JSON) throw new Error('name the remotes.json the gateway serves: --remotes-json F or REMOTES_JSON');
  if (command === 'rollback') {
    const started = Date.now();
    const container = REMOTES.find((candidate) => candidate.pkg === options.remote || candidate.container === options.remote)?.container;
    if (!container) throw new Error(`no remote ${options.remote}`);
    const record = rollbackRemote(remotesJson, container);
    console.log(`rolled back ${container}: ${record.from?.entry ?? '(none)'} -> ${record.to.entry} in ${((Date.now() - started) / 1000).toFixed(2)} s`);
    return;
  }
  await deploy(options, remotesJson);
}

main().catch((error: unknown) => {
  console.error(`deploy:remote: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
