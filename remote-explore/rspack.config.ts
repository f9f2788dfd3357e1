import path from 'node:path';
import { createAppConfig, sharedSingletons } from '../rspack.shared';
import pkg from './package.json';

/** remote-explore: home, explore gallery, template browser and effect templates. Builds into dist/<version>/ so a new version never overwrites the running one. */
export default function config({ production }: { production: boolean }) {
  return createAppConfig({
    appDir: __dirname,
    production,
    outDir: path.join(__dirname, 'dist', pkg.version),
    publicPath: 'auto',
    html: { title: 'remote-explore: a federated remote of AI Video Generator', template: path.join(__dirname, 'src', 'index.html') },
    federation: {
      name: 'remote_explore',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: {
        './HomePage': './src/exposes/home-page.tsx',
        './ExplorePage': './src/exposes/explore-page.tsx',
        './TemplatePage': './src/exposes/template-page.tsx',
        './EffectPage': './src/exposes/effect-page.tsx',
      },
      shared: sharedSingletons,
    },
  });
}
