/**
 * A PostgreSQL server for one parts-apart run, when no server is named: initdb into a temporary folder, then
 * `postgres` itself as a child process in the run's own process group (not pg_ctl, whose server leaves the
 * group): whoever ends the run's group, Playwright's shutdown or a phase's deadline, ends the server too.
 * As root both run as the postgres user (initdb and postgres refuse root), by the process's uid, not `su`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { findPostgresBin } from '@studio/db/scratch-server';

export interface OwnPostgres {
  url: string;
  stop(): Promise<void>;
}

export async function startOwnPostgres(port: number, deadlineMs = 60_000): Promise<OwnPostgres> {
  const { bin, reason } = findPostgresBin();
  if (!bin) throw new Error(`parts apart needs PostgreSQL: ${reason}, or PARTS_APART_DATABASE_URL`);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parts-apart-pg-'));
  const user =
    process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) } : {};
  if (user.uid !== undefined && user.gid !== undefined) chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const env = { PATH: process.env.PATH ?? '', LANG: 'C.UTF-8' };
  execFileSync(path.join(bin, 'initdb'), ['-A', 'trust', '-U', 'postgres', '-D', data], { ...user, env, cwd: dir, stdio: 'pipe', timeout: 120_000, killSignal: 'SIGKILL' });
  const args = ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'max_connections=200'];
  const child = spawn(path.join(bin, 'postgres'), args, { ...user, env, cwd: dir, stdio: 'ignore' });
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const until = Date.now() + deadlineMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`postgres exited with ${child.exitCode} (is port ${port} taken?)`);
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      await client.end();
      break;
    } catch {
      await client.end().catch(() => undefined);
      if (Date.now() > until) throw new Error(`postgres did not accept connections on ${port} in time`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // fast shutdown: the parts are gone, nothing to wait for
        child.kill('SIGINT');
        const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(kill);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
