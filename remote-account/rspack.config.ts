import { createRemoteConfig } from '../rspack.shared';
import pkg from './package.json';

/**
 * remote-account: login dialog, logout, account panel, credit transactions, daily check-in, feedback and
 * the community invite panel. Builds into dist/<version>/ so a new version never overwrites the running one.
 */
export default function config({ production }: { production: boolean }) {
  return createRemoteConfig({
    appDir: __dirname,
    production,
    container: 'remote_account',
    holds: 'sign-in (login dialog, logout), the account panel, credit transactions, the daily check-in, feedback and the community invite panel',
    define: { __REMOTE_ACCOUNT_VERSION__: JSON.stringify(pkg.version) },
  });
}
