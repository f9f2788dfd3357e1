import path from 'node:path';
import { rspack } from '@rspack/core';
import { createAppConfig, sharedSingletons } from '../rspack.shared';
import pkg from './package.json';

/** remote-tools: the AI tools list and the tool editors. Builds into dist/<version>/ so a new version never overwrites the running one. */
export default function config({ production }: { production: boolean }) {
  const app = createAppConfig({
    appDir: __dirname,
    production,
    outDir: path.join(__dirname, 'dist', pkg.version),
    publicPath: 'auto',
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
  // The stand-alone page (src/index.html) is static: it says what this remote is and links to the
  // product, so no script is injected into it (not the federation runtime, never remoteEntry.js).
  app.plugins = [
    ...(app.plugins ?? []),
    new rspack.HtmlRspackPlugin({ template: path.join(__dirname, 'src', 'index.html'), inject: false }),
  ];
  return app;
}
