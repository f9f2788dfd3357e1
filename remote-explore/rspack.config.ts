import path from 'node:path';
import { createAppConfig, sharedSingletons } from '../rspack.shared';
import pkg from './package.json';

export default function config({ production }: { production: boolean }) {
  return createAppConfig({
    appDir: __dirname,
    production,
    outDir: path.join(__dirname, 'dist', pkg.version),
    publicPath: 'auto',
    html: { title: 'remote-explore (stand-alone)' },
    federation: {
      name: 'remote_explore',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: {
        './HomePage': './src/exposes/home-page.tsx',
      },
      shared: sharedSingletons,
    },
  });
}
