/**
 * The daily check-in cycle (spec sections 4 and 9): a cycle starts at 19:00 on a clock shifted back
 * 7 hours from UTC (19:00 at UTC-7 is 02:00 UTC, i.e. 7:00 PM Pacific daylight time). Plain epoch
 * arithmetic, so the browser (any local time zone) and the API agree on which cycle a moment is in.
 */
import { CHECKIN_CYCLE_HOUR, CHECKIN_CYCLE_OFFSET_HOURS } from './constants.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export interface CheckInCycle {
  /** days since 1970-01-01 of the shifted-clock date on which the cycle started at 19:00 */
  key: number;
  /** YYYY-MM-DD of that shifted-clock date */
  label: string;
  /** epoch ms of the cycle's first moment */
  startsAt: number;
  /** epoch ms of the next cycle's first moment */
  endsAt: number;
}

export function checkInCycleOf(epochMs: number): CheckInCycle {
  const shifted = epochMs - CHECKIN_CYCLE_OFFSET_HOURS * HOUR_MS;
  const key = Math.floor((shifted - CHECKIN_CYCLE_HOUR * HOUR_MS) / DAY_MS);
  const startsAt = key * DAY_MS + (CHECKIN_CYCLE_HOUR + CHECKIN_CYCLE_OFFSET_HOURS) * HOUR_MS;
  return { key, label: new Date(key * DAY_MS).toISOString().slice(0, 10), startsAt, endsAt: startsAt + DAY_MS };
}

export function sameCheckInCycle(a: number, b: number): boolean {
  return checkInCycleOf(a).key === checkInCycleOf(b).key;
}

/**
 * When the next round starts, as a clock time: in the given time zone, or the browser's own ('9:00 AM' in
 * Bangkok, '10:00 PM' in Santiago). The check-in runs in Chile and Thailand: a Pacific time means nothing there.
 */
export function nextRoundTime(now: number, timeZone?: string): string {
  const format = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', ...(timeZone ? { timeZone } : {}) });
  return format.format(new Date(checkInCycleOf(now).endsAt));
}
