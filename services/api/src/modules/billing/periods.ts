import type { PeriodUnit } from 'shared-contracts';
import { addMonths } from '../users/users.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One billing period later: 7 days, or calendar months (the day clamped to the month's end). */
export function addPeriod(date: Date, unit: PeriodUnit): Date {
  if (unit === 'week') return new Date(date.getTime() + 7 * DAY_MS);
  return addMonths(date, unit === 'year' ? 12 : 1);
}
