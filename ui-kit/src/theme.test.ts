import { BREAKPOINTS } from 'shared-contracts';
import { BREAKPOINT, media } from './theme';

describe('breakpoints (spec section 9)', () => {
  it('takes every named width from the contract list', () => {
    expect(Object.values(BREAKPOINT).every((width) => (BREAKPOINTS as readonly number[]).includes(width))).toBe(true);
    expect(BREAKPOINT).toMatchObject({ small: 480, phone: 768, compact: 960, desktop: 1188, wide: 1368, huge: 1920 });
  });

  it('writes the queries the layouts switch at', () => {
    expect(media.phone).toBe('@media (max-width: 767.98px)');
    expect(media.tablet).toBe('@media (min-width: 768px) and (max-width: 1187.98px)');
    expect(media.compact).toBe('@media (max-width: 959.98px)');
    expect(media.columns).toBe('@media (min-width: 960px)');
    expect(media.huge).toBe('@media (min-width: 1920px)');
  });
});
