/**
 * A database handle that loses its connection on cue (test support): a statement matching a fault fails
 * with the error node-postgres gives for a dead connection, either before it reaches the server (nothing
 * happened there) or after the server ran it (the answer was lost on the way back), or the transaction it
 * ran in commits and then its answer is lost. A fault may also hang the statement forever, as a connection
 * that died without a goodbye would without timeouts. Each fault fires `times` times (default once).
 */
import type { Database, QueryOptions, QueryResult, Queryable } from '@studio/db';

type FaultWhen = 'before' | 'after' | 'commit' | 'hang';

export interface Fault {
  /** which statements it hits, by their SQL text (and their parameters, when `args` is given) */
  match: RegExp;
  args?: (params: unknown[]) => boolean;
  when: FaultWhen;
  times?: number;
  /** only a statement whose answer has rows counts (e.g. a fetch that took a job); 'after' and 'commit' */
  withRows?: boolean;
}

export interface FaultyDb extends Database {
  /** arms a fault; resolves once it has fired */
  fail(fault: Fault): Promise<void>;
  /** faults fired so far */
  readonly fired: number;
}

/** What node-postgres rejects a query with when the server went away under it. */
const connectionLost = () => new Error('Connection terminated unexpectedly');

interface Armed extends Required<Omit<Fault, 'args'>> {
  args?: Fault['args'];
  fired(): void;
}

export function faultyDb(db: Database): FaultyDb {
  const armed: Armed[] = [];
  let fired = 0;
  const find = (text: string, params: unknown[] = []): Armed | null =>
    armed.find((candidate) => candidate.times > 0 && candidate.match.test(text) && (!candidate.args || candidate.args(params))) ?? null;
  const fire = (fault: Armed) => {
    fault.times -= 1;
    fired += 1;
    fault.fired();
  };

  /** runs a statement through the faults, telling the transaction around it (if any) which one fired */
  async function run<R>(q: Queryable, text: string, params: unknown[] | undefined, options: QueryOptions | undefined, inTx?: (when: FaultWhen) => void): Promise<QueryResult<R>> {
    const fault = find(text, params);
    if (!fault) return q.query<R>(text, params, options);
    if (fault.when === 'before' || fault.when === 'hang') {
      fire(fault);
      inTx?.(fault.when);
      if (fault.when === 'before') throw connectionLost();
      return new Promise<QueryResult<R>>(() => undefined);
    }
    const result = await q.query<R>(text, params, options);
    if (fault.withRows && result.rows.length === 0) return result;
    fire(fault);
    inTx?.(fault.when);
    if (fault.when === 'after' || !inTx) throw connectionLost();
    return result;
  }

  const wrapped: FaultyDb = {
    kind: db.kind,
    pglite: db.pglite,
    pool: db.pool,
    url: db.url,
    timeouts: db.timeouts,
    get fired() {
      return fired;
    },
    fail(fault) {
      return new Promise<void>((resolve) => {
        armed.push({ times: 1, withRows: false, ...fault, fired: resolve });
      });
    },
    query: <R>(text: string, params?: unknown[], options?: QueryOptions) => run<R>(db, text, params, options),
    // a connection lost inside a transaction takes the transaction with it: every later statement fails
    // and nothing commits (even when the code in between swallowed the error), as the server rolls back.
    // A hang inside one: the server's side ends (rolled back, its locks freed, as the server's timeouts
    // would), the caller's await never settles
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      let dead = false;
      let hung = false;
      let loseCommit = false;
      let abandon: (error: Error) => void = () => undefined;
      const abandoned = new Promise<never>((_resolve, reject) => (abandon = reject));
      abandoned.catch(() => undefined);
      const result = await db
        .transaction(async (tx) => {
          const work = fn({
            query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
              if (dead) return Promise.reject(connectionLost());
              return run<R>(tx, text, params, options, (when) => {
                if (when === 'commit') loseCommit = true;
                else if (when === 'hang') {
                  hung = true;
                  abandon(connectionLost());
                } else dead = true;
              });
            },
          });
          const answer = await Promise.race([work, abandoned]);
          if (dead) throw connectionLost();
          return answer;
        })
        .catch((error: unknown) => {
          if (hung) return new Promise<never>(() => undefined);
          throw error;
        });
      if (loseCommit) throw connectionLost();
      return result;
    },
    close: () => db.close(),
  };
  return wrapped;
}
