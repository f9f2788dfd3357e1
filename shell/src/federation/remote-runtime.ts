/**
 * Runtime federation: `/remotes.json` (no-store) names each remote's versioned manifest; the shell
 * registers them on the build's own federation instance (shareStrategy loaded-first comes from
 * rspack.shared.ts) with the retry (@module-federation/retry-plugin), contract guard and fallback plugins,
 * and in development the shared-scope guard. load() gives each module once; a retry builds a
 * fresh load: remotes.json is read again and a remote that never loaded is re-registered with force, which
 * drops the runtime's cached manifest, entry and container (module-federation/core #3685).
 */
import { REMOTES_LIST_URL, takeEarlyRemotesList } from './early-remotes-list';
import { loadRemote as mfLoadRemote, registerPlugins as mfRegisterPlugins, registerRemotes as mfRegisterRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteContainer, RemoteModule, RemoteModuleName, RemotesManifest } from 'shared-contracts';
import { fallbackPlugin, isFallbackModule } from './fallback-plugin';
import { RetryPlugin } from '@module-federation/retry-plugin';
import { sharedScopeGuard } from './shared-scope-guard';
import { contractGuard, type ContractRefusal } from './contract-guard';
import { applyDevOverrides } from './dev-override';

interface FederationFunctions {
  loadRemote: typeof mfLoadRemote;
  registerRemotes: typeof mfRegisterRemotes;
  registerPlugins: typeof mfRegisterPlugins;
}

/** The build's own federation instance (the bundler runtime initialises it before the shell runs). */
const buildFederation: FederationFunctions = {
  loadRemote: (...args) => mfLoadRemote(...args),
  registerRemotes: (...args) => mfRegisterRemotes(...args),
  registerPlugins: (...args) => mfRegisterPlugins(...args),
};

class RemoteUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RemoteUnavailableError';
  }
}

type ManifestEntry = RemotesManifest['remotes'][number];

export interface RemoteRuntime {
  /** fetch /remotes.json and register every remote (once; later calls share the first) */
  start(): Promise<void>;
  load<N extends RemoteModuleName>(name: N, options?: { fresh?: boolean }): Promise<RemoteModule<N>>;
  /** warm a module's load (menu hover); at most 4 preloads are pending at once, the rest wait */
  preload(name: RemoteModuleName): void;
  /** what is registered now */
  registered(): readonly ManifestEntry[];
}

export interface RemoteRuntimeOptions {
  fetchImpl?: typeof fetch;
  manifestUrl?: string;
  maxPendingPreloads?: number;
  /** pass false in tests that register modules on the runtime double directly */
  plugins?: boolean;
  /** the federation runtime (the build's own instance by default) */
  federation?: FederationFunctions;
  /** told once per remote and entry when a remote built against another contract major is refused */
  onContractRefused?: (refusal: ContractRefusal) => void;
}

function containerOf(name: string): RemoteContainer {
  return name.slice(0, name.indexOf('/')) as RemoteContainer;
}

export function createRemoteRuntime(options: RemoteRuntimeOptions = {}): RemoteRuntime {
  const doFetch = options.fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const manifestUrl = options.manifestUrl ?? '/remotes.json';
  const maxPending = options.maxPendingPreloads ?? 4;
  const { loadRemote, registerPlugins, registerRemotes } = options.federation ?? buildFederation;

  const entries = new Map<RemoteContainer, ManifestEntry>();
  /** containers with at least one module loaded for real: their entry and container are good */
  const healthy = new Set<RemoteContainer>();
  const modules = new Map<RemoteModuleName, Promise<unknown>>();
  let started: Promise<void> | null = null;
  let pluginsRegistered = false;

  async function fetchManifest(allowEarly = false): Promise<ManifestEntry[]> {
    const early = allowEarly && !options.fetchImpl && manifestUrl === REMOTES_LIST_URL ? takeEarlyRemotesList() : null;
    const response = await ((early ? early.catch(() => null) : null) ?? doFetch(manifestUrl, { cache: 'no-store' }));
    if (!response) return fetchManifest(false);
    if (!response.ok) throw new RemoteUnavailableError(`${manifestUrl} answered HTTP ${response.status}`);
    const body = (await response.json()) as Partial<RemotesManifest>;
    if (!body || !Array.isArray(body.remotes)) throw new RemoteUnavailableError(`${manifestUrl} has no remotes list`);
    return body.remotes.filter((r): r is ManifestEntry => typeof r?.name === 'string' && typeof r?.entry === 'string');
  }

  /** registers what the manifest says; `force` re-registers containers that never loaded */
  function register(list: ManifestEntry[], force: boolean): void {
    const withOverrides = applyDevOverrides(list);
    for (const entry of withOverrides) {
      const known = entries.get(entry.name);
      const changed = !known || known.entry !== entry.entry;
      if (healthy.has(entry.name)) continue; // a running container is never swapped mid-session
      if (!known) {
        registerRemotes([{ name: entry.name, entry: entry.entry }]);
      } else if (changed || force) {
        registerRemotes([{ name: entry.name, entry: entry.entry }], { force: true });
      }
      entries.set(entry.name, entry);
    }
  }

  function ensurePlugins(): void {
    if (options.plugins === false || pluginsRegistered) return;
    // the library's retry: a failed manifest fetch or remote entry is asked again before the fallback
    // plugin answers (RemoteArea's Retry button then builds a fresh load, which the library does not do)
    const retry = RetryPlugin({ fetch: { retryTimes: 2 }, script: { retryTimes: 2, retryDelay: 400 } });
    // the contract guard refuses a remote of another contract major before its entry is fetched
    const guard = contractGuard(options.onContractRefused ?? ((refusal) => console.error(`[shell] ${refusal.remote} refused`, refusal)));
    registerPlugins([retry, guard, fallbackPlugin(), ...(process.env.NODE_ENV === 'production' ? [] : [sharedScopeGuard()])]);
    pluginsRegistered = true;
  }

  async function startOnce(): Promise<void> {
    ensurePlugins();
    register(await fetchManifest(true), false);
  }

  const runtime: RemoteRuntime = {
    start() {
      if (!started) {
        started = startOnce();
        started.catch((error: unknown) => {
          console.error('[shell] could not read the remotes list', error);
        });
      }
      return started;
    },
    registered: () => [...entries.values()],
    async load<N extends RemoteModuleName>(name: N, loadOptions: { fresh?: boolean } = {}): Promise<RemoteModule<N>> {
      const container = containerOf(name);
      if (loadOptions.fresh) {
        modules.delete(name);
        // read the list again: a remote may have come back, or been redeployed
        try {
          const list = await fetchManifest();
          ensurePlugins();
          started = Promise.resolve();
          const own = list.filter((entry) => entry.name === container);
          register(own, true);
          register(list.filter((entry) => entry.name !== container), false);
        } catch (error) {
          throw new RemoteUnavailableError(`the remotes list cannot be read (${(error as Error).message})`);
        }
      }
      let pending = modules.get(name);
      if (!pending) {
        pending = (async () => {
          await runtime.start();
          if (!entries.has(container)) throw new RemoteUnavailableError(`${container} is not deployed (it is missing from ${manifestUrl})`);
          const loaded = await loadRemote<RemoteModule<N>>(name);
          if (!loaded) throw new RemoteUnavailableError(`${name} answered no module`);
          if (isFallbackModule(loaded)) {
            modules.delete(name);
            return loaded;
          }
          if (typeof (loaded as { default?: unknown }).default !== 'function' && typeof (loaded as { default?: unknown }).default !== 'object') {
            throw new RemoteUnavailableError(`${name} has no default export`);
          }
          healthy.add(container);
          return loaded;
        })();
        modules.set(name, pending);
        pending.catch(() => {
          if (modules.get(name) === pending) modules.delete(name);
        });
      }
      return pending as Promise<RemoteModule<N>>;
    },
    preload: createPreloadQueue((name) => runtime.load(name), maxPending),
  };
  return runtime;
}

/** Runs at most `max` loads at a time; further requests wait for a free slot. Duplicates are dropped. */
export function createPreloadQueue(run: (name: RemoteModuleName) => Promise<unknown>, max: number): (name: RemoteModuleName) => void {
  const queued: RemoteModuleName[] = [];
  const active = new Set<RemoteModuleName>();
  const done = new Set<RemoteModuleName>();
  const pump = () => {
    while (active.size < max && queued.length > 0) {
      const name = queued.shift() as RemoteModuleName;
      active.add(name);
      run(name)
        .then((module) => {
          if (!isFallbackModule(module)) done.add(name);
        })
        .catch((error: unknown) => console.warn(`[shell] preload of ${name} failed`, error))
        .finally(() => {
          active.delete(name);
          pump();
        });
    }
  };
  return (name) => {
    if (done.has(name) || active.has(name) || queued.includes(name)) return;
    queued.push(name);
    pump();
  };
}
