/**
 * The login flow of spec section 4, independent of React so it can be tested: choose the way (frame,
 * pop-up, redirect), make PKCE and state, handle every frame message of the account service (origin
 * checked), exchange the code, store the session, refresh the user, and track the outcome.
 */
import { FRAME_MESSAGES, LOGIN_POPUP, LOGIN_REFRESH_DELAYS_MS, RELOGIN_REDIRECT_MS, USER_TEXTS, type FrameMessage, type ShellApi, type User } from 'shared-contracts';
import { STORAGE_KEYS, readJson, removeKey, writeJson } from '../../shared/lib/storage';
import { exchangeCode, fetchFeatureCodes } from '../api/oauth';
import { createLoginState, type LoginViewState } from '../state/login-state';
import { accountLogoutUrl, accountOriginOf, authorizeUrl, loginLang, type DialogType, type LoginWay } from '../../shared/lib/login-urls';
import { chooseLoginWay, type LastLoginWay } from './login-way';
import { parseFrameMessage } from './frame-messages';
import { openerOf, returnFocusAfterLogin } from './focus-return';
import { createPkce } from './pkce';

export interface PendingLogin {
  state: string;
  verifier: string;
  redirectUri: string;
  way: LoginWay;
  dialogType: DialogType;
  /** epoch ms */
  createdAt: number;
}

export interface LoginDeps {
  shell: ShellApi;
  win?: Window;
  cryptoImpl?: Crypto;
  now?: () => number;
  /** answers whether third-party cookies work (null: unknown) */
  cookieSupport(): Promise<boolean | null>;
  /** the same answer when it is known already (kept from an earlier check), without waiting; null: not known */
  knownCookieSupport?(): boolean | null;
  /** the early-login A/B plan, sent with the token exchange */
  abPlan?: () => number;
  /** called by a logout request from the account service */
  onLogoutRequest(): void;
}

export const LOGIN_RESULT_EVENT = 'user_login_result_v2';
const LOGIN_EXPOSE_EVENT = 'user_login_expose';
const POPUP_POLL_MS = 500;
/** pending logins older than this are not accepted (the account service's codes live much shorter) */
const PENDING_LOGIN_MAX_AGE_MS = 30 * 60 * 1000;
const LANDING_KEY = 'account:landing-page';

/** The path the visit started on, sent as landing_page with the token exchange. */
export function rememberLandingPage(win: Window = window): string {
  const known = readJson<string>('session', LANDING_KEY);
  if (known) return known;
  const landing = win.location.pathname + win.location.search;
  writeJson('session', LANDING_KEY, landing);
  return landing;
}

function errorReason(error: unknown): string {
  if (error && typeof error === 'object') {
    const record = error as Record<string, unknown>;
    for (const key of ['reason', 'message', 'msg']) {
      if (typeof record[key] === 'string' && record[key]) return record[key] as string;
    }
  }
  return String(error);
}

export class LoginController {
  readonly state: LoginViewState = createLoginState();
  private readonly shell: ShellApi;
  private readonly win: Window;
  private readonly cryptoImpl: Crypto;
  private readonly now: () => number;
  private popup: Window | null = null;
  private popupTimer: ReturnType<typeof setInterval> | null = null;
  private frameFallbackTimer: ReturnType<typeof setTimeout> | null = null;
  private timers: ReturnType<typeof setTimeout>[] = [];
  private completing = false;
  private frameWindow: Window | null = null;

  constructor(private readonly deps: LoginDeps) {
    this.shell = deps.shell;
    this.win = deps.win ?? window;
    this.cryptoImpl = deps.cryptoImpl ?? globalThis.crypto;
    this.now = deps.now ?? Date.now;
  }

  get accountOrigin(): string {
    return accountOriginOf(this.shell.config);
  }

  private home(): string {
    return `${this.win.location.origin}/home`;
  }

  /** Opens the login (frame, pop-up or redirect). Ignored when already signed in. */
  async open(dialogType: DialogType = 'login', reason = 'login'): Promise<void> {
    if (this.shell.session.state.flags.isLogin) return;
    if (!this.state.open) this.opener = openerOf(this.win.document);
    if (this.state.open && this.state.way === 'iframe') {
      if (this.state.dialogType !== dialogType) {
        this.state.dialogType = dialogType;
        this.tellFrame(dialogType);
      }
      return;
    }
    if (this.popup && !this.popup.closed) {
      this.popup.focus();
      return;
    }
    const known = this.deps.knownCookieSupport?.() ?? null;
    const last = readJson<LastLoginWay>('local', STORAGE_KEYS.lastLoginWay);
    if (known !== null) {
      const way = chooseLoginWay(known, last, this.now());
      // browsers block a pop-up opened after an await (Safari at once, Chromium once the click's activation
      // has lapsed): the window opens now, within the click, and is sent to the login once PKCE is made
      const reserved = way === 'popup' ? this.openPopupWindow('about:blank') : undefined;
      await this.start(way, dialogType, reason, reserved).catch((error: unknown) => {
        reserved?.close();
        throw error;
      });
      return;
    }
    const supported = await this.deps.cookieSupport();
    await this.start(chooseLoginWay(supported !== false, last, this.now()), dialogType, reason);
  }

  private openPopupWindow(url: string): Window | null {
    const left = Math.max(0, Math.round(this.win.screenX + (this.win.outerWidth - LOGIN_POPUP.width) / 2));
    const top = Math.max(0, Math.round(this.win.screenY + (this.win.outerHeight - LOGIN_POPUP.height) / 2));
    return this.win.open(url, 'studio-account-login', `popup=yes,width=${LOGIN_POPUP.width},height=${LOGIN_POPUP.height},left=${left},top=${top}`);
  }

  /** reserved: the pop-up window opened within the click (null: it was blocked), when the way was known then */
  private async start(way: LoginWay, dialogType: DialogType, reason: string, reserved?: Window | null): Promise<void> {
    const pkce = await createPkce(this.cryptoImpl);
    const redirectUri = `${this.win.location.origin}${this.win.location.pathname}`;
    const pending: PendingLogin = { state: pkce.state, verifier: pkce.verifier, redirectUri, way, dialogType, createdAt: this.now() };
    writeJson('session', STORAGE_KEYS.pendingLogin, pending);
    const src = authorizeUrl(this.shell.config, {
      state: pkce.state,
      challenge: pkce.challenge,
      redirectUri,
      way,
      dialogType,
      lang: loginLang(this.shell.preferences.state.language),
      goto: this.win.location.href,
    });
    writeJson('local', STORAGE_KEYS.lastLoginWay, { way, at: this.now() } satisfies LastLoginWay);
    this.shell.track(LOGIN_EXPOSE_EVENT, { way, dialog_type: dialogType, reason });

    if (way === 'popup') {
      const popup = reserved === undefined ? this.openPopupWindow(src) : reserved;
      if (popup && reserved) popup.location.replace(src);
      if (!popup) {
        // the pop-up was blocked: the page itself goes to the account service
        await this.start('redirect', dialogType, 'popup-blocked');
        return;
      }
      this.popup = popup;
      this.state.way = 'popup';
      this.state.dialogType = dialogType;
      this.watchPopup();
      return;
    }
    if (way === 'redirect') {
      this.state.way = 'redirect';
      this.win.location.assign(src);
      return;
    }
    Object.assign(this.state, { open: true, way, dialogType, src, loading: true, busy: false, openCount: this.state.openCount + 1 });
  }

  private watchPopup(): void {
    this.stopPopupWatch();
    this.popupTimer = setInterval(() => {
      if (!this.popup || this.popup.closed) {
        const closedByUser = !this.completing;
        this.popup = null;
        this.stopPopupWatch();
        if (closedByUser) this.trackCancel('popup');
      }
    }, POPUP_POLL_MS);
  }

  private stopPopupWatch(): void {
    if (this.popupTimer) clearInterval(this.popupTimer);
    this.popupTimer = null;
  }

  private trackCancel(way: LoginWay): void {
    this.shell.track(LOGIN_RESULT_EVENT, { result: 'cancel', way, dialog_type: this.state.dialogType });
  }

  /** what opened the dialog: it (or the avatar in its place) has the focus back after signing in */
  private opener: HTMLElement | null = null;

  /** The user closed the dialog (close button, Escape). */
  cancel(): void {
    if (!this.state.open) return;
    this.state.open = false;
    this.clearFrameFallback();
    this.trackCancel('iframe');
  }

  /** The dialog's frame (null when it unmounts): the account page takes view switches from its host. */
  attachFrame(frameWindow: Window | null): void {
    this.frameWindow = frameWindow;
  }

  private tellFrame(dialogType: DialogType): void {
    try {
      this.frameWindow?.postMessage({ type: dialogType === 'register' ? FRAME_MESSAGES.SHOW_SIGNUP : FRAME_MESSAGES.SHOW_LOGIN }, this.accountOrigin);
    } catch (error) {
      console.warn('[account] could not switch the login view', error);
    }
  }

  /** The frame's document loaded; if the page never posts its page view, stop showing the spinner anyway. */
  frameLoaded(): void {
    this.clearFrameFallback();
    this.frameFallbackTimer = setTimeout(() => {
      this.state.loading = false;
    }, 2000);
  }

  private clearFrameFallback(): void {
    if (this.frameFallbackTimer) clearTimeout(this.frameFallbackTimer);
    this.frameFallbackTimer = null;
  }

  private closeAll(): void {
    this.state.open = false;
    this.state.busy = false;
    this.clearFrameFallback();
    this.stopPopupWatch();
    if (this.popup && !this.popup.closed) this.popup.close();
    this.popup = null;
  }

  /** window 'message' listener: only the account service's origin is heard. */
  handleMessage = (event: MessageEvent): void => {
    // the shell posts clear-user-info to the main frame, which may be this very window on the same origin
    if (event.source === this.win) return;
    const message = parseFrameMessage(event, this.accountOrigin);
    if (!message) return;
    void this.dispatch(message);
  };

  async dispatch(message: FrameMessage): Promise<void> {
    switch (message.type) {
      case FRAME_MESSAGES.PAGE_VIEW:
        this.state.loading = false;
        this.clearFrameFallback();
        return;
      case FRAME_MESSAGES.REGISTER_SUCCESS:
        this.shell.track('user_register_result', { result: 'success', way: this.state.way });
        return;
      case FRAME_MESSAGES.AUTH_CODE:
        await this.complete(message.code ?? '', message.state ?? '');
        return;
      case FRAME_MESSAGES.LOGIN_SUCCESS:
        this.completing = true;
        this.closeAll();
        this.completing = false;
        return;
      case FRAME_MESSAGES.SHOW_LOGIN:
      case FRAME_MESSAGES.SHOW_SIGNUP: {
        const dialogType: DialogType = message.type === FRAME_MESSAGES.SHOW_SIGNUP ? 'register' : 'login';
        if (this.state.open || (this.popup && !this.popup.closed)) this.state.dialogType = dialogType;
        else await this.open(dialogType, 'account-service');
        return;
      }
      case FRAME_MESSAGES.LOGOUT_REQUEST:
        this.deps.onLogoutRequest();
        return;
      case FRAME_MESSAGES.CLOSE_REQUEST: // Escape inside the frame (its keys never reach this page)
        this.cancel();
        return;
      case FRAME_MESSAGES.CLEAR_USER_INFO: {
        const hadSession = this.shell.session.state.flags.isLogin || this.shell.session.state.token !== '';
        if (!hadSession) return;
        this.shell.session.clear('session-invalid');
        this.shell.toast.warn(USER_TEXTS.LOGGED_OUT);
        return;
      }
      default:
        return;
    }
  }

  /** The auth code arrived (frame, pop-up or redirect): verify the state, exchange, store the session. */
  async complete(code: string, state: string): Promise<boolean> {
    const pending = readJson<PendingLogin>('session', STORAGE_KEYS.pendingLogin);
    const way = pending?.way ?? this.state.way;
    // no login of ours is under way: a code nobody asked for is not a failed login, and must not log the user out
    if (!pending) {
      console.warn('[account] an auth code arrived with no login in progress; ignored');
      return false;
    }
    if (!state || pending.state !== state) {
      this.fail(new Error('state mismatch'), way);
      return false;
    }
    if (!code) {
      this.fail(new Error('missing code'), way);
      return false;
    }
    if (this.now() - pending.createdAt > PENDING_LOGIN_MAX_AGE_MS) {
      removeKey('session', STORAGE_KEYS.pendingLogin);
      this.fail(new Error('login request expired'), way);
      return false;
    }
    // one use: a replayed message finds nothing to match
    removeKey('session', STORAGE_KEYS.pendingLogin);
    this.completing = true;
    this.state.busy = true;
    try {
      const answer = await exchangeCode(this.shell.api, {
        code,
        code_verifier: pending.verifier,
        redirect_uri: pending.redirectUri,
        plan: this.deps.abPlan?.() ?? 0,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        landing_page: rememberLandingPage(this.win),
      });
      this.shell.session.setToken(answer.jwt);
      let user: User = answer.user;
      this.shell.session.setUser(user);
      try {
        const granted = await fetchFeatureCodes(this.shell.api, user.subscribe.map((s) => s.pid));
        // the memberships' codes join what the user record already carries (A/B codes and the like)
        user = { ...user, featureCodes: [...new Set([...(user.featureCodes ?? []), ...granted])] };
        this.shell.session.setUser(user);
      } catch (error) {
        console.warn('[account] feature codes not fetched', error);
      }
      this.closeAll();
      this.timers.push(returnFocusAfterLogin(this.win.document, this.opener));
      this.shell.track(LOGIN_RESULT_EVENT, { result: 'success', way, dialog_type: pending.dialogType, is_new: user.isNewUser });
      this.shell.bus.emit('account:logged-in', { user });
      this.shell.bus.emit('credits:changed', { credits: user.integral.integral });
      for (const delay of LOGIN_REFRESH_DELAYS_MS) {
        this.timers.push(setTimeout(() => void this.refresh(), delay));
      }
      return true;
    } catch (error) {
      this.fail(error, way);
      return false;
    } finally {
      this.completing = false;
      this.state.busy = false;
    }
  }

  private async refresh(): Promise<void> {
    try {
      const user = await this.shell.session.refreshUser();
      if (user) this.shell.bus.emit('credits:changed', { credits: user.integral.integral });
    } catch (error) {
      console.warn('[account] user refresh failed', error);
    }
  }

  /** Login failure: tracked with its reason, then the account service logout after 200 ms. */
  fail(error: unknown, way: LoginWay): void {
    const reason = errorReason(error);
    console.error('[account] login failed:', reason);
    this.shell.track(LOGIN_RESULT_EVENT, { result: 'fail', reason, way });
    this.closeAll();
    this.timers.push(setTimeout(() => this.win.location.assign(accountLogoutUrl(this.shell.config, this.home())), RELOGIN_REDIRECT_MS));
  }

  /** After a redirect login the page comes back with ?code&state (or ?error): finish it and clean the URL. */
  async resumeRedirect(): Promise<void> {
    const url = new URL(this.win.location.href);
    const code = url.searchParams.get('code');
    const state = url.searchParams.get('state');
    const error = url.searchParams.get('error');
    const description = url.searchParams.get('error_description');
    const pending = readJson<PendingLogin>('session', STORAGE_KEYS.pendingLogin);
    if (!pending || pending.way !== 'redirect' || (!code && !error) || !state) return;
    for (const key of ['code', 'state', 'goto', 'error', 'error_description']) url.searchParams.delete(key);
    this.win.history.replaceState(this.win.history.state, '', url.pathname + url.search + url.hash);
    if (error) {
      removeKey('session', STORAGE_KEYS.pendingLogin);
      this.fail(new Error(description ?? error), 'redirect');
      return;
    }
    await this.complete(code ?? '', state);
  }

  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers = [];
    this.clearFrameFallback();
    this.stopPopupWatch();
  }
}
