import { addMonths, isEuropean, normaliseCountry, verifyOf } from './users';

const day = 24 * 3600 * 1000;
const at = new Date('2026-03-15T12:00:00Z');
const sub = (level: 'standard' | 'premium', startDaysAgo: number, endInDays: number) => ({
  skuId: 1,
  level,
  name: level,
  isTrial: false,
  startedAt: new Date(at.getTime() - startDaysAgo * day),
  expiresAt: new Date(at.getTime() + endInDays * day),
});

describe('users', () => {
  it('keeps only a real two-letter country (the edge sends XX and T1 for unknown and Tor)', () => {
    expect(normaliseCountry(' ca ')).toBe('CA');
    expect(normaliseCountry('XX')).toBe('');
    expect(normaliseCountry('T1')).toBe('');
    expect(normaliseCountry('USA')).toBe('');
    expect(normaliseCountry(null)).toBe('');
    expect(isEuropean('fr')).toBe(true);
    expect(isEuropean('US')).toBe(false);
  });

  it('adds calendar months, clamped to the end of a shorter month', () => {
    expect(addMonths(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
    expect(addMonths(new Date('2028-01-31T00:00:00Z'), 1).toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(addMonths(new Date('2026-05-15T00:00:00Z'), 12).toISOString()).toBe('2027-05-15T00:00:00.000Z');
  });

  it('verify is the highest active membership, else free (expired when one lapsed)', () => {
    expect(verifyOf({ subscriptions: [] }, at)).toEqual({ level: 'free', expired_time: 0, is_expired: false });
    const both = verifyOf({ subscriptions: [sub('standard', 10, 100), sub('premium', 5, 20)] }, at);
    expect(both).toMatchObject({ level: 'premium', is_expired: false, expired_time: Math.floor((at.getTime() + 20 * day) / 1000) });
    expect(verifyOf({ subscriptions: [sub('premium', 40, -10)] }, at)).toMatchObject({ level: 'free', is_expired: true });
  });
});
