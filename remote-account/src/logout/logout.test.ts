import { createFakeShell, makeUser } from '../../../test-support/shell-double';
import { HOST_LOGOUT_MESSAGE, logout } from './logout';

function fakeWin(embedded: boolean) {
  const assign = jest.fn();
  const parentPost = jest.fn();
  const win = {
    location: { origin: 'http://app.studio.test', hostname: 'app.studio.test', assign },
    document,
  } as unknown as Window & { parent: Window };
  (win as unknown as { parent: unknown }).parent = embedded ? { postMessage: parentPost } : win;
  return { win, assign, parentPost };
}

describe('logout', () => {
  it('calls the server, clears the session and cookies, tells the host frame, goes to the account logout', async () => {
    const shell = createFakeShell({ user: makeUser() });
    const order: string[] = [];
    shell.handlers.set('POST /v1/logout', () => {
      order.push('server');
      return null;
    });
    shell.clearMock.mockImplementation(() => order.push('clear'));
    document.cookie = 'token=legacy; path=/';
    document.cookie = 'access_token=legacy; path=/';
    const { win, assign, parentPost } = fakeWin(true);
    await logout(shell, win);
    expect(order).toEqual(['server', 'clear']);
    expect(shell.clearMock).toHaveBeenCalledWith('logout');
    expect(document.cookie).not.toMatch(/(^|; )token=/);
    expect(document.cookie).not.toMatch(/access_token=/);
    expect(parentPost).toHaveBeenCalledWith({ type: HOST_LOGOUT_MESSAGE }, '*');
    expect(assign).toHaveBeenCalledWith(`http://account.studio.test/account/logout?redirect_uri=${encodeURIComponent('http://app.studio.test/home')}`);
  });

  it('ignores a failed server call', async () => {
    const shell = createFakeShell({ user: makeUser() });
    shell.handlers.set('POST /v1/logout', () => {
      throw new Error('offline');
    });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { win, assign, parentPost } = fakeWin(false);
    await logout(shell, win);
    expect(shell.clearMock).toHaveBeenCalledWith('logout');
    expect(parentPost).not.toHaveBeenCalled();
    expect(assign).toHaveBeenCalledTimes(1);
    warn.mockRestore();
  });
});
