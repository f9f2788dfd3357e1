import { webcrypto } from 'node:crypto';
import { FRAME_MESSAGES, USER_TEXTS, type User } from 'shared-contracts';
import { createFakeShell, makeUser, type FakeShell } from '../../../../test-support/shell-double';
import { STORAGE_KEYS } from '../../shared/lib/storage';
import { LoginController, LOGIN_RESULT_EVENT, type PendingLogin } from './login-controller';
import { chooseLoginWay } from './login-way';
import { challengeOf, createPkce } from './pkce';

const cryptoImpl = webcrypto as unknown as Crypto;
const ACCOUNT = 'http://account.studio.test';

interface FakeWin {
  win: Window;
  assign: jest.Mock;
  open: jest.Mock;
  replaceState: jest.Mock;
}

function fakeWindow(href = 'http://app.studio.test/text-to-video'): FakeWin {
  const url = new URL(href);
  const assign = jest.fn();
  const open = jest.fn();
  const replaceState = jest.fn();
  const win = {
    location: { origin: url.origin, pathname: url.pathname, search: url.search, href: url.href, hash: url.hash, assign },
    history: { state: null, replaceState },
    open,
    screenX: 0,
    screenY: 0,
    outerWidth: 1400,
    outerHeight: 900,
  } as unknown as Window;
  return { win, assign, open, replaceState };
}

function setup(options: { cookies?: boolean | null; knownCookies?: boolean | null; now?: number; href?: string } = {}) {
  const shell = createFakeShell();
  const fw = fakeWindow(options.href);
  const onLogoutRequest = jest.fn();
  const controller = new LoginController({
    shell,
    win: fw.win,
    cryptoImpl,
    now: () => options.now ?? Date.now(),
    cookieSupport: async () => (options.cookies === undefined ? true : options.cookies),
    knownCookieSupport: () => options.knownCookies ?? null,
    onLogoutRequest,
  });
  return { shell, controller, onLogoutRequest, ...fw };
}

function pending(): PendingLogin {
  return JSON.parse(sessionStorage.getItem(STORAGE_KEYS.pendingLogin) ?? 'null') as PendingLogin;
}

function message(data: unknown, origin = ACCOUNT, source: unknown = {}): MessageEvent {
  return { data, origin, source } as unknown as MessageEvent;
}

function loggedInUser(): User {
  return makeUser({ uid: 'u42', token: 'jwt-42', integral: { integral: 12 }, subscribe: [{ pid: 7, name: 'Standard', expired_time: 2e9, is_expired: false }] });
}

function withTokenHandlers(shell: FakeShell, user = loggedInUser()) {
  shell.handlers.set('POST /v1/oauth/token', () => ({ jwt: 'jwt-42', user }));
  shell.handlers.set('POST /v1/feature-code/auth', () => ({ feature_codes: ['no_watermark'] }));
  shell.handlers.set('POST /v1/user', () => ({ ...user, integral: { integral: 15 } }));
}

let errorSpy: jest.SpyInstance;
beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  jest.useRealTimers();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorSpy.mockRestore());

describe('PKCE', () => {
  it('computes the RFC 7636 S256 challenge', async () => {
    await expect(challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', cryptoImpl)).resolves.toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
  it('makes a 43-character verifier and a fresh state each time', async () => {
    const a = await createPkce(cryptoImpl);
    const b = await createPkce(cryptoImpl);
    expect(a.verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.state).not.toBe(b.state);
    expect(a.challenge).toBe(await challengeOf(a.verifier, cryptoImpl));
  });
});

describe('login way', () => {
  const now = 1_700_000_000_000;
  it('uses the frame with cookies, the pop-up without, redirect after another way within the hour', () => {
    expect(chooseLoginWay(true, null, now)).toBe('iframe');
    expect(chooseLoginWay(false, null, now)).toBe('popup');
    expect(chooseLoginWay(true, { way: 'iframe', at: now - 1000 }, now)).toBe('iframe');
    expect(chooseLoginWay(true, { way: 'popup', at: now - 1000 }, now)).toBe('redirect');
    expect(chooseLoginWay(false, { way: 'iframe', at: now - 59 * 60_000 }, now)).toBe('redirect');
    expect(chooseLoginWay(true, { way: 'popup', at: now - 61 * 60_000 }, now)).toBe('iframe');
  });
});

describe('LoginController', () => {
  it('opens the frame with the authorize URL, PKCE and state kept in session storage', async () => {
    const { controller, shell } = setup();
    await controller.open('register', 'header');
    expect(controller.state.open).toBe(true);
    expect(controller.state.way).toBe('iframe');
    const url = new URL(controller.state.src);
    expect(url.origin + url.pathname).toBe(`${ACCOUNT}/account/oauth/authorize`);
    const p = pending();
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('studio-web');
    expect(url.searchParams.get('mode')).toBe('iframe');
    expect(url.searchParams.get('register_mode')).toBe('1');
    expect(url.searchParams.get('state')).toBe(p.state);
    expect(url.searchParams.get('code_challenge')).toBe(await challengeOf(p.verifier, cryptoImpl));
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://app.studio.test/text-to-video');
    expect(shell.trackMock).toHaveBeenCalledWith('user_login_expose', expect.objectContaining({ way: 'iframe' }));
  });

  it('does nothing when already logged in', async () => {
    const { controller, shell } = setup();
    shell.login(loggedInUser());
    await controller.open();
    expect(controller.state.open).toBe(false);
  });

  it('opens the 500x650 pop-up when third-party cookies are not supported', async () => {
    const { controller, open } = setup({ cookies: false });
    open.mockReturnValue({ closed: false, close: jest.fn(), focus: jest.fn() });
    await controller.open();
    expect(open).toHaveBeenCalledWith(expect.stringContaining('mode=popup'), 'studio-account-login', expect.stringContaining('width=500,height=650'));
    expect(controller.state.open).toBe(false);
    controller.dispose();
  });

  it('opens the pop-up within the click when the cookie answer is known, then sends it to the login', async () => {
    const { controller, open } = setup({ knownCookies: false });
    const popup = { closed: false, close: jest.fn(), focus: jest.fn(), location: { replace: jest.fn() } };
    open.mockReturnValue(popup);
    const opening = controller.open();
    // before any await: a pop-up opened later than the click is blocked by browsers
    expect(open).toHaveBeenCalledWith('about:blank', 'studio-account-login', expect.stringContaining('width=500,height=650'));
    await opening;
    expect(open).toHaveBeenCalledTimes(1);
    const sent = new URL(popup.location.replace.mock.calls[0][0] as string);
    expect(sent.searchParams.get('mode')).toBe('popup');
    expect(sent.searchParams.get('state')).toBe(pending().state);
    controller.dispose();
  });

  it('redirects when the pop-up opened within the click is blocked', async () => {
    const { controller, open, assign } = setup({ knownCookies: false });
    open.mockReturnValue(null);
    await controller.open();
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('mode=redirect'));
  });

  it('redirects when the pop-up is blocked', async () => {
    const { controller, open, assign } = setup({ cookies: false });
    open.mockReturnValue(null);
    await controller.open();
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('mode=redirect'));
    expect(pending().way).toBe('redirect');
  });

  it('ignores messages from any origin but the account service', async () => {
    const { controller, shell } = setup();
    withTokenHandlers(shell);
    await controller.open();
    const { state } = pending();
    controller.handleMessage(message({ type: FRAME_MESSAGES.AUTH_CODE, code: 'c1', state }, 'http://evil.test'));
    controller.handleMessage(message({ type: FRAME_MESSAGES.PAGE_VIEW }, 'http://app.studio.test'));
    await Promise.resolve();
    expect(shell.callMock).not.toHaveBeenCalled();
    expect(controller.state.loading).toBe(true);
    controller.handleMessage(message({ type: FRAME_MESSAGES.PAGE_VIEW }));
    expect(controller.state.loading).toBe(false);
  });

  it('ignores messages the window posted to itself (the shell notifying the main frame on one origin)', async () => {
    const shell = createFakeShell({ config: { accountOrigin: 'http://app.studio.test' } });
    const fw = fakeWindow();
    const controller = new LoginController({ shell, win: fw.win, cryptoImpl, cookieSupport: async () => true, onLogoutRequest: jest.fn() });
    shell.login(loggedInUser());
    controller.handleMessage(message({ type: FRAME_MESSAGES.CLEAR_USER_INFO }, 'http://app.studio.test', fw.win));
    await Promise.resolve();
    expect(shell.clearMock).not.toHaveBeenCalled();
  });

  it('ignores an auth code when no login of its own is under way (no exchange, no logout)', async () => {
    jest.useFakeTimers();
    const { controller, shell, assign } = setup();
    withTokenHandlers(shell);
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    controller.handleMessage(message({ type: FRAME_MESSAGES.AUTH_CODE, code: 'c1', state: 'someone-elses-state' }));
    await jest.advanceTimersByTimeAsync(500);
    expect(shell.callMock).not.toHaveBeenCalled();
    expect(shell.setTokenMock).not.toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('rejects an auth code whose state does not match, then goes to the account logout after 200 ms', async () => {
    jest.useFakeTimers();
    const { controller, shell, assign } = setup();
    withTokenHandlers(shell);
    await controller.open();
    controller.handleMessage(message({ type: FRAME_MESSAGES.AUTH_CODE, code: 'c1', state: 'forged-state' }));
    await jest.advanceTimersByTimeAsync(0);
    expect(shell.callMock).not.toHaveBeenCalled();
    expect(shell.setTokenMock).not.toHaveBeenCalled();
    expect(shell.trackMock).toHaveBeenCalledWith(LOGIN_RESULT_EVENT, expect.objectContaining({ result: 'fail', reason: 'state mismatch' }));
    expect(assign).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(200);
    expect(assign).toHaveBeenCalledWith(`${ACCOUNT}/account/logout?redirect_uri=${encodeURIComponent('http://app.studio.test/home')}`);
  });

  it('exchanges the code, stores the session, fetches feature codes, emits, refreshes at 5 s and 10 s', async () => {
    jest.useFakeTimers();
    const { controller, shell } = setup();
    withTokenHandlers(shell);
    const loggedIn = jest.fn();
    const credits = jest.fn();
    shell.bus.on('account:logged-in', loggedIn);
    shell.bus.on('credits:changed', credits);
    await controller.open();
    const p = pending();
    controller.handleMessage(message({ type: FRAME_MESSAGES.AUTH_CODE, code: 'code-1', state: p.state }));
    await jest.advanceTimersByTimeAsync(0);
    expect(shell.callMock).toHaveBeenCalledWith(
      'POST /v1/oauth/token',
      expect.objectContaining({
        body: expect.objectContaining({ code: 'code-1', code_verifier: p.verifier, redirect_uri: 'http://app.studio.test/text-to-video' }),
      }),
    );
    expect(shell.setTokenMock).toHaveBeenCalledWith('jwt-42');
    expect(shell.callMock).toHaveBeenCalledWith('POST /v1/feature-code/auth', { body: { pids: [7] } });
    expect(shell.session.state.user?.featureCodes).toEqual(['no_watermark']);
    expect(loggedIn).toHaveBeenCalledWith({ user: expect.objectContaining({ uid: 'u42', featureCodes: ['no_watermark'] }) });
    expect(credits).toHaveBeenCalledWith({ credits: 12 });
    expect(controller.state.open).toBe(false);
    expect(sessionStorage.getItem(STORAGE_KEYS.pendingLogin)).toBeNull();
    expect(shell.trackMock).toHaveBeenCalledWith(LOGIN_RESULT_EVENT, expect.objectContaining({ result: 'success', way: 'iframe' }));

    expect(shell.refreshUserMock).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(5000);
    expect(shell.refreshUserMock).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(5000);
    expect(shell.refreshUserMock).toHaveBeenCalledTimes(2);
    expect(credits).toHaveBeenLastCalledWith({ credits: 15 });

    // a replayed code message finds no pending login
    shell.callMock.mockClear();
    controller.handleMessage(message({ type: FRAME_MESSAGES.AUTH_CODE, code: 'code-1', state: p.state }));
    await jest.advanceTimersByTimeAsync(0);
    expect(shell.callMock).not.toHaveBeenCalledWith('POST /v1/oauth/token', expect.anything());
    controller.dispose();
  });

  it('treats a failed exchange as a login failure with the reason of the error', async () => {
    jest.useFakeTimers();
    const { controller, shell, assign } = setup();
    shell.handlers.set('POST /v1/oauth/token', () => {
      throw Object.assign(new Error('invalid_grant'), { reason: 'code expired' });
    });
    await controller.open();
    controller.handleMessage(message({ type: FRAME_MESSAGES.AUTH_CODE, code: 'c', state: pending().state }));
    await jest.advanceTimersByTimeAsync(0);
    expect(shell.trackMock).toHaveBeenCalledWith(LOGIN_RESULT_EVENT, expect.objectContaining({ result: 'fail', reason: 'code expired' }));
    expect(shell.setTokenMock).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(200);
    expect(assign).toHaveBeenCalledWith(expect.stringContaining('/account/logout?redirect_uri='));
  });

  it('tracks closing the dialog as cancel; login success closes it', async () => {
    const { controller, shell } = setup();
    await controller.open();
    controller.cancel();
    expect(controller.state.open).toBe(false);
    expect(shell.trackMock).toHaveBeenCalledWith(LOGIN_RESULT_EVENT, expect.objectContaining({ result: 'cancel', way: 'iframe' }));
    await controller.open();
    controller.handleMessage(message({ type: FRAME_MESSAGES.LOGIN_SUCCESS }));
    await Promise.resolve();
    expect(controller.state.open).toBe(false);
  });

  it('tracks a pop-up closed by the user as cancel', async () => {
    jest.useFakeTimers();
    const { controller, shell, open } = setup({ cookies: false });
    const popup = { closed: false, close: jest.fn(), focus: jest.fn() };
    open.mockReturnValue(popup);
    await controller.open();
    popup.closed = true;
    await jest.advanceTimersByTimeAsync(600);
    expect(shell.trackMock).toHaveBeenCalledWith(LOGIN_RESULT_EVENT, expect.objectContaining({ result: 'cancel', way: 'popup' }));
    controller.dispose();
  });

  it('tells the frame to switch view when asked for the other dialog type while open', async () => {
    const { controller } = setup();
    const frameWindow = { postMessage: jest.fn() };
    await controller.open('login');
    controller.attachFrame(frameWindow as unknown as Window);
    await controller.open('register');
    expect(controller.state.dialogType).toBe('register');
    expect(frameWindow.postMessage).toHaveBeenCalledWith({ type: FRAME_MESSAGES.SHOW_SIGNUP }, ACCOUNT);
    await controller.open('register');
    expect(frameWindow.postMessage).toHaveBeenCalledTimes(1);
  });

  it('switches the dialog type on show login / sign-up, passes logout requests on', async () => {
    const { controller, onLogoutRequest } = setup();
    await controller.open('login');
    controller.handleMessage(message({ type: FRAME_MESSAGES.SHOW_SIGNUP }));
    await Promise.resolve();
    expect(controller.state.dialogType).toBe('register');
    controller.handleMessage(message({ type: FRAME_MESSAGES.SHOW_LOGIN }));
    await Promise.resolve();
    expect(controller.state.dialogType).toBe('login');
    controller.handleMessage(message({ type: FRAME_MESSAGES.LOGOUT_REQUEST }));
    await Promise.resolve();
    expect(onLogoutRequest).toHaveBeenCalledTimes(1);
  });

  it('warns on clear user info and clears the session', async () => {
    const { controller, shell } = setup();
    shell.login(loggedInUser());
    controller.handleMessage(message({ type: FRAME_MESSAGES.CLEAR_USER_INFO }));
    await Promise.resolve();
    expect(shell.clearMock).toHaveBeenCalledWith('session-invalid');
    expect(shell.toastMock.warn).toHaveBeenCalledWith(USER_TEXTS.LOGGED_OUT);
  });

  it('finishes a redirect login from ?code&state and cleans the URL', async () => {
    const first = setup({ cookies: true });
    localStorage.setItem(STORAGE_KEYS.lastLoginWay, JSON.stringify({ way: 'popup', at: Date.now() - 1000 }));
    await first.controller.open();
    expect(first.assign).toHaveBeenCalledWith(expect.stringContaining('mode=redirect'));
    const p = pending();
    const back = setup({ href: `http://app.studio.test/text-to-video?code=rc1&state=${p.state}&x=1&goto=%2Ftext-to-video` });
    withTokenHandlers(back.shell);
    await back.controller.resumeRedirect();
    expect(back.replaceState).toHaveBeenCalledWith(null, '', '/text-to-video?x=1');
    expect(back.shell.setTokenMock).toHaveBeenCalledWith('jwt-42');
    back.controller.dispose();
  });
});
