import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGLITE_SHARED_BUFFERS, migrate, openDatabase, splitStatements, type Database } from './index';

describe('database', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ url: process.env.TEST_DATABASE_URL ?? '', dataDir: 'memory://' });
  });
  afterAll(async () => {
    await db.close();
  });

  it('applies migrations once each, in order', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'mig-'));
    const table = `t_${Date.now()}`;
    writeFileSync(path.join(dir, '0001_create.sql'), `CREATE TABLE ${table} (id int PRIMARY KEY, name text);\n`);
    writeFileSync(path.join(dir, '0002_seed.sql'), `INSERT INTO ${table} VALUES (1, 'a');\nINSERT INTO ${table} VALUES (2, 'b');\n`);
    const service = `test-${table}`;
    expect(await migrate(db, service, dir)).toEqual(['0001_create.sql', '0002_seed.sql']);
    expect(await migrate(db, service, dir)).toEqual([]);
    const rows = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
    expect(rows.rows[0]?.n).toBe(2);
  });

  it('rolls a failed transaction back', async () => {
    await db.query('CREATE TABLE IF NOT EXISTS tx_probe (id int PRIMARY KEY)');
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO tx_probe VALUES ($1)', [1]);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    const rows = await db.query('SELECT * FROM tx_probe WHERE id = 1');
    expect(rows.rowCount).toBe(0);
  });

  it('counts the rows of a SELECT, an UPDATE and an INSERT alike on both engines', async () => {
    await db.query('CREATE TABLE IF NOT EXISTS count_probe (id int PRIMARY KEY)');
    await db.query('DELETE FROM count_probe');
    expect((await db.query('INSERT INTO count_probe VALUES (1), (2), (3)')).rowCount).toBe(3);
    expect((await db.query('SELECT id FROM count_probe WHERE id >= $1', [2])).rowCount).toBe(2);
    expect((await db.query('UPDATE count_probe SET id = id + 10 WHERE id < $1', [3])).rowCount).toBe(2);
    const inTx = await db.transaction((tx) => tx.query('SELECT id FROM count_probe'));
    expect(inTx.rowCount).toBe(3);
  });

  it('runs PGlite with a buffer pool sized for one process, its own start parameters kept (issue 25)', async () => {
    const embedded = db.kind === 'pglite' ? db : await openDatabase({ dataDir: 'memory://' });
    try {
      const buffers = await embedded.query<{ shared_buffers: string }>('SHOW shared_buffers');
      expect(buffers.rows[0].shared_buffers).toBe(PGLITE_SHARED_BUFFERS);
      const path = await embedded.query<{ search_path: string }>('SHOW search_path');
      expect(path.rows[0].search_path).toBe('public');
    } finally {
      if (embedded !== db) await embedded.close();
    }
  });

  it('runs a statement asked to be prepared like any other; on PostgreSQL it is parsed and planned once per connection (issue 25)', async () => {
    // one connection, so that pg_prepared_statements (a session's own) sees what the statements did
    const one = db.kind === 'postgres' ? await openDatabase({ url: db.url, max: 1 }) : db;
    try {
      await one.query('DROP TABLE IF EXISTS prepared_probe');
      await one.query('CREATE TABLE prepared_probe (id int PRIMARY KEY, name text)');
      await one.query(`INSERT INTO prepared_probe SELECT n, 'n' || n FROM generate_series(1, 50) n`);
      const text = 'SELECT id, name FROM prepared_probe WHERE id = $1';
      for (let id = 1; id <= 8; id += 1) {
        const result = await one.query<{ id: number; name: string }>(text, [id], { prepared: true });
        expect(result.rows).toEqual([{ id, name: `n${id}` }]);
      }
      const inTx = await one.transaction((tx) => tx.query<{ name: string }>(text, [9], { prepared: true }));
      expect(inTx.rows).toEqual([{ id: 9, name: 'n9' }]);
      if (one.kind === 'postgres') {
        const plans = await one.query<{ generic_plans: number; custom_plans: number }>(
          'SELECT generic_plans::int, custom_plans::int FROM pg_prepared_statements WHERE statement = $1',
          [text],
        );
        // PostgreSQL plans its first five runs for their values, then keeps the generic plan that costs no more
        expect(plans.rows).toEqual([{ generic_plans: 4, custom_plans: 5 }]);
      }
      // a table it answers every column of gains one: the cached statement is refused, and it runs as a one-off
      const every = 'SELECT * FROM prepared_probe WHERE id = $1';
      expect((await one.query(every, [1], { prepared: true })).rows).toEqual([{ id: 1, name: 'n1' }]);
      await one.query('ALTER TABLE prepared_probe ADD COLUMN note text');
      expect((await one.query(every, [1], { prepared: true })).rows).toEqual([{ id: 1, name: 'n1', note: null }]);
      expect((await one.query(every, [2], { prepared: true })).rows).toEqual([{ id: 2, name: 'n2', note: null }]);
      await one.query('DROP TABLE prepared_probe');
    } finally {
      if (one !== db) await one.close();
    }
  });

  it('keeps dollar-quoted bodies whole when splitting', () => {
    const sql = `CREATE FUNCTION f() RETURNS int AS $$\nBEGIN\n  RETURN 1;\nEND;\n$$ LANGUAGE plpgsql;\nSELECT 1;\n`;
    expect(splitStatements(sql)).toHaveLength(2);
  });
});
