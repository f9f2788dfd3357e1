/**
 * Demo data for the embedded default (never when NODE_ENV=production): the product users of the three demo
 * accounts (the account service seeds their credentials with the same ids, password demo-password), their
 * memberships, credits and a credit history. Idempotent: running it again changes nothing that exists.
 */
import type { Database } from '@studio/db';
import { SIGNUP_CREDITS } from 'shared-contracts';
import { createLedger, type Ledger } from './modules/credits/ledger.js';
import { isProduction } from './config.js';
import { migrateApi } from './plugin.js';
import { grantDueMembershipCredits } from './modules/billing/grants.js';
import { addMonths, createSubscription } from './modules/users/users.js';

export const DEMO_USERS = {
  free: { id: '00000000-0000-4000-8000-000000000001', email: 'free@demo.local', nickname: 'Free Demo', country: 'US' },
  standard: { id: '00000000-0000-4000-8000-000000000002', email: 'standard@demo.local', nickname: 'Standard Demo', country: 'US' },
  premium: { id: '00000000-0000-4000-8000-000000000003', email: 'premium@demo.local', nickname: 'Premium Demo', country: 'DE' },
  // a Free account in a check-in country (CHECKIN_COUNTRIES_DEFAULT: CL, TH): the daily check-in can be tried
  checkin: { id: '00000000-0000-4000-8000-000000000004', email: 'checkin@demo.local', nickname: 'Check-in Demo', country: 'TH' },
} as const;
export const DEMO_PASSWORD = 'demo-password';

export interface SeedOptions {
  now?: Date;
  ledger?: Ledger;
  /** seed a real PostgreSQL server too (tests); by default only the embedded PGlite database is seeded */
  allowServer?: boolean;
  /** the config's production flag; unset: NODE_ENV of this process (config.ts isProduction) */
  production?: boolean;
}

export interface SeedResult {
  seeded: boolean;
  reason?: string;
  users: string[];
}

const DAY = 24 * 60 * 60 * 1000;

/** What a spend in the history was for, with its cost (6 credits a second of video). */
const SPENDS: { details: string; cost: number }[] = [
  { details: 'Text to Image (4 images)', cost: 4 },
  { details: 'Image to Image', cost: 2 },
  { details: 'Image to Video (5 s)', cost: 30 },
  { details: 'Background Remover', cost: 1 },
  { details: 'Text to Image (1 image)', cost: 1 },
  { details: 'Image Enhancer', cost: 2 },
  { details: 'Text to Music (30 s)', cost: 5 },
  { details: 'Object Remover', cost: 1 },
  { details: 'Text to Image (2 images)', cost: 2 },
];

interface DemoPlan {
  key: keyof typeof DEMO_USERS;
  firstname: string;
  createdDaysAgo: number;
  membership: { skuId: number; level: 'standard' | 'premium'; name: string; startedDaysAgo: number; credits: number } | null;
  spends: number;
}

const PLANS: DemoPlan[] = [
  { key: 'free', firstname: 'Free', createdDaysAgo: 10, membership: null, spends: 1 },
  {
    key: 'standard',
    firstname: 'Standard',
    createdDaysAgo: 800,
    membership: { skuId: 24109014, level: 'standard', name: 'Standard Yearly', startedDaysAgo: 100, credits: 100 },
    spends: 45,
  },
  {
    key: 'premium',
    firstname: 'Premium',
    createdDaysAgo: 60,
    membership: { skuId: 24109016, level: 'premium', name: 'Premium Yearly', startedDaysAgo: 40, credits: 500 },
    spends: 8,
  },
  { key: 'checkin', firstname: 'Check-in', createdDaysAgo: 3, membership: null, spends: 0 },
];

export async function seedDemoData(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  if (options.production ?? isProduction()) return { seeded: false, reason: 'NODE_ENV=production', users: [] };
  if (db.kind !== 'pglite' && !options.allowServer) {
    return { seeded: false, reason: 'demo data is only seeded into the embedded database', users: [] };
  }
  await migrateApi(db);
  const now = options.now ?? new Date();
  const ledger = options.ledger ?? createLedger(db);
  const seeded: string[] = [];

  for (const plan of PLANS) {
    const demo = DEMO_USERS[plan.key];
    const createdAt = new Date(now.getTime() - plan.createdDaysAgo * DAY);
    const inserted = await db.query(
      `INSERT INTO users (id, ws_id, email, nickname, firstname, lastname, country, account_created_at, created_at,
         updated_at, signup_granted_at, free_trial_variant)
       VALUES ($1, $2, $3, $4, $5, 'Demo', $6, $7, $7, $7, $7, 0) ON CONFLICT (id) DO NOTHING`,
      [demo.id, demo.id.replace(/^00000000/, '0000ffff'), demo.email, demo.nickname, plan.firstname, demo.country, createdAt],
    );
    if (inserted.rowCount > 0) seeded.push(demo.email);

    await ledger.grant({
      userId: demo.id,
      amount: SIGNUP_CREDITS,
      source: 'signup',
      details: 'Sign-up bonus',
      idempotencyKey: `signup:${demo.id}`,
      at: createdAt,
    });

    let startedAt: Date | null = null;
    if (plan.membership) {
      startedAt = new Date(now.getTime() - plan.membership.startedDaysAgo * DAY);
      await createSubscription(db, {
        userId: demo.id,
        skuId: plan.membership.skuId,
        level: plan.membership.level,
        name: plan.membership.name,
        startedAt,
        expiresAt: addMonths(startedAt, 12),
        creditsPerPeriod: plan.membership.credits,
        source: 'demo',
        externalRef: `demo:${plan.key}`,
      });
    }

    // the history: spends spread from the first credits to yesterday, membership periods granted on the way
    const from = (startedAt ?? createdAt).getTime() + DAY / 2;
    const to = now.getTime() - DAY / 3;
    for (let i = 0; i < plan.spends; i += 1) {
      const at = new Date(from + ((to - from) * i) / Math.max(1, plan.spends));
      await grantDueMembershipCredits(db, ledger, { userId: demo.id, at });
      const spend = SPENDS[(i * 7 + plan.key.length) % SPENDS.length];
      try {
        await ledger.spend({ userId: demo.id, amount: spend.cost, details: spend.details, idempotencyKey: `demo:${plan.key}:spend:${i}`, at });
      } catch (error) {
        // a demo history never runs a user dry; a spend that does not fit is simply left out
        if (!(error instanceof Error && error.name === 'InsufficientCreditsError')) throw error;
      }
    }
    await grantDueMembershipCredits(db, ledger, { userId: demo.id, at: now });
  }
  return { seeded: true, users: seeded };
}
