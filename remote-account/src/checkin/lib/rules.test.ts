import dayjs from 'dayjs';
import type { PlanLevel } from 'shared-contracts';
import { FALLBACK_CHECKIN, INITIAL_CHECKIN, closedThisCycle, panelCredits, shouldAutoShow, showUpgradePrompt, stateFromStatus } from './rules';

describe('check-in rules', () => {
  it('defaults to 2 credits, falls back to check_in, 3 credits, inactive', () => {
    expect(INITIAL_CHECKIN).toEqual({ status: 'check_in', credits: 2, isActivityActive: false });
    expect(FALLBACK_CHECKIN).toEqual({ status: 'check_in', credits: 3, isActivityActive: false });
  });

  it('maps the status answer', () => {
    expect(stateFromStatus({ is_checked_in: true, today_available: true, today_checkin_credits: 6, activity_active: true })).toEqual({
      status: 'checked_in',
      credits: 6,
      isActivityActive: true,
    });
    expect(stateFromStatus({ is_checked_in: false, today_available: false, today_checkin_credits: 0, activity_active: false })).toEqual({
      status: 'check_in',
      credits: 2,
      isActivityActive: false,
    });
  });

  it('shows 3 credits for free, standard and guests, 6 for premium', () => {
    expect(panelCredits('free')).toBe(3);
    expect(panelCredits('standard')).toBe(3);
    expect(panelCredits('guest')).toBe(3);
    expect(panelCredits('vip')).toBe(6);
  });

  describe('upgrade prompt', () => {
    const cases: [PlanLevel, boolean, boolean, boolean][] = [
      // level, phone, in check-in country, shown
      ['guest', false, false, true],
      ['guest', false, true, true],
      ['guest', true, false, false],
      ['guest', true, true, false],
      ['free', false, false, true],
      ['free', true, false, true],
      ['free', false, true, true],
      ['free', true, true, false],
      ['standard', false, false, false],
      ['standard', true, false, false],
      ['vip', false, false, false],
      ['vip', true, true, false],
    ];
    it.each(cases)('%s on phone=%s in country=%s -> %s', (level, isPhone, inCheckInCountry, shown) => {
      expect(showUpgradePrompt({ level, isPhone, inCheckInCountry })).toBe(shown);
    });
  });

  it('counts the panel closed only within the same cycle', () => {
    const closed = dayjs('2025-03-10T01:00:00Z').valueOf();
    expect(closedThisCycle(closed, dayjs('2025-03-10T01:59:00Z').valueOf())).toBe(true);
    expect(closedThisCycle(closed, dayjs('2025-03-10T02:00:00Z').valueOf())).toBe(false);
    expect(closedThisCycle(null, closed)).toBe(false);
  });

  it('auto-shows unless checked in or closed this cycle; the campaign forces it', () => {
    const now = dayjs('2025-03-10T12:00:00Z').valueOf();
    const active = { status: 'check_in' as const, credits: 3, isActivityActive: true };
    expect(shouldAutoShow({ state: active, lastClose: null, now, forced: false })).toBe(true);
    expect(shouldAutoShow({ state: { ...active, status: 'checked_in' }, lastClose: null, now, forced: false })).toBe(false);
    expect(shouldAutoShow({ state: active, lastClose: now - 3_600_000, now, forced: false })).toBe(false);
    // closed in the previous cycle: shows again
    expect(shouldAutoShow({ state: active, lastClose: dayjs('2025-03-10T01:00:00Z').valueOf(), now, forced: false })).toBe(true);
    expect(shouldAutoShow({ state: { ...active, isActivityActive: false }, lastClose: null, now, forced: false })).toBe(false);
    expect(shouldAutoShow({ state: { ...active, status: 'checked_in' }, lastClose: now, now, forced: true })).toBe(true);
  });
});
