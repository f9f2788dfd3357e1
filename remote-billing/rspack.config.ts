import { firstScreenFile } from 'shared-contracts/first-load';
import { createRemoteConfig, createServerRenderConfig } from '../rspack.shared';

/**
 * remote-billing: pricing, the purchase dialog and the promotion placements. Builds into dist/<version>/ so a new
 * version never overwrites the running one; then the Pricing page's first screen for the gateway to render on the
 * server from the same components (dist/<version>/server/first-screen/).
 */
export default function config({ production }: { production: boolean }) {
  return [
    createRemoteConfig({
      appDir: __dirname,
      production,
      container: 'remote_billing',
      holds: 'pricing, the purchase dialog and the promotion placements',
    }),
    createServerRenderConfig({
      appDir: __dirname,
      production,
      container: 'remote_billing',
      entry: './src/plans/first-screen/server.tsx',
      file: firstScreenFile('remote_billing/PricingPage'),
    }),
  ];
}
