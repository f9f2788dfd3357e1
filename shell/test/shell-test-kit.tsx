/**
 * Test kit (used by the *.test.tsx files only): a real shell wired to a fake network, the remote modules
 * registered on the federation runtime double (test-support/mf-runtime-double.ts), and the shell's router
 * over a memory history and the real route table.
 */
import { render } from '@testing-library/react';
import { UNSAFE_createMemoryHistory } from 'react-router';
import { CONTRACT_VERSION, type RemoteModuleName, type RemotesManifest } from 'shared-contracts';
import * as mf from '@module-federation/enhanced/runtime';
import { App } from '../src/app/app';
import { createShell, type CreatedShell } from '../src/app/create-shell';
import { defaultConfig, type ShellRuntimeConfig } from '../src/config/shell-config';
import { createRemoteRuntime, type RemoteManifest } from '../src/federation/remote-runtime';
import { withBlocking } from '../src/routing/blocking-history';
import { createRoutes } from '../src/routing/route-table';

type Double = typeof mf & {
  __setRemoteModule(name: string, mod: Record<string, unknown>): void;
  __failRemote(name: string, error: Error): void;
  __reset(): void;
  __registeredRemotes(): { name: string; entry: string }[];
};
export const mfDouble = mf as Double;

const ALL_MODULES: RemoteModuleName[] = [
  'remote_explore/HomePage',
  'remote_explore/ExplorePage',
  'remote_explore/TemplatePage',
  'remote_explore/EffectPage',
  'remote_create/CreateScreen',
  'remote_create/LibrariesPage',
  'remote_create/ImageCropModal',
  'remote_create/ImagePreview',
  'remote_tools/AiToolsPage',
  'remote_tools/ToolEditor',
  'remote_billing/PricingPage',
  'remote_billing/BillingHost',
  'remote_billing/PromotionSlot',
  'remote_account/AccountEntry',
  'remote_account/AccountHost',
];

/** A remote page double: shows which module rendered and with which props. */
export function pageDouble(name: string) {
  return {
    default: (props: Record<string, unknown>) => (
      <section data-testid="remote-page" data-module={name} data-props={JSON.stringify(props)}>
        {name}
      </section>
    ),
  };
}

const HOSTS = new Set<string>(['remote_billing/BillingHost', 'remote_account/AccountHost', 'remote_billing/PromotionSlot', 'remote_account/AccountEntry']);

export function registerAllRemoteDoubles(): void {
  for (const name of ALL_MODULES) mfDouble.__setRemoteModule(name, HOSTS.has(name) ? { default: () => null } : pageDouble(name));
}

export const REMOTES_JSON: RemotesManifest = {
  remotes: ['remote_explore', 'remote_create', 'remote_tools', 'remote_billing', 'remote_account'].map((name) => ({
    name: name as RemotesManifest['remotes'][number]['name'],
    version: '1.0.0',
    entry: `/remotes/${name}/1.0.0/mf-manifest.json`,
  })),
};

export interface FakeResponseInit {
  status?: number;
  body?: unknown;
}

export function fakeResponse({ status = 200, body }: FakeResponseInit = {}): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    statusText: status === 200 ? 'OK' : `HTTP ${status}`,
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  } as unknown as Response;
}

/** fetch double: /remotes.json answers the list; every other URL answers 404 unless `routes` says otherwise. */
/** A remote's mf-manifest.json as a build writes it (the fields the runtime reads), built against this contract. */
export function fakeRemoteManifest(url: string, contractVersion: string = CONTRACT_VERSION): RemoteManifest {
  const name = /\/remotes\/([^/]+)\//.exec(url)?.[1] ?? 'remote';
  return {
    id: name,
    name,
    metaData: { name, globalName: name, publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' }, buildInfo: { buildVersion: '1.0.0' }, contractVersion },
    exposes: [],
  };
}

export function fakeFetch(routes: Record<string, () => Response> = {}, remotes: RemotesManifest = REMOTES_JSON): jest.Mock {
  return jest.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0];
    if (routes[path]) return routes[path]();
    if (path === '/remotes.json') return fakeResponse({ body: remotes });
    if (path.endsWith('/mf-manifest.json')) return fakeResponse({ body: fakeRemoteManifest(path) });
    return fakeResponse({ status: 404, body: { code: 404, msg: `Not found: ${path}`, data: null, trace_id: 't' } });
  });
}

export function createTestShell(options: { config?: Partial<ShellRuntimeConfig>; fetchImpl?: jest.Mock } = {}): { shell: CreatedShell; fetchImpl: jest.Mock } {
  const fetchImpl = options.fetchImpl ?? fakeFetch();
  const runtime = createRemoteRuntime({ fetchImpl, plugins: false });
  const shell = createShell({ ...defaultConfig('http://localhost'), env: 'development', ...options.config }, { runtime, fetchImpl });
  return { shell, fetchImpl };
}

export function renderShellAt(path: string, options: { shell?: CreatedShell } = {}) {
  const shell = options.shell ?? createTestShell().shell;
  const history = withBlocking(UNSAFE_createMemoryHistory({ initialEntries: [path], v5Compat: true }));
  shell.setNavigator({ navigate: (to, navOptions) => (navOptions?.replace ? history.replace(to) : history.push(to)) });
  const view = render(<App shell={shell} history={history} routes={createRoutes()} />);
  // what the tests read and do: the location shown and an in-app navigation
  const router = {
    state: {
      get location() {
        return history.location;
      },
    },
    navigate(to: string) {
      history.push(to);
    },
  };
  return { ...view, router, history, shell };
}

/** Silences the expected console output of a test (remote failures, 404s of the fake network). */
export function quietConsole(): () => void {
  const spies = (['warn', 'error', 'info'] as const).map((level) => jest.spyOn(console, level).mockImplementation(() => undefined));
  return () => spies.forEach((spy) => spy.mockRestore());
}
