import { CAMPAIGN_START_MS, PROMOTION_HIDE_MS } from 'shared-contracts';
import { countdown, mayShowPlacement, opensPurchaseDialog, popupPlacement, showFloatingAd, showHeaderAd, showHeaderBanner } from './rules';

const NOW = CAMPAIGN_START_MS + 5 * 86_400_000 + 3_600_000;
const visitor = { isPhone: false, isLogin: false, isSubscribed: false, isPremium: false, upgrade: false, campaign: true };
const member = { ...visitor, isLogin: true };

describe('promotion rules', () => {
  it('a placement shows once a day and stays hidden 24 h after closing', () => {
    expect(mayShowPlacement({ lastShownDate: '', closedAt: 0 }, NOW, '2025-09-01')).toBe(true);
    expect(mayShowPlacement({ lastShownDate: '2025-09-01', closedAt: 0 }, NOW, '2025-09-01')).toBe(false);
    expect(mayShowPlacement({ lastShownDate: '2025-08-31', closedAt: 0 }, NOW, '2025-09-01')).toBe(true);
    expect(mayShowPlacement({ lastShownDate: '', closedAt: NOW - PROMOTION_HIDE_MS + 1000 }, NOW, '2025-09-01')).toBe(false);
    expect(mayShowPlacement({ lastShownDate: '', closedAt: NOW - PROMOTION_HIDE_MS }, NOW, '2025-09-01')).toBe(true);
  });

  it('the header banner: desktop visitors of the campaign audience, from the campaign start', () => {
    expect(showHeaderBanner(visitor, NOW)).toBe(true);
    expect(showHeaderBanner(member, NOW)).toBe(false);
    expect(showHeaderBanner({ ...visitor, isPhone: true }, NOW)).toBe(false);
    expect(showHeaderBanner({ ...visitor, isSubscribed: true }, NOW)).toBe(false);
    expect(showHeaderBanner(visitor, CAMPAIGN_START_MS - 1)).toBe(false);
    expect(showHeaderBanner({ ...visitor, campaign: false }, NOW)).toBe(false);
  });

  it('the pop-up: desktop for logged-in users of the audience, the phone pop-up on phones', () => {
    expect(popupPlacement(member, NOW)).toBe('pc_popup');
    expect(popupPlacement(visitor, NOW)).toBeNull();
    expect(popupPlacement({ ...visitor, isPhone: true }, NOW)).toBe('mobile_popup');
    expect(popupPlacement({ ...member, isSubscribed: true }, NOW)).toBeNull();
  });

  it('floating ad: hidden on phones logged out, when closed, for subscribers of 3_days_free, in upgrade mode', () => {
    const trial = { activity: '3_days_free' };
    expect(showFloatingAd(trial, member, false)).toBe(true);
    expect(showFloatingAd(trial, { ...visitor, isPhone: true }, false)).toBe(false);
    expect(showFloatingAd(trial, { ...member, isPhone: true }, false)).toBe(true);
    expect(showFloatingAd(trial, member, true)).toBe(false);
    expect(showFloatingAd(trial, { ...member, isSubscribed: true }, false)).toBe(false);
    expect(showFloatingAd({ activity: 'membership_discount' }, { ...member, isSubscribed: true }, false)).toBe(true);
    expect(showFloatingAd(trial, { ...member, upgrade: true }, false)).toBe(false);
  });

  it('a Premium member sees no membership sale (no higher plan to buy); a Standard member still sees the discount', () => {
    const premium = { ...member, isSubscribed: true, isPremium: true };
    expect(showFloatingAd({ activity: 'membership_discount' }, premium, false)).toBe(false);
    expect(showHeaderAd({ activity: 'membership_discount' }, premium)).toBe(false);
    expect(showFloatingAd({ activity: 'membership_discount' }, { ...member, isSubscribed: true }, false)).toBe(true);
    expect(popupPlacement(premium, NOW)).toBeNull();
  });

  it('header ad: hidden for subscribers of 3_days_free and in upgrade mode', () => {
    expect(showHeaderAd({ activity: '3_days_free' }, member)).toBe(true);
    expect(showHeaderAd({ activity: '3_days_free' }, { ...member, isSubscribed: true })).toBe(false);
    expect(showHeaderAd({ activity: 'membership_discount' }, { ...member, upgrade: true })).toBe(false);
  });

  it('the countdown runs on a 24-hour cycle from the campaign start, each unit capped at 99', () => {
    expect(countdown(CAMPAIGN_START_MS)).toEqual({ h: '24', m: '00', s: '00' });
    expect(countdown(CAMPAIGN_START_MS + 1000)).toEqual({ h: '23', m: '59', s: '59' });
    expect(countdown(NOW)).toEqual({ h: '23', m: '00', s: '00' });
    expect(countdown(CAMPAIGN_START_MS + 86_400_000 - 61_000)).toEqual({ h: '00', m: '01', s: '01' });
  });

  it('an empty target opens the purchase dialog', () => {
    expect(opensPurchaseDialog('')).toBe(true);
    expect(opensPurchaseDialog('/pricing')).toBe(false);
  });
});
