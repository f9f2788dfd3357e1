/**
 * Development only: `localStorage['mf-override:<container>'] = '<manifest URL>'` points a remote at a
 * locally served copy. The whole body sits behind process.env.NODE_ENV, which the build replaces, so a
 * production bundle contains none of it.
 */
import type { RemoteContainer, RemotesManifest } from 'shared-contracts';

type ManifestEntry = RemotesManifest['remotes'][number];

export const OVERRIDE_PREFIX = 'mf-override:';

export function applyDevOverrides(list: ManifestEntry[]): ManifestEntry[] {
  if (process.env.NODE_ENV === 'production') return list;
  let store: Storage;
  try {
    store = window.localStorage;
  } catch {
    return list;
  }
  const result = list.map((entry) => ({ ...entry }));
  for (let i = 0; i < store.length; i += 1) {
    const key = store.key(i);
    if (!key?.startsWith(OVERRIDE_PREFIX)) continue;
    const name = key.slice(OVERRIDE_PREFIX.length) as RemoteContainer;
    const entryUrl = store.getItem(key);
    if (!entryUrl || !/^(https?:\/\/|\/)/.test(entryUrl)) continue;
    const existing = result.find((entry) => entry.name === name);
    if (existing) existing.entry = entryUrl;
    else result.push({ name, entry: entryUrl, version: 'override' });
    console.warn(`[shell] development override: ${name} loads from ${entryUrl}`);
  }
  return result;
}
