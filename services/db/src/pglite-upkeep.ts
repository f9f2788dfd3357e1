/**
 * PGlite runs PostgreSQL as one backend in single-user mode: there is no autovacuum worker, so dead row
 * versions (a queue's finished jobs, spent holds, counters) are never reclaimed and the planner's statistics
 * are never refreshed after the first start. The embedded default does that work itself, one table at a time
 * so requests interleave between tables instead of waiting for the whole database (issue 25: the embedded
 * default's memory and speed over hours).
 */
import type { PGlite } from '@electric-sql/pglite';

/** how often the embedded database vacuums and analyzes its tables */
export const PGLITE_UPKEEP_INTERVAL_MS = 10 * 60_000;

export interface Upkeep {
  /** runs one pass now (each table vacuumed and analyzed); resolves with the tables it visited */
  runOnce(): Promise<string[]>;
  /** stops the timer and waits for a pass in progress */
  stop(): Promise<void>;
}

export function startUpkeep(db: PGlite, everyMs: number = PGLITE_UPKEEP_INTERVAL_MS, onError?: (error: unknown) => void): Upkeep {
  let running: Promise<string[]> | null = null;
  let stopped = false;
  const pass = async (): Promise<string[]> => {
    const tables = await db.query<{ name: string }>(
      `SELECT format('%I.%I', n.nspname, c.relname) AS name
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'm') AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
        ORDER BY 1`,
    );
    const visited: string[] = [];
    for (const { name } of tables.rows) {
      if (stopped) break;
      // one statement per table: PGlite serialises statements, so a request waits for one table at most;
      // a table dropped since the list was read is skipped
      try {
        await db.exec(`VACUUM (ANALYZE) ${name}`);
        visited.push(name);
      } catch (error) {
        if (!/does not exist/.test(String((error as Error).message))) throw error;
      }
    }
    return visited;
  };
  const runOnce = (): Promise<string[]> => {
    running ??= pass().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = everyMs > 0 ? setInterval(() => void runOnce().catch((error: unknown) => onError?.(error)), everyMs) : null;
  // the timer never keeps a process alive on its own
  timer?.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
