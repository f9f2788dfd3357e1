import { firstScreenFile } from 'shared-contracts/first-load';
import { HOME_FIRST_SCREEN_FILE } from 'shared-contracts/home-discovery';
import { createRemoteConfig, createServerRenderConfig } from '../rspack.shared';

/**
 * remote-explore: home, explore gallery, template browser and effect templates. Builds into dist/<version>/ so a
 * new version never overwrites the running one; then /home's first screen for the gateway to render on the
 * server from the same components (dist/<version>/server/, shared-contracts' HOME_FIRST_SCREEN_FILE), and /explore's,
 * the legal pages' and /effect's (dist/<version>/server/first-screen/).
 */
export default function config({ production }: { production: boolean }) {
  return [
    createRemoteConfig({
      appDir: __dirname,
      production,
      container: 'remote_explore',
      holds: 'the home page, the explore gallery, the template browser, the effect templates, the template list picker and the legal pages',
    }),
    createServerRenderConfig({ appDir: __dirname, production, container: 'remote_explore', entry: './src/home/first-screen/server.tsx', file: HOME_FIRST_SCREEN_FILE }),
    createServerRenderConfig({
      appDir: __dirname,
      production,
      container: 'remote_explore',
      entry: './src/explore/first-screen/server.tsx',
      file: firstScreenFile('remote_explore/ExplorePage'),
    }),
    createServerRenderConfig({
      appDir: __dirname,
      production,
      container: 'remote_explore',
      entry: './src/legal/first-screen/server.tsx',
      file: firstScreenFile('remote_explore/LegalPage'),
    }),
    createServerRenderConfig({
      appDir: __dirname,
      production,
      container: 'remote_explore',
      entry: './src/effect/first-screen/server.tsx',
      file: firstScreenFile('remote_explore/EffectPage'),
    }),
    createServerRenderConfig({
      appDir: __dirname,
      production,
      container: 'remote_explore',
      entry: './src/template/first-screen/server.tsx',
      file: firstScreenFile('remote_explore/TemplatePage'),
    }),
  ];
}
