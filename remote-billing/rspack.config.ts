import path from 'node:path';
import { createAppConfig, sharedSingletons } from '../rspack.shared';
import pkg from './package.json';

/** remote-billing: pricing, the purchase dialog and the promotion placements. Builds into dist/<version>/ so a new version never overwrites the running one. */
export default function config({ production }: { production: boolean }) {
  return createAppConfig({
    appDir: __dirname,
    production,
    outDir: path.join(__dirname, 'dist', pkg.version),
    publicPath: 'auto',
    html: { title: 'remote-billing: a federated remote of AI Video Generator', template: path.join(__dirname, 'src', 'index.html') },
    federation: {
      name: 'remote_billing',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: {
        './PricingPage': './src/exposes/pricing-page.tsx',
        './BillingHost': './src/exposes/billing-host.tsx',
        './PromotionSlot': './src/exposes/promotion-slot.tsx',
      },
      shared: sharedSingletons,
    },
  });
}
