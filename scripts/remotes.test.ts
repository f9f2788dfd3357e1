/**
 * The compose files cannot import the contract's REMOTES list, so this holds them to it: every remote has
 * its service in docker-compose.yml (its folder, its port) and its line in deploy/remotes.compose.json, and
 * neither names a remote the list does not have.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES, WEB_APPS } from 'shared-contracts/remotes';

const root = path.resolve(__dirname, '..');

describe('the one REMOTES list', () => {
  it('docker-compose.yml and deploy/remotes.compose.json serve exactly the remotes of the list', () => {
    const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    const servedRemotes = [...compose.matchAll(/REMOTE: (remote-[a-z-]+), PORT: '(\d+)'/g)].map((m) => [m[1], Number(m[2])]);
    expect(servedRemotes).toEqual(REMOTES.map((remote) => [remote.pkg, remote.composePort]));

    const manifest = JSON.parse(readFileSync(path.join(root, 'deploy', 'remotes.compose.json'), 'utf8')) as { remotes: { name: string; entry: string }[] };
    expect(manifest.remotes.map((r) => r.name)).toEqual(REMOTES.map((remote) => remote.container));
    for (const remote of REMOTES) {
      const entry = manifest.remotes.find((r) => r.name === remote.container)?.entry ?? '';
      expect(entry).toContain(`:${remote.composePort}/remotes/${remote.pkg}/`);
    }
  });

  it('the build makes the shell and every remote', () => {
    expect(WEB_APPS).toEqual(['shell', ...REMOTES.map((remote) => remote.pkg)]);
  });
});
