/**
 * The daily check-in on the client (sections 4, 5, 8, 9): status, claim, the panel's open state, the last
 * close time, the cycle timer and the campaign. One instance per shell; the panel, the gift button and
 * the account panel all read its valtio state.
 */
import { proxy } from 'valtio';
import {
  API_CODES,
  CAMPAIGN_PACTIVITY,
  USER_TEXTS,
  checkInCycleOf,
  loadTimeOutcome,
  isApiError,
  type CheckInState,
  type ShellApi,
} from 'shared-contracts';
import { STORAGE_KEYS, readJson, writeJson } from '../../shared/lib/storage';
import { fetchCheckInStatus, postCheckIn } from '../api/checkin';
import { FALLBACK_CHECKIN, INITIAL_CHECKIN, shouldAutoShow, stateFromStatus } from '../lib/rules';

export interface CheckInViewState extends CheckInState {
  /** a status fetch is running */
  loading: boolean;
  /** a claim is running */
  claiming: boolean;
  /** the status answered at least once (or fell back) */
  loaded: boolean;
  /** whether today's credits are still available (the first 500 of the cycle) */
  todayAvailable: boolean;
  open: boolean;
  /** how the panel was opened: by itself on load or at a new cycle, by the user, or by the campaign */
  openedBy: 'auto' | 'user' | 'campaign';
  forced: boolean;
  /** bumps after a successful claim: the panel plays its animation */
  celebrate: number;
  /** credits granted by the last successful claim */
  lastGranted: number;
}

export type ClaimSource = 'checkin-panel' | 'account-panel';

const CHECKIN_CLICK_EVENT = 'miai_activity_interface_click';

export class CheckInController {
  readonly state: CheckInViewState = proxy<CheckInViewState>({
    ...INITIAL_CHECKIN,
    loading: false,
    claiming: false,
    loaded: false,
    todayAvailable: true,
    open: false,
    openedBy: 'auto',
    forced: false,
    celebrate: 0,
    lastGranted: 0,
  });
  private cycleTimer: ReturnType<typeof setTimeout> | null = null;
  private fetchSeq = 0;
  private readonly unsubscribe: (() => void)[] = [];
  private started = false;

  constructor(
    private readonly shell: ShellApi,
    private readonly now: () => number = Date.now,
  ) {}

  /** AccountHost mounts it once: first status, auto-show, cycle timer, bus listeners, campaign. */
  start(win: Window = window): void {
    if (this.started) return;
    this.started = true;
    const { bus } = this.shell;
    this.unsubscribe.push(
      bus.on('account:open-checkin', ({ forced }) => this.openPanel(Boolean(forced))),
      bus.on('shell:campaign-arrival', ({ pactivity }) => {
        if (pactivity === CAMPAIGN_PACTIVITY) this.openPanel(true);
      }),
      bus.on('account:logged-in', () => void this.refresh()),
      bus.on('session:cleared', () => void this.refresh()),
    );
    const campaign = bus.last('shell:campaign-arrival')?.pactivity ?? new URL(win.location.href).searchParams.get('pactivity');
    if (campaign === CAMPAIGN_PACTIVITY) this.openPanel(true);
    void this.refresh();
    this.scheduleCycleTimer();
  }

  stop(): void {
    for (const off of this.unsubscribe.splice(0)) off();
    if (this.cycleTimer) clearTimeout(this.cycleTimer);
    this.cycleTimer = null;
    this.started = false;
  }

  private scheduleCycleTimer(): void {
    if (this.cycleTimer) clearTimeout(this.cycleTimer);
    const now = this.now();
    // a second past the boundary, so the server is surely in the new cycle too
    const wait = Math.max(1000, checkInCycleOf(now).endsAt - now + 1000);
    this.cycleTimer = setTimeout(() => {
      void this.refresh();
      this.scheduleCycleTimer();
    }, wait);
  }

  lastClose(): number | null {
    const value = readJson<number>('local', STORAGE_KEYS.checkinLastClose);
    return typeof value === 'number' ? value : null;
  }

  /** Status fetch, then the auto-show decision. */
  async refresh(): Promise<void> {
    await this.fetchStatus();
    if (!this.state.open && shouldAutoShow({ state: this.state, lastClose: this.lastClose(), now: this.now(), forced: false })) {
      this.state.openedBy = 'auto';
      this.state.open = true;
      this.shell.track('miai_activity_interface_expose', { activity: 'checkin', trigger: 'auto' });
    }
  }

  async fetchStatus(): Promise<void> {
    const seq = ++this.fetchSeq;
    this.state.loading = true;
    const started = performance.now();
    try {
      const status = await fetchCheckInStatus(this.shell.api);
      // the activity's interface has what it shows (spec section 7: miai_activity_interface_load, 30 s rule)
      this.shell.track('miai_activity_interface_load', { activity: 'checkin', ...loadTimeOutcome(performance.now() - started) });
      if (seq !== this.fetchSeq) return;
      Object.assign(this.state, stateFromStatus(status), { todayAvailable: Boolean(status.today_available), loaded: true });
    } catch (error) {
      this.shell.track('miai_activity_interface_load', { activity: 'checkin', result: 'fail', load_time: loadTimeOutcome(0).load_time });
      if (seq !== this.fetchSeq) return;
      console.error('[account] check-in status failed', error);
      this.shell.toast.error(USER_TEXTS.CHECKIN_FETCH_FAILED);
      Object.assign(this.state, FALLBACK_CHECKIN, { todayAvailable: false, loaded: true });
    } finally {
      if (seq === this.fetchSeq) this.state.loading = false;
    }
  }

  /**
   * A signed-in user outside the check-in countries cannot claim: the panel does not open for them (it
   * would only say so), nor does the gift button show. Guests see it: logging in may make them eligible.
   */
  outsideCheckIn(): boolean {
    return this.shell.session.state.flags.isLogin && this.state.loaded && !this.state.isActivityActive;
  }

  openPanel(forced = false): void {
    if (this.outsideCheckIn()) return;
    this.state.forced = this.state.forced || forced;
    if (this.state.open) return;
    this.state.openedBy = forced ? 'campaign' : 'user';
    this.state.open = true;
    this.shell.track('miai_activity_interface_expose', { activity: 'checkin', trigger: forced ? 'campaign' : 'manual' });
  }

  /**
   * A press elsewhere on the page (the Login button, a menu) hides the popup without recording a close: it
   * is no decision to skip the check-in this cycle, so the panel comes back when the state changes (a login).
   */
  hidePanel(): void {
    this.state.open = false;
    this.state.forced = false;
  }

  /** Closing hides the panel and records the close time (the panel then stays closed this cycle). */
  closePanel(): void {
    if (!this.state.open) return;
    this.state.open = false;
    this.state.forced = false;
    writeJson('local', STORAGE_KEYS.checkinLastClose, this.now());
  }

  /**
   * Claim today's credits. Logged out: asks for login. Ignored while disabled (already checked in) or
   * loading. Success: checked_in, user and status refetched, animation. Failure: status refetched and an
   * error toast ('Check-in failed', or 'check in fail' from the account panel). A server message shows as
   * a success toast either way.
   */
  async claim(source: ClaimSource): Promise<boolean> {
    this.shell.track(CHECKIN_CLICK_EVENT, { activity: 'checkin', button: 'claim', source });
    if (!this.shell.session.state.flags.isLogin) {
      this.shell.bus.emit('account:login-required', { reason: 'checkin', dialogType: 'login' });
      return false;
    }
    if (this.state.status === 'checked_in' || this.state.claiming || this.state.loading) return false;
    this.state.claiming = true;
    const failText = source === 'account-panel' ? USER_TEXTS.CHECKIN_FAILED_PANEL : USER_TEXTS.CHECKIN_FAILED;
    try {
      const result = await postCheckIn(this.shell.api);
      if (result.message) this.shell.toast.success(result.message);
      if (result.success && result.is_checked_in) {
        const granted = this.state.credits;
        this.state.status = 'checked_in';
        this.state.lastGranted = granted;
        this.state.celebrate += 1;
        await Promise.all([this.refreshUser(), this.fetchStatus()]);
        return true;
      }
      await this.fetchStatus();
      this.shell.toast.error(failText);
      return false;
    } catch (error) {
      console.error('[account] check-in failed', error);
      await this.fetchStatus();
      this.shell.toast.error(failText);
      if (isApiError(error) && error.code === API_CODES.CHECKIN_UNAVAILABLE && error.message) this.shell.toast.success(error.message);
      return false;
    } finally {
      this.state.claiming = false;
    }
  }

  private async refreshUser(): Promise<void> {
    const user = await this.shell.session.refreshUser();
    if (user) this.shell.bus.emit('credits:changed', { credits: user.integral.integral });
  }
}
