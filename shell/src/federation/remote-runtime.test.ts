import type { RemoteModuleName } from 'shared-contracts';
import { fakeFetch, fakeResponse, mfDouble, pageDouble, quietConsole, REMOTES_JSON } from '../../test/shell-test-kit';
import { OVERRIDE_PREFIX } from './dev-override';
import { createPreloadQueue, createRemoteRuntime } from './remote-runtime';

describe('remote runtime', () => {
  let restore: () => void;
  beforeEach(() => {
    mfDouble.__reset();
    localStorage.clear();
    restore = quietConsole();
  });
  afterEach(() => restore());

  it('reads /remotes.json with cache no-store and registers every remote', async () => {
    const fetchImpl = fakeFetch();
    const runtime = createRemoteRuntime({ fetchImpl, plugins: false });
    await runtime.start();
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(mfDouble.__registeredRemotes().map((r) => r.name)).toEqual(REMOTES_JSON.remotes.map((r) => r.name));
    await runtime.start();
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('applies a development override (mf-override:<container>) at registration', async () => {
    localStorage.setItem(`${OVERRIDE_PREFIX}remote_create`, 'http://localhost:3001/mf-manifest.json');
    const runtime = createRemoteRuntime({ fetchImpl: fakeFetch(), plugins: false });
    await runtime.start();
    expect(mfDouble.__registeredRemotes().find((r) => r.name === 'remote_create')?.entry).toBe('http://localhost:3001/mf-manifest.json');
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
