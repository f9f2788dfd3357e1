/**
 * The product as production runs it, every part its own process and the front end on several origins: the
 * account service, the product API with its workers apart, the task worker, the gateway (shell,
 * /remotes.json, proxy to the services) and each remote's own file server. This is the one home of what
 * each part runs and which settings it is given: scripts/parts-apart/run.ts starts them, and
 * scripts/compose.test.ts holds docker-compose.yml to the same commands and setting names.
 */
import { REMOTES } from 'shared-contracts/remotes';

export interface Part {
  /** the part's name, also its docker-compose service (remotes: their folder) */
  name: string;
  /** the entry it runs with tsx, relative to the repository root */
  entry: string;
  /** the settings it is given (its own environment; nothing else of the caller's reaches it but PATH-like basics) */
  env: Record<string, string>;
  /** where it listens, and the path that answers 200 once it is ready */
  port: number;
  health: string;
}

export interface TopologySettings {
  /** the first of the ports: gateway = base, account = base + 1, API = base + 2, remotes base + 3 .. */
  basePort: number;
  /** the parent domain of every origin (`studio.test`: app.studio.test, account.studio.test, remote-x.studio.test), or '' for localhost with ports only */
  domain: string;
  databaseUrl: string;
  /** the folder the API and the worker share for uploads and results */
  storageDir: string;
  /** each remote's origin serves the versions published in <publishedDir>/<remote>/ (its CDN folder) */
  publishedDir: string;
  /** APP_ENV of the gateway and the API: the deployment (`integration`; an e2e run says `test`: the small showcase) */
  appEnv: string;
  /** where the gateway reads remotes.json (the run writes `remotesJson` there) */
  remotesJsonPath: string;
  /** the secrets of this run (production sets its own) */
  secrets: { jwt: string; accountToken: string; client: string };
}

export const PART_ENTRIES = {
  account: 'services/account/src/main.ts',
  api: 'services/api/src/main.ts',
  worker: 'services/api/src/worker-main.ts',
  gateway: 'services/gateway/src/main.ts',
  remote: 'services/gateway/src/serve-remote.ts',
} as const;

/** The origin browsers reach a part at: its own host under the domain, or localhost and its port. */
export function originOf(settings: Pick<TopologySettings, 'domain'>, host: string, port: number): string {
  return settings.domain ? `http://${host}.${settings.domain}:${port}` : `http://localhost:${port}`;
}

export interface Topology {
  parts: Part[];
  appOrigin: string;
  accountOrigin: string;
  /** the remotes.json the gateway serves: each remote's manifest on its own origin */
  remotesJson: { remotes: { name: string; version: string; entry: string }[] };
}

export function partsApart(settings: TopologySettings, remoteVersions: Record<string, string>): Topology {
  const port = { gateway: settings.basePort, account: settings.basePort + 1, api: settings.basePort + 2 };
  const appOrigin = originOf(settings, 'app', port.gateway);
  const accountOrigin = originOf(settings, 'account', port.account);
  const loopback = '127.0.0.1';
  const shared = { DATABASE_URL: settings.databaseUrl, ACCOUNT_CLIENT_SECRET: settings.secrets.client };
  const parts: Part[] = [
    {
      name: 'account',
      entry: PART_ENTRIES.account,
      port: port.account,
      health: '/account/health',
      env: {
        ...shared,
        ACCOUNT_PORT: String(port.account),
        ACCOUNT_HOST: loopback,
        ACCOUNT_SEED_DEMO: '1',
        ACCOUNT_TOKEN_SECRET: settings.secrets.accountToken,
        ACCOUNT_ALLOWED_ORIGINS: appOrigin,
        ACCOUNT_PUBLIC_ORIGIN: accountOrigin,
        // browsers reach it directly on its own origin here: no proxy in front of it
        TRUST_PROXY: '0',
      },
    },
    {
      name: 'api',
      entry: PART_ENTRIES.api,
      port: port.api,
      health: '/health',
      env: {
        ...shared,
        PORT: String(port.api),
        HOST: loopback,
        JWT_SECRET: settings.secrets.jwt,
        ACCOUNT_INTERNAL_URL: `http://${loopback}:${port.account}/account`,
        PUBLIC_URL: appOrigin,
        APP_ENV: settings.appEnv,
        SEED_DEMO: '1',
        // the gateway is the one hop in front of it
        TRUST_PROXY: '1',
        // the workers run apart (the worker part)
        WORKER: '0',
        STORAGE_DIR: settings.storageDir,
      },
    },
    {
      name: 'worker',
      entry: PART_ENTRIES.worker,
      port: 0,
      health: '',
      env: {
        DATABASE_URL: settings.databaseUrl,
        STORAGE_DIR: settings.storageDir,
        WORKER_METRICS_PORT: '0',
      },
    },
    {
      name: 'web',
      entry: PART_ENTRIES.gateway,
      port: port.gateway,
      health: '/remotes.json',
      env: {
        GATEWAY_PORT: String(port.gateway),
        GATEWAY_HOST: loopback,
        API_URL: `http://${loopback}:${port.api}`,
        ACCOUNT_URL: `http://${loopback}:${port.account}`,
        ACCOUNT_ORIGIN: accountOrigin,
        COOKIE_DOMAIN: settings.domain,
        APP_ENV: settings.appEnv,
        REMOTES_JSON: settings.remotesJsonPath,
      },
    },
  ];
  const remotesJson: Topology['remotesJson'] = { remotes: [] };
  REMOTES.forEach((remote, index) => {
    const remotePort = settings.basePort + 3 + index;
    const version = remoteVersions[remote.pkg];
    if (!version) throw new Error(`no built version of ${remote.pkg}`);
    parts.push({
      name: remote.pkg,
      entry: PART_ENTRIES.remote,
      port: remotePort,
      health: '/healthz',
      env: { REMOTE: remote.pkg, PORT: String(remotePort), HOST: loopback, REMOTE_DIR: `${settings.publishedDir}/${remote.pkg}` },
    });
    remotesJson.remotes.push({
      name: remote.container,
      version,
      entry: `${originOf(settings, remote.pkg, remotePort)}/remotes/${remote.pkg}/${version}/mf-manifest.json`,
    });
  });
  return { parts, appOrigin, accountOrigin, remotesJson };
}
