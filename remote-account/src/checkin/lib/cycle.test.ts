import dayjs from 'dayjs';
import { checkInCycleOf, sameCheckInCycle } from 'shared-contracts';

// 19:00 on a clock shifted back 7 hours from UTC is 02:00 UTC
const at = (iso: string) => dayjs(iso).valueOf();

describe('check-in cycle', () => {
  it('changes exactly at 19:00 on the shifted clock (02:00 UTC)', () => {
    const before = checkInCycleOf(at('2025-03-10T01:59:59.999Z'));
    const boundary = checkInCycleOf(at('2025-03-10T02:00:00.000Z'));
    expect(boundary.key).toBe(before.key + 1);
    // the cycle that starts on the shifted date 2025-03-09 at 19:00
    expect(boundary.label).toBe('2025-03-09');
    expect(before.label).toBe('2025-03-08');
    expect(boundary.startsAt).toBe(at('2025-03-10T02:00:00.000Z'));
    expect(boundary.endsAt).toBe(at('2025-03-11T02:00:00.000Z'));
    expect(before.endsAt).toBe(boundary.startsAt);
  });

  it('agrees with dayjs: subtract 7 hours, then the day whose 19:00 came last', () => {
    const samples = ['2025-01-01T00:00:00Z', '2025-06-15T13:37:00Z', '2025-12-31T23:59:59Z', '2024-02-29T02:00:00Z', '2025-03-09T10:00:00Z'];
    for (const iso of samples) {
      const shifted = dayjs(iso).subtract(7, 'hour');
      // read the shifted moment on a UTC clock
      const shiftedUtcMs = shifted.valueOf();
      const shiftedDay = Math.floor(shiftedUtcMs / 86_400_000);
      const shiftedHour = new Date(shiftedUtcMs).getUTCHours();
      const expected = shiftedHour >= 19 ? shiftedDay : shiftedDay - 1;
      expect(checkInCycleOf(at(iso)).key).toBe(expected);
    }
  });

  it('keeps a whole day in one cycle and steps one per day across days', () => {
    const start = at('2025-07-01T02:00:00Z');
    const first = checkInCycleOf(start).key;
    for (let hour = 0; hour < 24; hour += 1) {
      expect(checkInCycleOf(dayjs(start).add(hour, 'hour').add(59, 'minute').valueOf()).key).toBe(first);
    }
    for (let day = 1; day <= 10; day += 1) {
      expect(checkInCycleOf(dayjs(start).add(day, 'day').valueOf()).key).toBe(first + day);
      expect(checkInCycleOf(dayjs(start).add(day, 'day').subtract(1, 'millisecond').valueOf()).key).toBe(first + day - 1);
    }
  });

  it('crosses month and year ends', () => {
    expect(checkInCycleOf(at('2026-01-01T01:00:00Z')).label).toBe('2025-12-30');
    expect(checkInCycleOf(at('2026-01-01T02:00:00Z')).label).toBe('2025-12-31');
    expect(checkInCycleOf(at('2026-01-02T02:00:00Z')).label).toBe('2026-01-01');
  });

  it('does not depend on the local time zone (epoch arithmetic only)', () => {
    const ms = at('2025-11-02T08:30:00Z');
    expect(checkInCycleOf(ms)).toEqual(checkInCycleOf(new Date(ms).getTime()));
    expect(checkInCycleOf(ms).startsAt % 86_400_000).toBe(2 * 3_600_000);
  });

  it('sameCheckInCycle compares two moments', () => {
    expect(sameCheckInCycle(at('2025-03-10T02:00:00Z'), at('2025-03-11T01:59:59Z'))).toBe(true);
    expect(sameCheckInCycle(at('2025-03-10T01:59:59Z'), at('2025-03-10T02:00:00Z'))).toBe(false);
  });
});
