/**
 * No await waits forever on a dead or wedged connection (issue 20): every pool connects, runs statements
 * and waits for answers within bounds. A server that accepts and never speaks, a statement that runs on, a
 * transaction left idle, a pool with no free connection, and a connection that goes silent mid-query (a
 * network that drops everything, where only the client can give up) each end in an error within their
 * bound, and the pool works again afterwards. Without the bounds each of these awaits never settled.
 */
import net, { type AddressInfo } from 'node:net';
import { openDatabase, type Database } from './index';
import { connectionOptions, timeoutsFromEnv } from './timeouts';

const url = process.env.TEST_DATABASE_URL;
const onPostgres = url ? describe : describe.skip;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How long a promise took to settle, and how. */
async function timed(promise: Promise<unknown>): Promise<{ ms: number; error: Error | null }> {
  const start = Date.now();
  try {
    await promise;
    return { ms: Date.now() - start, error: null };
  } catch (error) {
    return { ms: Date.now() - start, error: error as Error };
  }
}

function listenOn(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

/** A TCP proxy to the real server that can go silent: while frozen, nothing passes either way. */
async function silentProxy(target: URL) {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const server = net.createServer((inbound) => {
    const outbound = net.connect(Number(target.port || 5432), target.hostname);
    for (const socket of [inbound, outbound]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    inbound.on('data', (chunk) => !frozen && outbound.write(chunk));
    outbound.on('data', (chunk) => !frozen && inbound.write(chunk));
    inbound.on('close', () => outbound.destroy());
    outbound.on('close', () => inbound.destroy());
  });
  const port = await listenOn(server);
  const proxied = new URL(target.toString());
  proxied.hostname = '127.0.0.1';
  proxied.port = String(port);
  return {
    url: proxied.toString(),
    freeze: () => (frozen = true),
    thaw: () => (frozen = false),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('connection bounds', () => {
  it('reads its bounds from the environment, 0 switching one off, and refuses nonsense', () => {
    expect(timeoutsFromEnv({})).toEqual({ connectMs: 10000, statementMs: 60000, idleInTransactionMs: 60000, queryMs: 70000 });
    expect(timeoutsFromEnv({ DB_STATEMENT_TIMEOUT_MS: '5000', DB_CONNECT_TIMEOUT_MS: '0' })).toMatchObject({ connectMs: 0, statementMs: 5000, queryMs: 15000 });
    expect(connectionOptions({ connectMs: 0, statementMs: 0, idleInTransactionMs: 0, queryMs: 0 })).toEqual({ keepAlive: true, keepAliveInitialDelayMillis: 10000 });
    expect(() => timeoutsFromEnv({ DB_QUERY_TIMEOUT_MS: 'soon' })).toThrow('DB_QUERY_TIMEOUT_MS');
  });

  it('gives up connecting to a server that accepts and never answers', async () => {
    const held = new Set<net.Socket>();
    const mute = net.createServer((socket) => void held.add(socket));
    const port = await listenOn(mute);
    const db = await openDatabase({ url: `postgres://nobody@127.0.0.1:${port}/none`, timeouts: { connectMs: 400 } });
    try {
      const { ms, error } = await timed(db.query('SELECT 1'));
      expect(error?.message).toMatch(/timeout/i);
      expect(ms).toBeLessThan(5000);
    } finally {
      for (const socket of held) socket.destroy();
      mute.close();
      await db.close().catch(() => undefined);
    }
  });
});

onPostgres('connection bounds on a PostgreSQL server', () => {
  let db: Database;
  afterEach(async () => {
    await db?.close().catch(() => undefined);
  });

  it('cancels a statement that runs past statement_timeout', async () => {
    db = await openDatabase({ url, timeouts: { statementMs: 300 } });
    const { ms, error } = await timed(db.query('SELECT pg_sleep(5)'));
    expect((error as Error & { code?: string }).code).toBe('57014');
    expect(ms).toBeLessThan(3000);
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
  });

  it('ends a session left idle inside a transaction, releasing what it held', async () => {
    db = await openDatabase({ url, timeouts: { idleInTransactionMs: 300 } });
    const { error } = await timed(
      db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        await sleep(1200);
        await tx.query('SELECT 1');
      }),
    );
    expect(error).not.toBeNull();
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
  });

  it('stops waiting for a free connection of a full pool', async () => {
    db = await openDatabase({ url, max: 1, timeouts: { connectMs: 400 } });
    let release!: () => void;
    const holding = db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
    await sleep(100);
    const { ms, error } = await timed(db.query('SELECT 1'));
    expect(error?.message).toMatch(/timeout/i);
    expect(ms).toBeLessThan(3000);
    release();
    await holding;
  });

  it('gives up on a connection that went silent, outside and inside a transaction, and works again after', async () => {
    const proxy = await silentProxy(new URL(url as string));
    db = await openDatabase({ url: proxy.url, max: 2, timeouts: { queryMs: 500, connectMs: 1000 } });
    try {
      await db.query('SELECT 1');
      proxy.freeze();
      const plain = await timed(db.query('SELECT 1'));
      expect(plain.error?.message).toMatch(/timeout/i);
      expect(plain.ms).toBeLessThan(4000);
      proxy.thaw();
      await db.query('SELECT 1');
      const inTx = await timed(
        db.transaction(async (tx) => {
          await tx.query('SELECT 1');
          proxy.freeze();
          await tx.query('SELECT 2');
        }),
      );
      expect(inTx.error?.message).toMatch(/timeout/i);
      expect(inTx.ms).toBeLessThan(4000);
      proxy.thaw();
      // the silent connection was not handed out again: the next queries answer
      for (let i = 0; i < 3; i += 1) expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows[0].one).toBe(1);
    } finally {
      await db.close().catch(() => undefined);
      await proxy.close();
    }
  });
});
