/**
 * Builds remotes as they were at a git ref (a release, the last commit of the previous contract major), the
 * way that release's own build made them: its sources from `git archive`, today's installed packages (the
 * workspace packages, shared-contracts and ui-kit among them, are the ref's own), its own build script.
 * Output is cached per commit under .cache/releases/<sha>/, so a second run costs nothing.
 * `tsx scripts/release/build-at.ts <ref> [remote...]` prints where each remote's build is.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from 'shared-contracts/remotes';

const root = path.resolve(__dirname, '../..');

export interface ReleaseRefs {
  lastRelease: { ref: string };
  previousMajor: { ref: string };
}

/** deploy/releases.json: the refs the release checks build from. */
export function releaseRefs(rootDir = root): ReleaseRefs {
  return JSON.parse(readFileSync(path.join(rootDir, 'deploy', 'releases.json'), 'utf8')) as ReleaseRefs;
}

export interface BuiltRemote {
  pkg: string;
  /** the version it was built as at that ref */
  version: string;
  /** its build: the folder holding mf-manifest.json */
  folder: string;
}

function git(args: string[]): string {
  return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/**
 * The commit a release ref names. A shallow clone (a CI checkout made with --depth) lacks the release's
 * commit: it is fetched once with the clone's history from its origin before the check gives up.
 */
export function commitOf(ref: string): string {
  const resolve = () => git(['rev-parse', '--verify', `${ref}^{commit}`]);
  try {
    return resolve();
  } catch {
    let shallow = false;
    try {
      shallow = git(['rev-parse', '--is-shallow-repository']) === 'true';
      if (shallow) execFileSync('git', ['fetch', '--quiet', '--unshallow'], { cwd: root, stdio: 'ignore', timeout: 120_000 });
      return resolve();
    } catch {
      throw new Error(
        `${ref} (deploy/releases.json) is not in this clone's history${shallow ? ' and the clone could not be deepened from its origin' : ''}: the release checks need it (clone with history)`,
      );
    }
  }
}

/** node_modules for the checkout: today's packages, but each workspace link pointing at the checkout's own folder. */
function linkPackages(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) {
    const source = path.join(from, entry);
    const target = path.join(to, entry);
    const stat = lstatSync(source);
    if (stat.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (entry.startsWith('@') && stat.isDirectory()) linkPackages(source, target);
    else symlinkSync(source, target);
  }
}

export function buildRemotesAt(ref: string, pkgs: readonly string[] = REMOTES.map((remote) => remote.pkg)): BuiltRemote[] {
  const sha = commitOf(ref);
  const dir = path.join(root, '.cache', 'releases', sha);
  const built = (pkg: string): BuiltRemote | null => {
    const manifest = JSON.parse(readFileSync(path.join(dir, pkg, 'package.json'), 'utf8')) as { version: string };
    const folder = path.join(dir, pkg, 'dist', manifest.version);
    return existsSync(path.join(folder, 'mf-manifest.json')) ? { pkg, version: manifest.version, folder } : null;
  };
  if (!existsSync(path.join(dir, 'package.json'))) {
    const partial = `${dir}.partial`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(partial, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${partial}'`], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'] });
    linkPackages(path.join(root, 'node_modules'), path.join(partial, 'node_modules'));
    renameSync(partial, dir);
  }
  const missing = pkgs.filter((pkg) => !built(pkg));
  if (missing.length) {
    // rspack must not run under tsx (its transform renames functions Module Federation serialises): jiti, as the ref's own build does
    execFileSync(process.execPath, [path.join(dir, 'node_modules', 'jiti', 'lib', 'jiti-cli.mjs'), path.join(dir, 'scripts', 'build-web.ts'), ...missing], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NODE_ENV: 'production' },
      timeout: 300_000,
      killSignal: 'SIGKILL',
    });
  }
  return pkgs.map((pkg) => {
    const result = built(pkg);
    if (!result) throw new Error(`${pkg} at ${ref} did not build`);
    return result;
  });
}

if (/build-at\.ts$/.test(process.argv[1] ?? '')) {
  const [ref, ...pkgs] = process.argv.slice(2);
  if (!ref) {
    console.error('usage: tsx scripts/release/build-at.ts <ref|lastRelease|previousMajor> [remote...]');
    process.exit(2);
  }
  const refs = releaseRefs();
  const resolved = ref === 'lastRelease' || ref === 'previousMajor' ? refs[ref].ref : ref;
  for (const result of buildRemotesAt(resolved, pkgs.length ? pkgs : undefined)) console.log(`${result.pkg} ${result.version} ${result.folder}`);
}
