import { firstScreenFile } from 'shared-contracts/first-load';
import { createRemoteConfig, createServerRenderConfig } from '../rspack.shared';

/**
 * remote-tools: the AI tools list and the tool editors. Builds into dist/<version>/ so a new version never overwrites
 * the running one; then the tools list's and the tool editors' first screens for the gateway to render on the server
 * from the same components (dist/<version>/server/first-screen/).
 */
export default function config({ production }: { production: boolean }) {
  return [
    createRemoteConfig({
      appDir: __dirname,
      production,
      container: 'remote_tools',
      holds: 'the AI tools list and the tool editors',
    }),
    createServerRenderConfig({
      appDir: __dirname,
      production,
      container: 'remote_tools',
      entry: './src/tools-list/first-screen/server.tsx',
      file: firstScreenFile('remote_tools/AiToolsPage'),
    }),
    createServerRenderConfig({
      appDir: __dirname,
      production,
      container: 'remote_tools',
      entry: './src/tool-editor/first-screen/server.tsx',
      file: firstScreenFile('remote_tools/ToolEditor'),
    }),
  ];
}
