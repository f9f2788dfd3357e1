import { sliderAutoplay } from './slider-autoplay';

type Handlers = Record<string, () => void>;

function fakeSlider() {
  const handlers: Handlers = {};
  const container = document.createElement('div');
  const slider = { next: jest.fn(), container, on: (name: string, fn: () => void) => (handlers[name] = fn) };
  return { slider, handlers, container };
}

describe('sliderAutoplay', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('advances every interval and restarts the wait after a drag', () => {
    const { slider, handlers } = fakeSlider();
    sliderAutoplay(6000)(slider as never);
    handlers.created();
    jest.advanceTimersByTime(5999);
    expect(slider.next).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1);
    expect(slider.next).toHaveBeenCalledTimes(1);
    handlers.dragStarted();
    jest.advanceTimersByTime(10000);
    expect(slider.next).toHaveBeenCalledTimes(1);
    handlers.animationEnded();
    jest.advanceTimersByTime(6000);
    expect(slider.next).toHaveBeenCalledTimes(2);
  });

  it('waits while held and, with pauseOnHover, while the pointer is over the slider', () => {
    let held = true;
    const { slider, handlers, container } = fakeSlider();
    sliderAutoplay(3000, { held: () => held, pauseOnHover: true })(slider as never);
    handlers.created();
    jest.advanceTimersByTime(9000);
    expect(slider.next).not.toHaveBeenCalled();
    held = false;
    container.dispatchEvent(new MouseEvent('mouseover'));
    jest.advanceTimersByTime(9000);
    expect(slider.next).not.toHaveBeenCalled();
    container.dispatchEvent(new MouseEvent('mouseout'));
    jest.advanceTimersByTime(3000);
    expect(slider.next).toHaveBeenCalledTimes(1);
  });

  it('stops when the slider is destroyed', () => {
    const { slider, handlers } = fakeSlider();
    sliderAutoplay(1000)(slider as never);
    handlers.created();
    handlers.destroyed();
    jest.advanceTimersByTime(5000);
    expect(slider.next).not.toHaveBeenCalled();
  });
});
