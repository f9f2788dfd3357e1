import type { RemoteModuleName } from 'shared-contracts';
import { fakeFetch, fakeRemoteManifest, fakeResponse, mfDouble, pageDouble, quietConsole, REMOTES_JSON } from '../../test/shell-test-kit';
import { isContractMismatch, type ContractRefusal } from './contract-guard';
import { OVERRIDE_PREFIX } from './dev-override';
import { createPreloadQueue, createRemoteRuntime, remoteEntryUrl } from './remote-runtime';

describe('remote runtime', () => {
  let restore: () => void;
  beforeEach(() => {
    mfDouble.__reset();
    localStorage.clear();
    restore = quietConsole();
  });
  afterEach(() => restore());

  it('reads /remotes.json once with cache no-store; a remote is registered by its entry script at its first load', async () => {
    const fetchImpl = fakeFetch();
    mfDouble.__setRemoteModule('remote_explore/HomePage', pageDouble('home'));
    const runtime = createRemoteRuntime({ fetchImpl, plugins: false });
    await runtime.start();
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(runtime.registered().map((r) => r.name)).toEqual(REMOTES_JSON.remotes.map((r) => r.name));
    expect(mfDouble.__registeredRemotes()).toEqual([]);
    await runtime.load('remote_explore/HomePage');
    // its manifest read (once), the entry it names registered: the federation runtime reads no manifest
    expect(fetchImpl).toHaveBeenCalledWith('/remotes/remote_explore/1.0.0/mf-manifest.json');
    expect(mfDouble.__registeredRemotes()).toEqual([{ name: 'remote_explore', entry: '/remotes/remote_explore/1.0.0/remoteEntry.js' }]);
    await runtime.start();
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it("names the entry as the manifest says: its publicPath ('auto': the manifest's folder), path and file", () => {
    const manifest = fakeRemoteManifest('/remotes/remote_tools/2.0.0/mf-manifest.json');
    expect(remoteEntryUrl(manifest, '/remotes/remote_tools/2.0.0/mf-manifest.json?v=1')).toBe('/remotes/remote_tools/2.0.0/remoteEntry.js');
    const elsewhere = { ...manifest, metaData: { ...manifest.metaData, publicPath: 'https://cdn.test/tools/', remoteEntry: { name: 'entry.js', path: './js/' } } };
    expect(remoteEntryUrl(elsewhere, '/remotes/remote_tools/2.0.0/mf-manifest.json')).toBe('https://cdn.test/tools/js/entry.js');
  });

  it("preloads the module's own scripts beside its remote's entry, as the manifest lists them", async () => {
    const url = '/remotes/remote_explore/1.0.0/mf-manifest.json';
    const manifest = { ...fakeRemoteManifest(url), exposes: [{ name: 'HomePage', assets: { js: { sync: ['12.a1.js', '__federation_expose_HomePage.b2.js'] } } }] };
    mfDouble.__setRemoteModule('remote_explore/HomePage', pageDouble('home'));
    const runtime = createRemoteRuntime({ fetchImpl: fakeFetch({ [url]: () => fakeResponse({ body: manifest }) }), plugins: false });
    await runtime.load('remote_explore/HomePage');
    const preloads = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].filter((link) => link.as === 'script').map((link) => link.getAttribute('href'));
    expect(preloads).toEqual(['/remotes/remote_explore/1.0.0/12.a1.js', '/remotes/remote_explore/1.0.0/__federation_expose_HomePage.b2.js']);
  });

  it('refuses a remote built against another contract major before its entry is registered, and says so once', async () => {
    const told: ContractRefusal[] = [];
    const url = '/remotes/remote_tools/1.0.0/mf-manifest.json';
    const fetchImpl = fakeFetch({ [url]: () => fakeResponse({ body: fakeRemoteManifest(url, '1.3.0') }) });
    mfDouble.__setRemoteModule('remote_tools/AiToolsPage', pageDouble('tools'));
    const runtime = createRemoteRuntime({ fetchImpl, plugins: false, onContractRefused: (refusal) => told.push(refusal) });
    const error = await runtime.load('remote_tools/AiToolsPage').catch((caught: unknown) => caught);
    expect(isContractMismatch(error)).toBe(true);
    await expect(runtime.load('remote_tools/AiToolsPage', { fresh: true })).rejects.toThrow('another major: refused');
    expect(mfDouble.__registeredRemotes()).toEqual([]);
    expect(told.map((refusal) => [refusal.remote, refusal.remoteContract, refusal.entry])).toEqual([['remote_tools', '1.3.0', url]]);
  });

  it('applies a development override (mf-override:<container>) to the manifest it reads', async () => {
    localStorage.setItem(`${OVERRIDE_PREFIX}remote_create`, 'http://localhost:3001/mf-manifest.json');
    const fetchImpl = fakeFetch({ '/mf-manifest.json': () => fakeResponse({ body: fakeRemoteManifest('/remotes/remote_create/') }) });
    mfDouble.__setRemoteModule('remote_create/CreateScreen', pageDouble('create'));
    const runtime = createRemoteRuntime({ fetchImpl, plugins: false });
    await runtime.load('remote_create/CreateScreen');
    expect(fetchImpl).toHaveBeenCalledWith('http://localhost:3001/mf-manifest.json');
    expect(mfDouble.__registeredRemotes().find((r) => r.name === 'remote_create')?.entry).toBe('http://localhost:3001/remoteEntry.js');
  });

  it('loads a module once and answers the same module afterwards', async () => {
    mfDouble.__setRemoteModule('remote_explore/HomePage', pageDouble('home'));
    const runtime = createRemoteRuntime({ fetchImpl: fakeFetch(), plugins: false });
    const first = await runtime.load('remote_explore/HomePage');
    expect(await runtime.load('remote_explore/HomePage')).toBe(first);
  });

  it('fails plainly when the remotes list cannot be read, and a fresh load reads it again', async () => {
    let up = false;
    const fetchImpl = fakeFetch({ '/remotes.json': () => (up ? fakeResponse({ body: REMOTES_JSON }) : fakeResponse({ status: 503 })) });
    mfDouble.__setRemoteModule('remote_explore/HomePage', pageDouble('home'));
    const runtime = createRemoteRuntime({ fetchImpl, plugins: false });
    await expect(runtime.load('remote_explore/HomePage')).rejects.toThrow('/remotes.json answered HTTP 503');
    up = true;
    await expect(runtime.load('remote_explore/HomePage', { fresh: true })).resolves.toBeDefined();
  });
});

describe('preload queue', () => {
  it('keeps at most 4 preloads pending; the others wait for a free slot', async () => {
    const resolvers: (() => void)[] = [];
    const started: string[] = [];
    const run = jest.fn(
      (name: RemoteModuleName) =>
        new Promise<unknown>((resolve) => {
          started.push(name);
          resolvers.push(() => resolve({ default: () => null }));
        }),
    );
    const preload = createPreloadQueue(run, 4);
    const names: RemoteModuleName[] = [
      'remote_explore/HomePage',
      'remote_explore/ExplorePage',
      'remote_explore/EffectPage',
      'remote_create/CreateScreen',
      'remote_create/LibrariesPage',
      'remote_tools/AiToolsPage',
    ];
    names.forEach((name) => preload(name));
    preload('remote_explore/HomePage'); // duplicate: ignored
    expect(started).toHaveLength(4);
    resolvers[0]();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toHaveLength(5);
    resolvers[1]();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(started).toEqual(names);
    preload('remote_explore/HomePage'); // done already
    expect(run).toHaveBeenCalledTimes(6);
  });
});
