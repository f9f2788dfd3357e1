import { createRemoteConfig } from '../rspack.shared';

/** remote-create: the creation screens, My Creations, the image crop modal and the image preview. Builds into dist/<version>/ so a new version never overwrites the running one. */
export default function config({ production }: { production: boolean }) {
  return createRemoteConfig({
    appDir: __dirname,
    production,
    container: 'remote_create',
    holds: 'the generation screens, the Generate List, My Creations, the image crop and the image preview',
  });
}
