import { firstScreenFile } from 'shared-contracts/first-load';
import { createRemoteConfig, createServerRenderConfig } from '../rspack.shared';

/**
 * remote-create: the creation screens, My Creations, the image crop modal and the image preview. Builds into
 * dist/<version>/ so a new version never overwrites the running one; then the creation screen's first screen for
 * the gateway to render on the server from the same components (dist/<version>/server/first-screen/).
 */
export default function config({ production }: { production: boolean }) {
  return [
    createRemoteConfig({
      appDir: __dirname,
      production,
      container: 'remote_create',
      holds: 'the generation screens, the Generate List, My Creations, the image crop and the image preview',
    }),
    createServerRenderConfig({
      appDir: __dirname,
      production,
      container: 'remote_create',
      entry: './src/create/first-screen/server.tsx',
      file: firstScreenFile('remote_create/CreateScreen'),
    }),
  ];
}
