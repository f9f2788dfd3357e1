import path from 'node:path';
import { createAppConfig, sharedSingletons } from '../rspack.shared';
import pkg from './package.json';

/**
 * remote-account: login dialog, logout, account panel, credit transactions, daily check-in, feedback and
 * the community invite panel. Builds into dist/<version>/ so a new version never overwrites the running one.
 */
export default function config({ production }: { production: boolean }) {
  return createAppConfig({
    appDir: __dirname,
    production,
    outDir: path.join(__dirname, 'dist', pkg.version),
    publicPath: 'auto',
    html: { title: 'remote-account (stand-alone)', template: path.join(__dirname, 'src', 'index.html') },
    define: { __REMOTE_ACCOUNT_VERSION__: JSON.stringify(pkg.version) },
    federation: {
      name: 'remote_account',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: {
        './AccountEntry': './src/exposes/account-entry.tsx',
        './AccountHost': './src/exposes/account-host.tsx',
      },
      shared: sharedSingletons,
    },
  });
}
