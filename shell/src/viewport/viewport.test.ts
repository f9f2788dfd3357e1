import { createViewport, viewportOf } from './viewport';

describe('viewport', () => {
  it('classifies phone (<768), tablet (768-1187) and desktop (>=1188)', () => {
    expect(viewportOf(375)).toMatchObject({ isPhone: true, isTablet: false, isDesktop: false });
    expect(viewportOf(767)).toMatchObject({ isPhone: true });
    expect(viewportOf(768)).toMatchObject({ isPhone: false, isTablet: true });
    expect(viewportOf(1187)).toMatchObject({ isTablet: true });
    expect(viewportOf(1188)).toMatchObject({ isTablet: false, isDesktop: true });
  });

  it('throttles resize updates to one per 200 ms, keeping the last width', () => {
    jest.useFakeTimers();
    const setWidth = (w: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: w });
    setWidth(1280);
    const { state, dispose } = createViewport(window);
    setWidth(900);
    window.dispatchEvent(new Event('resize'));
    expect(state.width).toBe(900);
    setWidth(800);
    window.dispatchEvent(new Event('resize'));
    setWidth(375);
    window.dispatchEvent(new Event('resize'));
    expect(state.width).toBe(900);
    jest.advanceTimersByTime(200);
    expect(state).toMatchObject({ width: 375, isPhone: true });
    dispose();
    jest.useRealTimers();
  });
});
