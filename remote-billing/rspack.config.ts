import { createRemoteConfig } from '../rspack.shared';

/** remote-billing: pricing, the purchase dialog and the promotion placements. Builds into dist/<version>/ so a new version never overwrites the running one. */
export default function config({ production }: { production: boolean }) {
  return createRemoteConfig({
    appDir: __dirname,
    production,
    container: 'remote_billing',
    holds: 'pricing, the purchase dialog and the promotion placements',
  });
}
