/**
 * The one list of remotes: the build (scripts/build-web.ts, scripts/ensure-built.ts, rspack.shared.ts), the
 * start script, the gateway (services/gateway/src/web.ts), the lint boundaries (eslint.config.mjs) and the
 * compose files (checked by scripts/remotes.test.ts) derive from it. Adding a remote starts here.
 */
import type { RemoteContainer } from './remote-modules.js';

export interface RemoteInfo {
  /** folder and package name, e.g. remote-create */
  pkg: string;
  /** the federation container name, e.g. remote_create */
  container: RemoteContainer;
  /** the port its stand-alone server listens on in docker-compose.yml */
  composePort: number;
}

export const REMOTES: readonly RemoteInfo[] = [
  { pkg: 'remote-explore', container: 'remote_explore', composePort: 8201 },
  { pkg: 'remote-create', container: 'remote_create', composePort: 8202 },
  { pkg: 'remote-tools', container: 'remote_tools', composePort: 8203 },
  { pkg: 'remote-billing', container: 'remote_billing', composePort: 8204 },
  { pkg: 'remote-account', container: 'remote_account', composePort: 8205 },
];

/** Every front-end app the build makes: the shell and each remote. */
export const WEB_APPS: readonly string[] = ['shell', ...REMOTES.map((remote) => remote.pkg)];

/**
 * One instance of each across the shell and every remote (rspack.shared.ts shares them as singletons; the
 * shell's development guard warns when a second copy loads). Without @emotion/react/jsx-runtime shared,
 * the css prop in a remote would see another emotion and lose the shell's theme.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'valtio',
  'valtio/vanilla',
  'swr',
  '@emotion/react',
  '@emotion/react/jsx-runtime',
  'dayjs',
  'shared-contracts',
] as const;
