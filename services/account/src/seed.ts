/** The demo accounts of the embedded default (never seeded when NODE_ENV=production; the caller decides). */
import type { Database } from '@studio/db';
import { hashPassword, SCRYPT_DEFAULTS } from './crypto.js';
import { migrateAccount } from './store.js';

export const DEMO_PASSWORD = 'demo-password';

/** Fixed ids: the product API seeds its user rows (membership, credits) with the same ids. */
export const DEMO_ACCOUNTS = [
  { id: '00000000-0000-4000-8000-000000000001', email: 'free@demo.local', nickname: 'Free Demo', level: 'free' },
  { id: '00000000-0000-4000-8000-000000000002', email: 'standard@demo.local', nickname: 'Standard Demo', level: 'standard' },
  { id: '00000000-0000-4000-8000-000000000003', email: 'premium@demo.local', nickname: 'Premium Demo', level: 'premium' },
  // a Free account in a check-in country (CL, TH): the daily check-in can be tried on a fresh clone
  { id: '00000000-0000-4000-8000-000000000004', email: 'checkin@demo.local', nickname: 'Check-in Demo', level: 'free', country: 'TH' },
] as const;

/** Creates the three demo accounts if they are missing; safe to call at every start and from several processes. */
export async function seedDemoAccounts(db: Database, options: { scrypt?: { N: number; r: number; p: number } } = {}): Promise<number> {
  await migrateAccount(db);
  const existing = new Set(
    (
      await db.query<{ id: string }>('SELECT id FROM account_users WHERE id = ANY($1::uuid[])', [DEMO_ACCOUNTS.map((account) => account.id)])
    ).rows.map((row) => row.id),
  );
  let created = 0;
  for (const account of DEMO_ACCOUNTS) {
    if (existing.has(account.id)) continue;
    const passwordHash = await hashPassword(DEMO_PASSWORD, options.scrypt ?? SCRYPT_DEFAULTS);
    const result = await db.query(
      `INSERT INTO account_users (id, email, email_lower, password_hash, nickname, country, lang, signup_source, created_at, updated_at, email_verified_at, terms_accepted_at)
       VALUES ($1, $2, $2, $3, $4, $6, 'en', 'demo-seed', $5, $5, $5, $5) ON CONFLICT DO NOTHING`,
      [account.id, account.email, passwordHash, account.nickname, new Date().toISOString(), 'country' in account ? account.country : 'US'],
    );
    created += result.rowCount;
  }
  return created;
}

