/**
 * The remotes manifest the gateway serves, read once per change instead of once per use. Every answer's
 * Content-Security-Policy names the remotes' origins, and the page, its preload hints and /remotes.json name
 * the remotes too: reading five package.json files and five manifests for each of those (20 reads and 20
 * existence checks a request, API answers included) was the largest cost of a request.
 *
 * Whether anything changed is told by file metadata, never by a read: a configured remotes.json by its
 * stat (deploy:remote replaces it by a rename, which changes its inode and time), a manifest derived from
 * the built folders by each remote's package.json and its current version's mf-manifest.json. A change is
 * seen by the next request, so a deploy or a rollback takes effect at once, with no watcher to miss it.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RemotesManifest } from 'shared-contracts';
import { REMOTES } from 'shared-contracts/remotes';

export interface RemotesSource {
  /** the manifest as it is now (the same object until a file it comes from changes) */
  current(): RemotesManifest;
  /** a value computed from the current manifest, recomputed only when the manifest changes */
  derived<T>(compute: (manifest: RemotesManifest) => T): () => T;
}

function stamp(file: string): string {
  try {
    const stat = statSync(file);
    return `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
  } catch {
    return '-';
  }
}

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

/** The manifest of every remote whose current version is built under <rootDir>/<remote>/dist/<version>/. */
function builtRemotes(rootDir: string): () => { key: string; read: () => RemotesManifest } {
  const versions = new Map<string, { stamp: string; version: string }>();
  const versionOf = (pkg: string): string => {
    const file = path.join(rootDir, pkg, 'package.json');
    const now = stamp(file);
    const known = versions.get(pkg);
    if (known?.stamp === now) return known.version;
    const version = readJson<{ version: string }>(file).version;
    versions.set(pkg, { stamp: now, version });
    return version;
  };
  const manifestOf = (pkg: string, version: string) => path.join(rootDir, pkg, 'dist', version, 'mf-manifest.json');
  return () => {
    const parts = REMOTES.map((remote) => {
      const version = versionOf(remote.pkg);
      return { remote, version, built: stamp(manifestOf(remote.pkg, version)) !== '-' };
    });
    return {
      key: parts.map((part) => `${part.remote.pkg}@${part.version}:${part.built ? 1 : 0}`).join(' '),
      read: () => ({
        remotes: parts
          .filter((part) => part.built)
          .map((part) => ({ name: part.remote.container, version: part.version, entry: `/remotes/${part.remote.pkg}/${part.version}/mf-manifest.json` })),
      }),
    };
  };
}

export function createRemotesSource(options: { rootDir: string; remotesJsonPath?: string }): RemotesSource {
  const { remotesJsonPath } = options;
  const probe = remotesJsonPath
    ? () => ({ key: stamp(remotesJsonPath), read: () => readJson<RemotesManifest>(remotesJsonPath) })
    : builtRemotes(options.rootDir);
  let cached: { key: string; manifest: RemotesManifest } | null = null;
  const current = (): RemotesManifest => {
    const { key, read } = probe();
    if (cached?.key !== key) cached = { key, manifest: read() };
    return cached.manifest;
  };
  return {
    current,
    derived<T>(compute: (manifest: RemotesManifest) => T) {
      let memo: { manifest: RemotesManifest; value: T } | null = null;
      return () => {
        const manifest = current();
        if (memo?.manifest !== manifest) memo = { manifest, value: compute(manifest) };
        return memo.value;
      };
    },
  };
}

/** The manifest for every remote whose current version is built (read now; the gateway keeps a source). */
export function deriveRemotesManifest(rootDir: string): RemotesManifest {
  return builtRemotes(rootDir)().read();
}
