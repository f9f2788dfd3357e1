/**
 * How many tasks one account and one address may create: a burst cap per minute (429 with Retry-After)
 * and a daily cap per account ('Daily limit reached. Try again tomorrow.'), free check tasks included.
 * Counted by the one rate counter (`@studio/db/rate-counter`), so every API process shares the same counts
 * and a burst of concurrent requests cannot all slip under the cap. A minute's window starts at its first
 * task; the day is the calendar day (UTC), so the cap opens again when "Try again tomorrow" says.
 *   TASKS_PER_MINUTE (30), TASKS_PER_MINUTE_PER_IP (60), TASKS_PER_DAY (1000)
 */
import type { Queryable } from '@studio/db';
import { rateCounter } from '@studio/db/rate-counter';
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import { ApiFailure } from '../../http.js';

export interface CreationLimits {
  perMinute: number;
  perMinutePerAddress: number;
  perDay: number;
}

const DEFAULT_CREATION_LIMITS: CreationLimits = { perMinute: 30, perMinutePerAddress: 60, perDay: 1000 };

export function creationLimitsFromEnv(env: NodeJS.ProcessEnv): CreationLimits {
  const n = (name: string, fallback: number) => (env[name] && Number(env[name]) > 0 ? Number(env[name]) : fallback);
  return {
    perMinute: n('TASKS_PER_MINUTE', DEFAULT_CREATION_LIMITS.perMinute),
    perMinutePerAddress: n('TASKS_PER_MINUTE_PER_IP', DEFAULT_CREATION_LIMITS.perMinutePerAddress),
    perDay: n('TASKS_PER_DAY', DEFAULT_CREATION_LIMITS.perDay),
  };
}

const MINUTE = 60_000;
const DAY = 24 * 3600_000;

/** Counts one creation for the caller and the address; throws the refusal when a cap is passed. */
export async function takeCreation(db: Queryable, limits: CreationLimits, who: { uid: string; ip: string }, nowMs: number): Promise<void> {
  const checks: [string, number, number][] = [
    [`tasks:ip:${who.ip}`, MINUTE, limits.perMinutePerAddress],
    [`tasks:user:${who.uid}`, MINUTE, limits.perMinute],
    [`tasks:user-day:${who.uid}`, DAY, limits.perDay],
  ];
  const counter = rateCounter(db, () => nowMs);
  for (const [key, windowMs, max] of checks) {
    const hit = await counter.take(key, windowMs, { aligned: windowMs === DAY });
    if (hit.count <= max) continue;
    if (windowMs === DAY) throw new ApiFailure(429, API_CODES.DAILY_LIMIT, USER_TEXTS.DAILY_LIMIT);
    const seconds = Math.max(1, Math.ceil((hit.resetAt - nowMs) / 1000));
    throw new ApiFailure(429, API_CODES.TOO_MANY_REQUESTS, `Too many tasks at once. Please try again in ${seconds} seconds.`, { retry_after: seconds });
  }
}
