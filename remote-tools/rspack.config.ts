import path from 'node:path';
import { createAppConfig, sharedSingletons } from '../rspack.shared';
import pkg from './package.json';

/** remote-tools: the AI tools list and the tool editors. Builds into dist/<version>/ so a new version never overwrites the running one. */
export default function config({ production }: { production: boolean }) {
  return createAppConfig({
    appDir: __dirname,
    production,
    outDir: path.join(__dirname, 'dist', pkg.version),
    publicPath: 'auto',
    html: { title: 'remote-tools: a federated remote of AI Video Generator', template: path.join(__dirname, 'src', 'index.html') },
    federation: {
      name: 'remote_tools',
      filename: 'remoteEntry.js',
      manifest: true,
      exposes: {
        './AiToolsPage': './src/exposes/ai-tools-page.tsx',
        './ToolEditor': './src/exposes/tool-editor.tsx',
      },
      shared: sharedSingletons,
    },
  });
}
