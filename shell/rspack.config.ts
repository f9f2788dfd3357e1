import path from 'node:path';
import { createAppConfig, sharedSingletons } from '../rspack.shared';

export default function config({ production }: { production: boolean }) {
  return createAppConfig({
    appDir: __dirname,
    production,
    outDir: path.join(__dirname, 'dist'),
    publicPath: '/',
    html: { title: 'AI Video Generator' },
    federation: {
      name: 'shell',
      remotes: {},
      shared: sharedSingletons,
    },
  });
}
