import { TEMPLATES_MIN_FOR_NEXT } from 'shared-contracts';
import { allLoaded, wantsNextPage } from './use-template-browser';

const category = (loaded: number, total: number, loading = false) => ({ tpls: Array.from({ length: loaded }), total, loading }) as never;

describe('template paging rules (spec section 9)', () => {
  it('asks for the next page only when the end marker shows and more than 20 are loaded', () => {
    expect(wantsNextPage(category(25, 60), true)).toBe(true);
    expect(wantsNextPage(category(25, 60), false)).toBe(false);
    expect(wantsNextPage(category(TEMPLATES_MIN_FOR_NEXT, 60), true)).toBe(false);
    expect(wantsNextPage(category(50, 50), true)).toBe(false);
    expect(wantsNextPage(category(25, 60, true), true)).toBe(false);
  });

  it("says 'all loaded' at the total with more than 20 loaded", () => {
    expect(allLoaded(category(24, 24))).toBe(true);
    expect(allLoaded(category(12, 12))).toBe(false);
    expect(allLoaded(category(25, 30))).toBe(false);
  });
});
