import { onFirstEngagement } from './first-engagement';

describe('onFirstEngagement', () => {
  it('calls back once, on the first scroll, tap or key press', () => {
    for (const event of ['scroll', 'pointerdown', 'keydown', 'touchstart']) {
      const callback = jest.fn();
      onFirstEngagement(callback);
      expect(callback).not.toHaveBeenCalled();
      window.dispatchEvent(new Event(event));
      window.dispatchEvent(new Event('keydown'));
      expect(callback).toHaveBeenCalledTimes(1);
    }
  });

  it('calls nothing once stopped (the pop-up went away first)', () => {
    const callback = jest.fn();
    onFirstEngagement(callback)();
    window.dispatchEvent(new Event('scroll'));
    expect(callback).not.toHaveBeenCalled();
  });
});
