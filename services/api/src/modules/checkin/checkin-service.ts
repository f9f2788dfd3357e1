/**
 * The daily check-in on the server. A cycle starts at 19:00 on a clock shifted back 7 hours
 * (checkInCycleOf, shared with the browser). Free and standard members get 3 credits, premium 6; only the
 * first 500 check-ins of a cycle get credits; the activity runs only in the configured countries.
 *
 * A claim is one transaction: the check-in row (unique per user and cycle), a seat among the cycle's 500
 * (a counter row updated only while below the limit), and the ledger grant with the idempotency key
 * checkin:<user>:<cycle>. Whatever races, a user gets at most one grant per cycle, and a cycle at most
 * 500.
 */
import type { Database, Queryable } from '@studio/db';
import {
  CHECKIN_ACTIVITY_CODE,
  CHECKIN_CREDITS,
  checkInCycleOf,
  nextRoundTime,
  type CheckInResult,
  type CheckInStatusResponse,
} from 'shared-contracts';
import type { MemberLevel } from '../../auth.js';
import { createLedger } from '../credits/ledger.js';

export interface CheckinOptions {
  /** ISO country codes where the activity runs (CHECKIN_COUNTRIES, default CL,TH) */
  countries: readonly string[];
  /** credits go to the first this many check-ins of a cycle (default 500) */
  dailyWinners: number;
  now: () => Date;
}



function creditsFor(level: MemberLevel): number {
  return level === 'premium' ? CHECKIN_CREDITS.premium : level === 'standard' ? CHECKIN_CREDITS.standard : CHECKIN_CREDITS.free;
}

function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** 'Chile and Thailand', 'Chile, Peru and Thailand' */
function countryList(codes: readonly string[]): string {
  const names = codes.map(countryName);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function unavailableMessage(countries: readonly string[]): string {
  return `Daily check-in is only available in ${countryList(countries)}.`;
}

/** The time zone the next round is said in, by the member's country (the check-in's countries, CL and TH). */
const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = { CL: 'America/Santiago', TH: 'Asia/Bangkok' };

/** '9:00 AM Thailand time': the next round in the member's own clock, not 7:00 PM Pacific. */
export function nextRoundIn(country: string, now: Date): string {
  const code = country.toUpperCase();
  const zone = COUNTRY_TIME_ZONES[code];
  return zone ? `${nextRoundTime(now.getTime(), zone)} ${countryName(code)} time` : `${nextRoundTime(now.getTime(), 'America/Los_Angeles')} Pacific time`;
}

export function soldOutMessage(country: string, now: Date): string {
  return `Today's free check-in credits have all been claimed. A new round starts at ${nextRoundIn(country, now)}.`;
}

export function alreadyMessage(country: string, now: Date): string {
  return `You have already checked in today. Come back after ${nextRoundIn(country, now)}.`;
}

export interface Caller {
  uid: string;
  level: MemberLevel;
}

export type ClaimOutcome =
  | { kind: 'granted'; credits: number; cycleKey: number; blockId: number }
  | { kind: 'already'; cycleKey: number }
  | { kind: 'sold-out'; cycleKey: number }
  | { kind: 'unavailable' };

class SoldOut extends Error {}

/** Runs a ledger on an open transaction, so the grant commits or rolls back with the check-in. */
function ledgerIn(db: Database, tx: Queryable, now: () => Date) {
  const txDb: Database = {
    kind: db.kind,
    pglite: null,
    pool: null,
    query: (text, params) => tx.query(text, params),
    transaction: (fn) => fn(tx),
    close: async () => undefined,
  };
  return createLedger(txDb, { now, retries: 0 });
}

export function createCheckinService(db: Database, options: CheckinOptions) {
  const allowed = new Set(options.countries.map((code) => code.toUpperCase()));

  function isAvailableIn(country: string): boolean {
    return allowed.has(country.toUpperCase());
  }

  async function winners(cycleKey: number): Promise<number> {
    const result = await db.query<{ winners: number }>('SELECT winners FROM checkin_cycles WHERE activity_code = $1 AND cycle_key = $2', [
      CHECKIN_ACTIVITY_CODE,
      cycleKey,
    ]);
    return Number(result.rows[0]?.winners ?? 0);
  }

  return {
    isAvailableIn,

    async status(caller: Caller | null, country: string): Promise<CheckInStatusResponse> {
      const cycle = checkInCycleOf(options.now().getTime());
      let checkedIn = false;
      if (caller) {
        const row = await db.query('SELECT 1 FROM checkins WHERE user_id = $1 AND activity_code = $2 AND cycle_key = $3', [
          caller.uid,
          CHECKIN_ACTIVITY_CODE,
          cycle.key,
        ]);
        checkedIn = row.rowCount > 0;
      }
      return {
        is_checked_in: checkedIn,
        today_available: (await winners(cycle.key)) < options.dailyWinners,
        today_checkin_credits: creditsFor(caller?.level ?? 'free'),
        activity_active: isAvailableIn(country),
      };
    },

    async claim(caller: Caller, country: string): Promise<ClaimOutcome> {
      if (!isAvailableIn(country)) return { kind: 'unavailable' };
      const at = options.now();
      const cycle = checkInCycleOf(at.getTime());
      const credits = creditsFor(caller.level);
      try {
        return await db.transaction(async (tx) => {
          const inserted = await tx.query<{ id: number }>(
            `INSERT INTO checkins (user_id, activity_code, cycle_key, cycle_label, credits, level, country, block_id, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, 0, $8)
             ON CONFLICT ON CONSTRAINT checkins_one_per_cycle DO NOTHING RETURNING id`,
            [caller.uid, CHECKIN_ACTIVITY_CODE, cycle.key, cycle.label, credits, caller.level, country.toUpperCase(), at],
          );
          const row = inserted.rows[0];
          if (!row) return { kind: 'already', cycleKey: cycle.key } as const;
          const seat = await tx.query<{ winners: number }>(
            `INSERT INTO checkin_cycles (activity_code, cycle_key, winners) VALUES ($1, $2, 1)
             ON CONFLICT (activity_code, cycle_key) DO UPDATE SET winners = checkin_cycles.winners + 1
             WHERE checkin_cycles.winners < $3
             RETURNING winners`,
            [CHECKIN_ACTIVITY_CODE, cycle.key, options.dailyWinners],
          );
          // no seat left: undo the check-in row with the rest of the transaction
          if (seat.rowCount === 0 || options.dailyWinners <= 0) throw new SoldOut();
          const grant = await ledgerIn(db, tx, options.now).grant({
            userId: caller.uid,
            amount: credits,
            source: 'checkin',
            details: 'Daily check-in',
            idempotencyKey: `checkin:${caller.uid}:${cycle.label}`,
            at,
          });
          await tx.query('UPDATE checkins SET block_id = $2 WHERE id = $1', [row.id, grant.blockId]);
          return { kind: 'granted', credits, cycleKey: cycle.key, blockId: grant.blockId } as const;
        });
      } catch (error) {
        if (error instanceof SoldOut) return { kind: 'sold-out', cycleKey: cycle.key };
        throw error;
      }
    },
  };
}

export function resultOf(outcome: ClaimOutcome, country: string, now: Date): CheckInResult {
  switch (outcome.kind) {
    case 'granted':
      return { success: true, is_checked_in: true, message: `Checked in! ${outcome.credits} free credits were added to your account.` };
    case 'already':
      return { success: false, is_checked_in: true, message: alreadyMessage(country, now) };
    case 'sold-out':
      return { success: false, is_checked_in: false, message: soldOutMessage(country, now) };
    default:
      return { success: false, is_checked_in: false, message: '' };
  }
}
