/** Wires the shell's services into the ShellApi every remote receives, plus the shell's internals. */
import { createEventBus, TRACK_EVENTS, trackEvent, type ShellApi } from 'shared-contracts';
import { createApiClient } from '../api/api-client';
import { ensureClientId } from '../api/client-id';
import type { ShellRuntimeConfig } from '../config/shell-config';
import { createRemoteRuntime, type RemoteRuntime } from '../federation/remote-runtime';
import { LazyRemoteModuleHost } from '../federation/lazy-remote-module-host';
import { classifyLink } from '../routing/link-rules';
import { embedModeFlag } from '../routing/url-params';
import { createPreferences } from '../session/preferences';
import { createSession, type ShellSession } from '../session/session-store';
import { createToastStore } from '../toast/toast-store';
import { instrumentFetch } from '../tracking/fetch-status';
import { analyticsProfile } from '../tracking/profile';
import { createTracker, type Tracker } from '../tracking/track';
import { createViewport } from '../viewport/viewport';
import type { ShellInternals } from './internals';

const SHELL_VERSION: string = process.env.SHELL_VERSION ?? '0.0.0-dev';

interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
}

export interface CreatedShell {
  api: ShellApi;
  session: ShellSession;
  internals: ShellInternals;
  /** the tracker behind api.track (web vitals and the page-hide flush use it) */
  tracker: Tracker;
  /** the router registers itself here once created */
  setNavigator(navigator: Navigator): void;
}

export interface CreateShellOptions {
  runtime?: RemoteRuntime;
  fetchImpl?: typeof fetch;
}

export function createShell(config: ShellRuntimeConfig, options: CreateShellOptions = {}): CreatedShell {
  const bus = createEventBus();
  const clientId = ensureClientId();
  const viewport = createViewport();
  let navigator: Navigator | null = null;
  const pending: { to: string; options?: { replace?: boolean } }[] = [];

  // eslint-disable-next-line prefer-const
  let apiClient: ShellApi['api'];
  const session = createSession({
    bus,
    cookieDomain: config.cookieDomain,
    getApi: () => apiClient,
    // an outage keeps the user signed in; the toast says why the page is not up to date
    onNetworkTrouble: (text) => toasts.warn(text),
  });
  const tracker = createTracker({
    profile: () => analyticsProfile(session.state),
    route: () => window.location.pathname,
    clientId: () => clientId,
    token: () => session.state.token,
    collectorUrl: `${config.apiBase.replace(/\/+$/, '')}/v1/track`,
    fetchImpl: options.fetchImpl,
  });
  // every API call carries a trace id; failures and slow calls are tracked (the collector's own calls are not)
  const instrumented = instrumentFetch(options.fetchImpl ?? ((input, init) => fetch(input, init)), {
    track: (event, props) => tracker.track(event, props),
    skip: (path) => path.endsWith('/v1/track'),
  });
  apiClient = createApiClient({
    apiBase: config.apiBase,
    version: SHELL_VERSION,
    getClientId: () => clientId,
    getToken: () => session.state.token,
    getViewportWidth: () => viewport.state.width,
    onSessionInvalid: (reason) => session.clear(reason),
    fetchImpl: instrumented,
  });

  // a page view per route, with the profile at that moment
  bus.on('shell:route-changed', ({ path }) => tracker.track(TRACK_EVENTS.PAGE_VIEW, { path }));

  const toasts = createToastStore();
  const runtime =
    options.runtime ??
    createRemoteRuntime({
      fetchImpl: options.fetchImpl,
      // a remote of another contract major: the console says it, and the collector logs it for the operator
      onContractRefused: (refusal) => {
        console.error(`[shell] refused ${refusal.remote} ${refusal.remoteVersion} from ${refusal.entry}: built against shared-contracts ${refusal.remoteContract || '(none declared)'}, the shell speaks ${refusal.shellContract}`);
        trackEvent(tracker, TRACK_EVENTS.REMOTE_REFUSED, {
          remote: refusal.remote,
          remote_version: refusal.remoteVersion,
          remote_contract: refusal.remoteContract,
          shell_contract: refusal.shellContract,
          entry: refusal.entry,
        });
        tracker.flush();
      },
    });

  function navigate(to: string, navOptions?: { replace?: boolean }) {
    const target = classifyLink(to, { origin: window.location.origin, ownDomains: config.ownDomains });
    if (target.kind === 'in-app') {
      if (navigator) navigator.navigate(target.to, navOptions);
      else pending.push({ to: target.to, options: navOptions });
    } else if (target.kind === 'same-window') {
      window.location.assign(target.href);
    } else {
      window.open(target.href, '_blank', 'noopener,noreferrer');
    }
  }

  const api: ShellApi = {
    config,
    api: apiClient,
    bus,
    session,
    preferences: createPreferences(),
    viewport: viewport.state,
    toast: toasts,
    navigate,
    track: (event, props) => tracker.track(event, props),
    // another remote's module, loaded on demand (the template list picker of the creation screens)
    RemoteModule: LazyRemoteModuleHost,
  };

  return {
    api,
    session,
    tracker,
    internals: { runtime, config, toasts, embedMode: embedModeFlag },
    setNavigator(next) {
      navigator = next;
      for (const item of pending.splice(0)) next.navigate(item.to, item.options);
    },
  };
}
