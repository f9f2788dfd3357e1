/**
 * LISTEN on a PostgreSQL channel that survives a server restart or failover: a connection of its own
 * (not one borrowed from the pool and kept), an `error` listener (without one, node ends the process on
 * the first connection error), and on error or end a reconnect with backoff that LISTENs again.
 * Notifications sent while it was away are lost, as PostgreSQL never keeps them: callers must also poll.
 */
import pg from 'pg';
import { connectionOptions, type PoolTimeouts } from './timeouts.js';

interface ListenLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

export interface Listener {
  /** connected and listening now */
  readonly listening: boolean;
  /** reconnections so far */
  readonly reconnects: number;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** backoff between reconnection attempts, ms (the last repeats); default 250 ms doubling to 10 s */
  delaysMs?: number[];
  log?: ListenLog;
  /** called after every (re)connection, e.g. to catch up on what was missed while away */
  onConnected?: () => void;
  /** the connection's bounds (timeouts.ts; default DEFAULT_TIMEOUTS): a connect that hangs is retried */
  timeouts?: Partial<PoolTimeouts>;
}

const DEFAULT_DELAYS = [250, 500, 1000, 2000, 5000, 10000];
const silent: ListenLog = { warn: () => undefined, info: () => undefined };

export async function listen(
  connection: pg.ClientConfig | string,
  channel: string,
  onNotify: (payload: string) => void,
  options: ListenOptions = {},
): Promise<Listener> {
  if (!/^[a-z_][a-z0-9_]*$/i.test(channel)) throw new Error(`not a channel name: ${channel}`);
  const delays = options.delaysMs ?? DEFAULT_DELAYS;
  const log = options.log ?? silent;
  let client: pg.Client | null = null;
  let closed = false;
  let listening = false;
  let reconnects = 0;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...connectionOptions(options.timeouts), ...(typeof connection === 'string' ? { connectionString: connection } : connection) });
    let failed = false;
    const lost = (why: string, error?: unknown) => {
      if (failed) return;
      failed = true;
      listening = false;
      if (client === next) client = null;
      next.removeAllListeners('notification');
      void next.end().catch(() => undefined);
      if (!closed) {
        log.warn({ channel, err: error instanceof Error ? error.message : why }, 'LISTEN connection lost; reconnecting');
        schedule();
      }
    };
    // registered before connect(): a connection error must never be an unhandled 'error' event
    next.on('error', (error) => lost('error', error));
    next.on('end', () => lost('end'));
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onNotify(message.payload);
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      lost('connect', error);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    listening = true;
    if (attempt > 0) {
      reconnects += 1;
      log.info({ channel, attempts: attempt }, 'LISTEN connection back');
    }
    attempt = 0;
    options.onConnected?.();
  };

  const schedule = () => {
    if (closed || timer) return;
    const delay = delays[Math.min(attempt, delays.length - 1)];
    attempt += 1;
    timer = setTimeout(() => {
      timer = null;
      connect().catch(() => undefined); // lost() has scheduled the next attempt
    }, delay);
    timer.unref?.();
  };

  try {
    await connect();
  } catch {
    // the first connection failed too: keep trying in the background, the caller polls meanwhile
  }

  return {
    get listening() {
      return listening;
    },
    get reconnects() {
      return reconnects;
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const current = client;
      client = null;
      listening = false;
      await current?.end().catch(() => undefined);
    },
  };
}
