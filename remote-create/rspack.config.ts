import path from 'node:path';
import { createAppConfig, sharedSingletons } from '../rspack.shared';
import pkg from './package.json';

/** remote-create: the creation screens, My Creations, the image crop modal and the image preview. Builds into dist/<version>/ so a new version never overwrites the running one. */
export default function config({ production }: { production: boolean }) {
  return createAppConfig({
    appDir: __dirname,
    production,
    outDir: path.join(__dirname, 'dist', pkg.version),
    publicPath: 'auto',
    html: { title: 'remote-create: a federated remote of AI Video Generator', template: path.join(__dirname, 'src', 'index.html') },
    federation: {
      name: 'remote_create',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: {
        './CreateScreen': './src/exposes/create-screen.tsx',
        './LibrariesPage': './src/exposes/libraries-page.tsx',
        './ImageCropModal': './src/exposes/image-crop-modal.tsx',
        './ImagePreview': './src/exposes/image-preview.tsx',
      },
      shared: sharedSingletons,
    },
  });
}
