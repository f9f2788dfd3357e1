/**
 * A PostgreSQL server of its own for tests that stop and start it (chaos tests): initdb into a temporary
 * folder, pg_ctl start/stop/restart on a given port, removed afterwards. Needs the server binaries
 * (Debian's postgresql package, /usr/lib/postgresql/<version>/bin); as root it runs them as the postgres
 * user, since initdb refuses root. Test support only.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ScratchServer {
  url: string;
  port: number;
  stop(mode?: 'fast' | 'immediate'): void;
  start(): void;
  remove(): void;
}

/** The newest server binaries folder, or null (with the reason) when none is installed. */
export function findPostgresBin(): { bin: string | null; reason: string } {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return { bin: null, reason: 'PostgreSQL server binaries are not installed (apt-get install postgresql)' };
  const versions = readdirSync(root).filter((v) => existsSync(path.join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(a) - Number(b));
  const newest = versions[versions.length - 1];
  return newest ? { bin: path.join(root, newest, 'bin'), reason: '' } : { bin: null, reason: `no pg_ctl under ${root}` };
}

/**
 * A loopback port free now, for a server started next: two test runs on one machine (npm test runs the service
 * tests on PGlite and on PostgreSQL side by side) must not both take a fixed one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port was given'))));
    });
  });
}

export function startScratchServer(bin: string, port: number): ScratchServer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scratch-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString()), Number(execFileSync('id', ['-g', 'postgres']).toString()));
  // synchronous, so it blocks the test process's timers: bounded here, or a stuck tool would hang the suite
  // past every test timeout (pg_ctl -w gives up after 60 s on its own)
  const limits = { stdio: 'pipe' as const, timeout: 120_000, killSignal: 'SIGKILL' as const };
  const run = (tool: string, args: string[]) => {
    const command = [path.join(bin, tool), ...args];
    if (asRoot) execFileSync('su', ['postgres', '-c', command.map((part) => `'${part.replace(/'/g, `'\\''`)}'`).join(' ')], limits);
    else execFileSync(command[0], command.slice(1), limits);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-A', 'trust', '-U', 'postgres', '-D', data]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const server: ScratchServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start: () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']),
    stop: (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    remove: () => {
      try {
        server.stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  server.start();
  return server;
}
