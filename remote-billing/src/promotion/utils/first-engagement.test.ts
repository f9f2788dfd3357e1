import { modalOpen, onFirstEngagement, whenNoModal } from './first-engagement';

describe('onFirstEngagement', () => {
  it('calls back once, on the first scroll of the page', () => {
    for (const event of ['scroll', 'wheel']) {
      const callback = jest.fn();
      onFirstEngagement(callback);
      expect(callback).not.toHaveBeenCalled();
      window.dispatchEvent(new Event(event));
      window.dispatchEvent(new Event('scroll'));
      expect(callback).toHaveBeenCalledTimes(1);
    }
  });

  it('does not take a tap or a key press for it: those are the visitor acting (Login, the menu)', () => {
    const callback = jest.fn();
    const stop = onFirstEngagement(callback);
    for (const event of ['pointerdown', 'touchstart', 'keydown', 'click']) window.dispatchEvent(new Event(event));
    expect(callback).not.toHaveBeenCalled();
    stop();
  });

  it('calls nothing once stopped (the pop-up went away first)', () => {
    const callback = jest.fn();
    onFirstEngagement(callback)();
    window.dispatchEvent(new Event('scroll'));
    expect(callback).not.toHaveBeenCalled();
  });
});

describe('whenNoModal', () => {
  afterEach(() => document.body.replaceChildren());

  it('calls back at once when no dialog is open', () => {
    const callback = jest.fn();
    whenNoModal(callback);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('waits while another modal dialog (the login frame) is open', async () => {
    const login = document.createElement('div');
    login.setAttribute('role', 'dialog');
    login.setAttribute('aria-modal', 'true');
    document.body.appendChild(login);
    expect(modalOpen()).toBe(true);
    const callback = jest.fn();
    whenNoModal(callback);
    await Promise.resolve();
    expect(callback).not.toHaveBeenCalled();
    login.remove();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
