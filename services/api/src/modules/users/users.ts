/**
 * Product users: created or updated from the account profile at sign-in, their memberships, the sign-up
 * grant, and the User of spec section 3. Membership credits are granted by the billing module's
 * lifecycle (modules/billing/grants.ts), not here.
 */
import { randomUUID } from 'node:crypto';
import type { Database, Queryable } from '@studio/db';
import {
  EUROPEAN_COUNTRIES,
  SIGNUP_CREDITS,
  type User,
  type UserSubscription,
  type VerifyLevel,
} from 'shared-contracts';
import type { AccountProfile } from '../../account-client.js';
import { abPlan, type AbPlan } from '../../ab-test.js';
import type { Ledger } from '../credits/ledger.js';

/** The feature a variant-A newcomer may use once for free instead of the 5 sign-up credits. */
export const FREE_TRIAL_FEATURE = 'image2video';
const NEW_USER_WINDOW_MS = 24 * 60 * 60 * 1000;

const EUROPE: ReadonlySet<string> = new Set(EUROPEAN_COUNTRIES);

export function isEuropean(country: string): boolean {
  return EUROPE.has(country.toUpperCase());
}

export function normaliseCountry(value: string | null | undefined): string {
  const code = (value ?? '').trim().toUpperCase();
  return /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : '';
}

/** Adds calendar months in UTC, clamping the day to the month's last day (Jan 31 + 1 month = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const day = date.getUTCDate();
  const target = new Date(date.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target;
}

export interface UpsertExtras {
  country: string;
  timezone?: string;
  landingPage?: string;
  plan?: number;
  at?: Date;
}

export interface UpsertedUser {
  id: string;
  wsId: string;
  country: string;
  created: boolean;
  /** the sign-up grant is still to be applied */
  signupPending: boolean;
  /** the account's address is confirmed (the sign-up grant waits for it) */
  emailVerified: boolean;
}

/** Creates the product user of an account, or refreshes its profile fields. */
export async function upsertUserFromProfile(tx: Queryable, profile: AccountProfile, extras: UpsertExtras): Promise<UpsertedUser> {
  const at = extras.at ?? new Date();
  // the network's country (edge header or IP database), never the sign-up form's choice: the country
  // grants check-in and decides A/B country rules, so a person must not be able to pick it
  const country = normaliseCountry(extras.country);
  const result = await tx.query<{ id: string; ws_id: string; country: string; inserted: boolean; signup_pending: boolean; email_verified: boolean }>(
    `INSERT INTO users (id, ws_id, email, nickname, firstname, lastname, avatar, country, timezone, landing_page,
       signup_plan, account_created_at, created_at, updated_at, email_verified)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13, $14)
     ON CONFLICT (id) DO UPDATE SET
       email = EXCLUDED.email, nickname = EXCLUDED.nickname, firstname = EXCLUDED.firstname,
       lastname = EXCLUDED.lastname, avatar = EXCLUDED.avatar, email_verified = EXCLUDED.email_verified OR users.email_verified,
       country = CASE WHEN EXCLUDED.country <> '' THEN EXCLUDED.country ELSE users.country END,
       timezone = CASE WHEN EXCLUDED.timezone <> '' THEN EXCLUDED.timezone ELSE users.timezone END,
       updated_at = EXCLUDED.updated_at
     RETURNING id, ws_id, country, (xmax = 0) AS inserted, (signup_granted_at IS NULL) AS signup_pending, email_verified`,
    [
      profile.id,
      randomUUID(),
      profile.email,
      profile.nickname,
      profile.firstname,
      profile.lastname,
      profile.avatar,
      country,
      extras.timezone ?? '',
      extras.landingPage ?? '',
      extras.plan ?? 0,
      new Date(profile.created_at * 1000),
      at,
      profile.email_verified !== false,
    ],
  );
  const row = result.rows[0];
  return { id: row.id, wsId: row.ws_id, country: row.country, created: row.inserted, signupPending: row.signup_pending, emailVerified: row.email_verified };
}

/**
 * Spec section 6: a new user gets 5 credits, or one free trial in variant A of the free_trial test (which
 * runs only in US, BR, GB, MX, FR and PH). Applied once (idempotency key signup:<user>).
 */
export async function applySignupGrant(
  db: Database,
  ledger: Ledger,
  user: { id: string; country: string },
  at: Date = new Date(),
): Promise<{ variant: AbPlan; credits: number; freeTrial: string | null }> {
  const variant = await abPlan(db, 'free_trial', user.id, user.country);
  const done = async () =>
    db.query('UPDATE users SET free_trial_variant = $2, signup_granted_at = $3 WHERE id = $1 AND signup_granted_at IS NULL', [
      user.id,
      variant,
      at,
    ]);
  if (variant === 1) {
    await db.query(
      `INSERT INTO free_trials (user_id, feature, remaining, granted_at) VALUES ($1, $2, 1, $3)
       ON CONFLICT (user_id, feature) DO NOTHING`,
      [user.id, FREE_TRIAL_FEATURE, at],
    );
    await done();
    return { variant, credits: 0, freeTrial: FREE_TRIAL_FEATURE };
  }
  await ledger.grant({
    userId: user.id,
    amount: SIGNUP_CREDITS,
    source: 'signup',
    details: 'Sign-up bonus',
    idempotencyKey: `signup:${user.id}`,
    at,
  });
  await done();
  return { variant, credits: SIGNUP_CREDITS, freeTrial: null };
}

export interface SubscriptionInput {
  userId: string;
  skuId: number;
  level: 'standard' | 'premium';
  name: string;
  startedAt: Date;
  expiresAt: Date;
  creditsPerPeriod: number;
  periodMonths?: number;
  isTrial?: boolean;
  source: string;
  /** the same ref never creates a second subscription (an order id) */
  externalRef?: string;
}

export async function createSubscription(db: Queryable, input: SubscriptionInput): Promise<{ id: number; created: boolean }> {
  const inserted = await db.query<{ id: number }>(
    `INSERT INTO subscriptions (user_id, sku_id, level, name, is_trial, credits_per_period, period_months, started_at,
       expires_at, next_grant_at, source, external_ref)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $10, $11)
     ON CONFLICT (external_ref) DO NOTHING RETURNING id`,
    [
      input.userId,
      input.skuId,
      input.level,
      input.name,
      input.isTrial ?? false,
      input.creditsPerPeriod,
      input.periodMonths ?? 1,
      input.startedAt,
      input.expiresAt,
      input.source,
      input.externalRef ?? null,
    ],
  );
  if (inserted.rows[0]) return { id: Number(inserted.rows[0].id), created: true };
  const existing = await db.query<{ id: number }>('SELECT id FROM subscriptions WHERE external_ref = $1', [input.externalRef]);
  return { id: Number(existing.rows[0].id), created: false };
}

interface UserViewRow {
  id: string;
  ws_id: string;
  email: string;
  nickname: string;
  firstname: string;
  lastname: string;
  avatar: string;
  country: string;
  lang: string;
  account_created_at: Date;
  created_at: Date;
  email_verified: boolean;
  signup_pending: boolean;
  balance: number;
  subs: { sku_id: number; level: 'standard' | 'premium'; name: string; is_trial: boolean; started_at: string; expires_at: string }[] | string;
  trials: string[];
  feature_codes: string[];
}

export interface UserView {
  id: string;
  wsId: string;
  email: string;
  nickname: string;
  firstname: string;
  lastname: string;
  avatar: string;
  country: string;
  lang: string;
  accountCreatedAt: Date;
  createdAt: Date;
  emailVerified: boolean;
  signupPending: boolean;
  balance: number;
  subscriptions: { skuId: number; level: 'standard' | 'premium'; name: string; isTrial: boolean; startedAt: Date; expiresAt: Date }[];
  freeTrials: string[];
  featureCodes: string[];
}

/** Everything the User of section 3 needs, in one query. */
export async function loadUserView(db: Queryable, userId: string, at: Date = new Date()): Promise<UserView | null> {
  const result = await db.query<UserViewRow>(
    `SELECT u.id, u.ws_id, u.email, u.nickname, u.firstname, u.lastname, u.avatar, u.country, u.lang,
       u.account_created_at, u.created_at, u.email_verified, (u.signup_granted_at IS NULL) AS signup_pending,
       (SELECT COALESCE(SUM(b.remaining), 0)::int FROM credit_blocks b WHERE b.user_id = u.id AND b.expires_at > $2) AS balance,
       COALESCE((SELECT json_agg(json_build_object('sku_id', s.sku_id, 'level', s.level, 'name', s.name, 'is_trial', s.is_trial,
                  'started_at', s.started_at, 'expires_at', s.expires_at) ORDER BY s.expires_at DESC)
                 FROM subscriptions s WHERE s.user_id = u.id), '[]'::json) AS subs,
       COALESCE((SELECT array_agg(f.feature ORDER BY f.feature) FROM free_trials f WHERE f.user_id = u.id AND f.remaining > 0),
                '{}'::text[]) AS trials,
       COALESCE((SELECT array_agg(DISTINCT fc ORDER BY fc) FROM subscriptions s2
                   JOIN plan_tiers t ON t.level = s2.level, unnest(t.feature_codes) AS fc
                 WHERE s2.user_id = u.id AND s2.started_at <= $2 AND s2.expires_at > $2), '{}'::text[]) AS feature_codes
     FROM users u WHERE u.id = $1 AND u.deleted_at IS NULL`,
    [userId, at],
  );
  const row = result.rows[0];
  if (!row) return null;
  const subs = typeof row.subs === 'string' ? (JSON.parse(row.subs) as Exclude<UserViewRow['subs'], string>) : row.subs;
  return {
    id: row.id,
    wsId: row.ws_id,
    email: row.email,
    nickname: row.nickname,
    firstname: row.firstname,
    lastname: row.lastname,
    avatar: row.avatar,
    country: row.country,
    lang: row.lang,
    accountCreatedAt: new Date(row.account_created_at),
    createdAt: new Date(row.created_at),
    emailVerified: row.email_verified,
    signupPending: row.signup_pending,
    balance: Number(row.balance),
    subscriptions: subs.map((s) => ({
      skuId: Number(s.sku_id),
      level: s.level,
      name: s.name,
      isTrial: s.is_trial,
      startedAt: new Date(s.started_at),
      expiresAt: new Date(s.expires_at),
    })),
    freeTrials: row.trials ?? [],
    featureCodes: row.feature_codes ?? [],
  };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export interface SessionFacts {
  jwt: string;
  sessionId: string;
  sessionIsNew: boolean;
}

/** The verify block: the highest active membership, else free (is_expired when a membership lapsed). */
export function verifyOf(view: Pick<UserView, 'subscriptions'>, at: Date): User['verify'] {
  const active = view.subscriptions.filter((s) => s.startedAt <= at && s.expiresAt > at);
  const best = active.find((s) => s.level === 'premium') ?? active.find((s) => s.level === 'standard');
  if (best) {
    const sameLevel = active.filter((s) => s.level === best.level);
    const expires = Math.max(...sameLevel.map((s) => s.expiresAt.getTime()));
    return { level: best.level as VerifyLevel, expired_time: Math.floor(expires / 1000), is_expired: false };
  }
  const lapsed = view.subscriptions.filter((s) => s.expiresAt <= at);
  if (lapsed.length > 0) {
    const last = Math.max(...lapsed.map((s) => s.expiresAt.getTime()));
    return { level: 'free', expired_time: Math.floor(last / 1000), is_expired: true };
  }
  return { level: 'free', expired_time: 0, is_expired: false };
}

export function buildUser(view: UserView, session: SessionFacts, at: Date = new Date()): User {
  const subscribe: UserSubscription[] = view.subscriptions.map((s) => ({
    pid: s.skuId,
    name: s.name,
    expired_time: seconds(s.expiresAt),
    is_expired: s.expiresAt <= at,
  }));
  return {
    token: session.jwt,
    uid: view.id,
    verify: verifyOf(view, at),
    integral: { integral: view.balance },
    is_free_trial: view.subscriptions.some((s) => s.isTrial && s.startedAt <= at && s.expiresAt > at),
    tokenInfo: {
      jwt: session.jwt,
      access_token: session.sessionId,
      is_new: session.sessionIsNew,
      created_at: seconds(view.accountCreatedAt),
    },
    featureCodes: view.featureCodes,
    freeTrails: view.freeTrials,
    country: view.country,
    is_europe: isEuropean(view.country),
    lang: view.lang || 'en',
    isNewUser: at.getTime() - view.createdAt.getTime() < NEW_USER_WINDOW_MS,
    avatar: view.avatar,
    nickname: view.nickname,
    firstname: view.firstname,
    lastname: view.lastname,
    email: view.email,
    email_verified: view.emailVerified,
    subscribe,
  };
}
