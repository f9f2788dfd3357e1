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

  it('keeps dollar-quoted bodies whole when splitting', () => {
    const sql = `CREATE FUNCTION f() RETURNS int AS $$\nBEGIN\n  RETURN 1;\nEND;\n$$ LANGUAGE plpgsql;\nSELECT 1;\n`;
    expect(splitStatements(sql)).toHaveLength(2);
  });
});
