import { openDatabase, type Database } from './index';

const tableBytes = async (db: Database, table: string) =>
  (await db.query<{ bytes: number }>('SELECT pg_relation_size($1::regclass)::int AS bytes', [table])).rows[0].bytes;

async function fillAndEmpty(db: Database, table: string): Promise<number> {
  await db.query(`CREATE TABLE ${table} (id int PRIMARY KEY, body text)`);
  await db.query(`INSERT INTO ${table} SELECT g, repeat('x', 200) FROM generate_series(1, 5000) g`);
  const full = await tableBytes(db, table);
  await db.query(`DELETE FROM ${table}`);
  return full;
}

describe('the embedded database vacuums and analyzes itself (PGlite has no autovacuum)', () => {
  it('reclaims a table whose rows were deleted and refreshes its statistics, on its own timer', async () => {
    const db = await openDatabase({ dataDir: 'memory://', upkeepMs: 100 });
    try {
      const full = await fillAndEmpty(db, 'upkeep_probe');
      expect(full).toBeGreaterThan(500_000);
      let stats: { last_vacuum: Date | null; last_analyze: Date | null } | undefined;
      for (let waited = 0; waited < 10_000 && !stats?.last_vacuum; waited += 100) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        stats = (await db.query<{ last_vacuum: Date | null; last_analyze: Date | null }>(
          "SELECT last_vacuum, last_analyze FROM pg_stat_user_tables WHERE relname = 'upkeep_probe'",
        )).rows[0];
      }
      expect(stats?.last_vacuum).toBeTruthy();
      expect(stats?.last_analyze).toBeTruthy();
      // the emptied pages are handed back instead of carried for the life of the data folder
      expect(await tableBytes(db, 'upkeep_probe')).toBeLessThan(full / 10);
    } finally {
      await db.close();
    }
  });

  it('leaves a table alone when switched off (0), so the figure above is the upkeep and not PGlite', async () => {
    const db = await openDatabase({ dataDir: 'memory://', upkeepMs: 0 });
    try {
      const full = await fillAndEmpty(db, 'upkeep_off_probe');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await tableBytes(db, 'upkeep_off_probe')).toBe(full);
    } finally {
      await db.close();
    }
  });
});
