/**
 * The runs' work folders. A run borrows one (its inputs go in it, its engine writes into the `out` folder
 * inside, which exists: the engine contract) and hands it back; it is emptied in the background and lent
 * again. A slot thus reuses one folder run after run, where making a folder for each run and removing it
 * recursively afterwards cost about as much CPU as the rest of a small run's file work (issue 25 item 6).
 * The folders are named per process, so two workers sharing WORKER_DIR never lend each other's.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';

/** the engine's folder inside a work folder */
export const ENGINE_OUT = 'out';

export interface WorkFolders {
  /** a work folder for one run, empty but for its empty `out` folder */
  take(): Promise<string>;
  /** hands a taken folder back: it is emptied in the background (one that cannot be is removed instead) */
  give(dir: string): void;
  /**
   * the worker's stop: waits for the folders being emptied and removes every folder not lent; one still
   * lent (an engine that ignored its stop) is removed when it is given back
   */
  close(): Promise<void>;
}

/** removes what a run left in its folder, keeping the (emptied) `out` folder */
async function empty(dir: string): Promise<void> {
  const out = path.join(dir, ENGINE_OUT);
  for (const name of await readdir(dir)) {
    if (name !== ENGINE_OUT) await rm(path.join(dir, name), { recursive: true, force: true });
  }
  const left = await readdir(out).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (left === null) await mkdir(out);
  else for (const name of left) await rm(path.join(out, name), { recursive: true, force: true });
}

export function createWorkFolders(root: string): WorkFolders {
  const tag = randomUUID().slice(0, 8);
  const free: string[] = [];
  const emptying = new Set<Promise<void>>();
  let made = 0;
  let closed = false;
  const remove = (dir: string) => rm(dir, { recursive: true, force: true }).catch(() => undefined);
  return {
    async take() {
      const lent = free.pop();
      if (lent) return lent;
      const dir = path.join(root, `slot-${tag}-${made++}`);
      await mkdir(path.join(dir, ENGINE_OUT), { recursive: true });
      return dir;
    },
    give(dir) {
      if (closed) {
        void remove(dir);
        return;
      }
      const done = empty(dir).then(
        () => {
          free.push(dir);
        },
        () => remove(dir),
      );
      emptying.add(done);
      void done.finally(() => emptying.delete(done));
    },
    async close() {
      closed = true;
      await Promise.all(emptying);
      await Promise.all(free.splice(0).map(remove));
    },
  };
}
