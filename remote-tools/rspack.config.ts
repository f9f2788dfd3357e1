import { createRemoteConfig } from '../rspack.shared';

/** remote-tools: the AI tools list and the tool editors. Builds into dist/<version>/ so a new version never overwrites the running one. */
export default function config({ production }: { production: boolean }) {
  return createRemoteConfig({
    appDir: __dirname,
    production,
    container: 'remote_tools',
    holds: 'the AI tools list and the tool editors',
  });
}
