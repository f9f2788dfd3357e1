import { createRemoteConfig } from '../rspack.shared';

/** remote-explore: home, explore gallery, template browser and effect templates. Builds into dist/<version>/ so a new version never overwrites the running one. */
export default function config({ production }: { production: boolean }) {
  return createRemoteConfig({
    appDir: __dirname,
    production,
    container: 'remote_explore',
    holds: 'the home page, the explore gallery, the template browser, the effect templates, the template list picker and the legal pages',
    exposes: {
      './HomePage': './src/exposes/home-page.tsx',
      './ExplorePage': './src/exposes/explore-page.tsx',
      './TemplatePage': './src/exposes/template-page.tsx',
      './EffectPage': './src/exposes/effect-page.tsx',
      './TemplatePicker': './src/exposes/template-picker.tsx',
      './LegalPage': './src/exposes/legal-page.tsx',
    },
  });
}
