import { cardAudience, cardText, cardTimings } from './free-trial-card';

describe('free-trial card rules', () => {
  const base = { isPhone: false, isLogin: false, isNewUser: false, isSubscribed: false };
  it('is for visitors and new users without a membership, never on phones', () => {
    expect(cardAudience(base)).toBe(true);
    expect(cardAudience({ ...base, isPhone: true })).toBe(false);
    expect(cardAudience({ ...base, isLogin: true, isNewUser: true })).toBe(true);
    expect(cardAudience({ ...base, isLogin: true, isNewUser: false })).toBe(false);
    expect(cardAudience({ ...base, isLogin: true, isNewUser: true, isSubscribed: true })).toBe(false);
  });

  it('logged in: shows after 10 ms and collapses after 15 s; logged out: appears after 15 s', () => {
    expect(cardTimings(true)).toEqual({ showAt: 10, collapseAt: 15010 });
    expect(cardTimings(false)).toEqual({ showAt: 15000, collapseAt: null });
  });

  it('says something different by login state and variant', () => {
    const texts = new Set([cardText(false, 'A'), cardText(false, 'B'), cardText(true, 'A'), cardText(true, 'B')].map((t) => t.title));
    expect(texts.size).toBe(4);
    expect(cardText(false, 'B').action).toBe('Sign up free');
    expect(cardText(true, 'B').body).toContain('100 credits');
  });
});
