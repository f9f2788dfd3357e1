/**
 * Runtime federation: `/remotes.json` (no-store) names each remote's versioned manifest. A remote's first
 * load reads its manifest here, has the contract guard check it, and registers the entry script the
 * manifest names (remoteEntry.js) on the build's own federation instance (shareStrategy loaded-first comes
 * from rspack.shared.ts), with the retry (@module-federation/retry-plugin, loaded at the first failure) and fallback plugins, and in
 * development the shared-scope guard; the manifest's scripts for the requested module are preloaded beside
 * the entry. The runtime itself is built without its manifest (snapshot) handling
 * (`experiments.optimization.disableSnapshot`, shell/rspack.config.ts): reading the one field the shell
 * needs and the entry's URL here is a few hundred bytes where the runtime's snapshot plugin, preload
 * generation and global snapshot store were 1.3 KB brotli of every first load (issue 25).
 * load() gives each module once; a retry builds a fresh load: remotes.json and the manifest are read again
 * and a remote that never loaded is re-registered with force, which drops the runtime's cached entry and
 * container (module-federation/core #3685).
 */
import { REMOTES_LIST_URL, takeEarlyRemotesList } from './early-remotes-list';
import { loadRemote as mfLoadRemote, registerPlugins as mfRegisterPlugins, registerRemotes as mfRegisterRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteContainer, RemoteModule, RemoteModuleName, RemotesManifest } from 'shared-contracts';
import { fallbackPlugin, isFallbackModule } from './fallback-plugin';
import { retryOnFailure } from './retry-on-failure';
import { sharedScopeGuard } from './shared-scope-guard';
import { contractGuard, type ContractGuard, type ContractRefusal, type ManifestView } from './contract-guard';
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

/** The part of a remote's mf-manifest.json the runtime reads: the contract guard's, where its entry is, its modules' scripts. */
export interface RemoteManifest extends ManifestView {
  metaData?: ManifestView['metaData'] & { globalName?: string; publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: { js?: { sync?: string[] } } }[];
}

/** The folder a manifest's relative URLs start from: its publicPath, or with 'auto' the manifest's own folder. */
function baseOf(manifest: RemoteManifest, manifestUrl: string): string {
  const publicPath = manifest.metaData?.publicPath;
  return !publicPath || publicPath === 'auto' ? manifestUrl.replace(/[?#].*$/, '').replace(/\/[^/]+$/, '/') : publicPath;
}

/** The entry script a manifest names, as the federation runtime's own manifest handling derives it. */
export function remoteEntryUrl(manifest: RemoteManifest, manifestUrl: string): string {
  const { path = '', name = 'remoteEntry.js' } = manifest.metaData?.remoteEntry ?? {};
  const folder = path.replace(/^\.?\/+|\/+$/g, '');
  return `${baseOf(manifest, manifestUrl)}${folder ? `${folder}/` : ''}${name}`;
}

/** Asks the browser for a module's own scripts while its remote's entry loads (what the runtime's snapshot plugin did). */
function preloadScripts(manifest: RemoteManifest, manifestUrl: string, expose: string): void {
  if (typeof document === 'undefined') return;
  for (const file of manifest.exposes?.find((candidate) => candidate.name === expose)?.assets?.js?.sync ?? []) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'script';
    link.href = `${baseOf(manifest, manifestUrl)}${file}`;
    document.head.appendChild(link);
  }
}

export interface RemoteRuntime {
  /** fetch /remotes.json and register every remote (once; later calls share the first) */
  start(): Promise<void>;
  load<N extends RemoteModuleName>(name: N, options?: { fresh?: boolean }): Promise<RemoteModule<N>>;
  /** warm a module's load (menu hover); at most 4 preloads are pending at once, the rest wait */
  preload(name: RemoteModuleName): void;
  /** what is registered now */
  registered(): readonly ManifestEntry[];
}

/**
 * Each remote's manifest, read and passed by the contract guard once; a failed read (the library's retry used to
 * ask a failed manifest twice more, so does this) or a refusal is asked again at the next load.
 */
function createManifestReader(doFetch: typeof fetch, guard: ContractGuard): { read(url: string): Promise<RemoteManifest>; forget(url: string): void } {
  const checked = new Map<string, Promise<RemoteManifest>>();
  async function readChecked(url: string): Promise<RemoteManifest> {
    let response: Response | null = null;
    for (let attempt = 0; !response?.ok && attempt < 3; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 400));
      response = await doFetch(url).catch((error: unknown) => {
        if (attempt === 2) throw new RemoteUnavailableError(`${url} cannot be read (${(error as Error).message})`);
        return null;
      });
    }
    if (!response?.ok) throw new RemoteUnavailableError(`${url} answered HTTP ${response?.status ?? 0}`);
    const manifest = (await response.json()) as RemoteManifest;
    guard(manifest, url);
    return manifest;
  }
  return {
    read(url) {
      let pending = checked.get(url);
      if (!pending) {
        const own = readChecked(url);
        checked.set(url, own);
        own.catch(() => {
          if (checked.get(url) === own) checked.delete(url);
        });
        pending = own;
      }
      return pending;
    },
    forget: (url) => checked.delete(url),
  };
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

interface RegistryParts {
  /** what the remotes list says, by container */
  entries: Map<RemoteContainer, ManifestEntry>;
  /** containers with a module loaded for real: never swapped mid-session */
  healthy: Set<RemoteContainer>;
  registerRemotes: FederationFunctions['registerRemotes'];
  manifests: ReturnType<typeof createManifestReader>;
  listUrl: string;
}

/** The remotes list recorded, and each container's entry registered on the federation instance once its manifest passed. */
function createRegistry({ entries, healthy, registerRemotes, manifests, listUrl }: RegistryParts) {
  /** the entry script each container is registered with on the federation instance */
  const registeredEntries = new Map<RemoteContainer, string>();
  /** containers to register again with force at their next load (a fresh load of one that never loaded) */
  const stale = new Set<RemoteContainer>();
  return {
    /** records what the list says; `force` reads again, and re-registers, containers that never loaded */
    register(list: ManifestEntry[], force: boolean): void {
      for (const entry of applyDevOverrides(list)) {
        if (healthy.has(entry.name)) continue; // a running container is never swapped mid-session
        if (force) {
          manifests.forget(entry.entry);
          stale.add(entry.name);
        }
        entries.set(entry.name, entry);
      }
    },
    /** The container's manifest checked and its entry registered (again, with force, when it changed or went stale). */
    async prepare(container: RemoteContainer, expose: string): Promise<void> {
      const listed = entries.get(container);
      if (!listed) throw new RemoteUnavailableError(`${container} is not deployed (it is missing from ${listUrl})`);
      const manifest = await manifests.read(listed.entry);
      const entry = remoteEntryUrl(manifest, listed.entry);
      preloadScripts(manifest, listed.entry, expose);
      if (registeredEntries.get(container) === entry && !stale.has(container)) return;
      const globalName = manifest.metaData?.globalName;
      const remote = { name: container, entry, ...(globalName && globalName !== container ? { entryGlobalName: globalName } : {}) };
      if (registeredEntries.has(container)) registerRemotes([remote], { force: true });
      else registerRemotes([remote]);
      registeredEntries.set(container, entry);
      stale.delete(container);
    },
  };
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

  // the contract guard refuses a remote of another contract major before its entry is registered or fetched
  const guard = contractGuard(options.onContractRefused ?? ((refusal) => console.error(`[shell] ${refusal.remote} refused`, refusal)));
  const { register, prepare } = createRegistry({ entries, healthy, registerRemotes, manifests: createManifestReader(doFetch, guard), listUrl: manifestUrl });

  function ensurePlugins(): void {
    if (options.plugins === false || pluginsRegistered) return;
    // the library's retry, loaded at the first failure: a failed remote entry is asked again before the
    // fallback plugin answers (RemoteArea's Retry button then builds a fresh load, which the library does not do)
    const retry = retryOnFailure({ retryTimes: 2, retryDelay: 400 });
    registerPlugins([retry, fallbackPlugin(), ...(process.env.NODE_ENV === 'production' ? [] : [sharedScopeGuard()])]);
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
          await prepare(container, name.slice(container.length + 1));
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
