import { API_CODES, ApiError, CAMPAIGN_PACTIVITY, USER_TEXTS } from 'shared-contracts';
import { createFakeShell, makeUser, type FakeShell } from '../../../../test-support/shell-double';
import { STORAGE_KEYS } from '../../shared/lib/storage';
import { CheckInController } from './checkin-controller';

const NOW = Date.parse('2025-03-10T12:00:00Z');

function status(overrides: Partial<{ is_checked_in: boolean; today_available: boolean; today_checkin_credits: number; activity_active: boolean }> = {}) {
  return { is_checked_in: false, today_available: true, today_checkin_credits: 3, activity_active: true, ...overrides };
}

function setup(loggedIn = true) {
  const shell = createFakeShell({ user: loggedIn ? makeUser() : null });
  let current = status();
  shell.handlers.set('GET /v1/activity/checkin/status', () => current);
  shell.handlers.set('POST /v1/user', () => makeUser({ integral: { integral: 8 } }));
  const controller = new CheckInController(shell, () => NOW);
  return {
    shell,
    controller,
    setStatus(next: ReturnType<typeof status>) {
      current = next;
    },
  };
}

let errorSpy: jest.SpyInstance;
beforeEach(() => {
  localStorage.clear();
  errorSpy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errorSpy.mockRestore());

function statusCalls(shell: FakeShell) {
  return shell.callMock.mock.calls.filter(([key]) => key === 'GET /v1/activity/checkin/status').length;
}

describe('CheckInController', () => {
  it('sends miai_activity_interface_load when the check-in data arrives, and a failed load as a failure', async () => {
    const { shell, controller } = setup();
    await controller.fetchStatus();
    expect(shell.track).toHaveBeenCalledWith('miai_activity_interface_load', expect.objectContaining({ activity: 'checkin', load_time: expect.any(Number) }));
    shell.handlers.set('GET /v1/activity/checkin/status', () => {
      throw new Error('down');
    });
    await controller.fetchStatus();
    expect(shell.track).toHaveBeenLastCalledWith('miai_activity_interface_load', { activity: 'checkin', result: 'fail', load_time: 100.15 });
  });

  it('asks a logged-out user to log in instead of claiming', async () => {
    const { shell, controller } = setup(false);
    const loginRequired = jest.fn();
    shell.bus.on('account:login-required', loginRequired);
    await expect(controller.claim('checkin-panel')).resolves.toBe(false);
    expect(loginRequired).toHaveBeenCalledWith({ reason: 'checkin', dialogType: 'login' });
    expect(shell.callMock).not.toHaveBeenCalledWith('POST /v1/activity/checkin', expect.anything());
  });

  it('claims: checked_in, user and status refetched, credits event, animation, server message as success toast', async () => {
    const { shell, controller, setStatus } = setup();
    await controller.fetchStatus();
    shell.handlers.set('POST /v1/activity/checkin', () => {
      setStatus(status({ is_checked_in: true }));
      return { success: true, is_checked_in: true, message: 'You got 3 credits!' };
    });
    const credits = jest.fn();
    shell.bus.on('credits:changed', credits);
    const before = statusCalls(shell);
    await expect(controller.claim('checkin-panel')).resolves.toBe(true);
    expect(controller.state.status).toBe('checked_in');
    expect(controller.state.celebrate).toBe(1);
    expect(controller.state.lastGranted).toBe(3);
    expect(shell.refreshUserMock).toHaveBeenCalled();
    expect(statusCalls(shell)).toBe(before + 1);
    expect(credits).toHaveBeenCalledWith({ credits: 8 });
    expect(shell.toastMock.success).toHaveBeenCalledWith('You got 3 credits!');
    expect(shell.toastMock.error).not.toHaveBeenCalled();
  });

  it('ignores a claim while checked in (disabled) or while another runs (loading)', async () => {
    const { shell, controller, setStatus } = setup();
    let resolveClaim: (value: unknown) => void = () => undefined;
    shell.handlers.set('POST /v1/activity/checkin', () => new Promise((resolve) => (resolveClaim = resolve)));
    await controller.fetchStatus();
    const first = controller.claim('checkin-panel');
    await expect(controller.claim('checkin-panel')).resolves.toBe(false);
    setStatus(status({ is_checked_in: true }));
    resolveClaim({ success: true, is_checked_in: true, message: '' });
    await first;
    await expect(controller.claim('checkin-panel')).resolves.toBe(false);
    expect(shell.callMock.mock.calls.filter(([key]) => key === 'POST /v1/activity/checkin')).toHaveLength(1);
  });

  it('a refused claim refetches, toasts Check-in failed, and still shows the server message as success', async () => {
    const { shell, controller } = setup();
    await controller.fetchStatus();
    shell.handlers.set('POST /v1/activity/checkin', () => ({ success: false, is_checked_in: false, message: 'All claimed today' }));
    const before = statusCalls(shell);
    await expect(controller.claim('checkin-panel')).resolves.toBe(false);
    expect(statusCalls(shell)).toBe(before + 1);
    expect(shell.toastMock.error).toHaveBeenCalledWith(USER_TEXTS.CHECKIN_FAILED);
    expect(shell.toastMock.success).toHaveBeenCalledWith('All claimed today');
    expect(controller.state.status).toBe('check_in');
  });

  it("the account panel's claim toasts 'check in fail' on a failed call", async () => {
    const { shell, controller } = setup();
    await controller.fetchStatus();
    shell.handlers.set('POST /v1/activity/checkin', () => {
      throw new ApiError('Daily check-in is not available in your country.', API_CODES.CHECKIN_UNAVAILABLE, 200);
    });
    await controller.claim('account-panel');
    expect(shell.toastMock.error).toHaveBeenCalledWith(USER_TEXTS.CHECKIN_FAILED_PANEL);
    expect(shell.toastMock.success).toHaveBeenCalledWith('Daily check-in is not available in your country.');
  });

  it('falls back to check_in, 3 credits, inactive and says so when the status fetch fails', async () => {
    const { shell, controller } = setup();
    shell.handlers.set('GET /v1/activity/checkin/status', () => {
      throw new Error('down');
    });
    expect(controller.state.credits).toBe(2);
    await controller.fetchStatus();
    expect(shell.toastMock.error).toHaveBeenCalledWith(USER_TEXTS.CHECKIN_FETCH_FAILED);
    expect(controller.state).toMatchObject({ status: 'check_in', credits: 3, isActivityActive: false, loaded: true });
  });

  it('appears on start unless closed this cycle; closing records the time', async () => {
    const { controller } = setup();
    controller.start();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controller.state.open).toBe(true);
    controller.closePanel();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.checkinLastClose) ?? '0')).toBe(NOW);
    await controller.refresh();
    expect(controller.state.open).toBe(false);
    controller.stop();
  });

  it('does not appear by itself when already checked in, but the campaign forces it', async () => {
    const { shell, controller, setStatus } = setup();
    setStatus(status({ is_checked_in: true }));
    await controller.refresh();
    expect(controller.state.open).toBe(false);
    controller.start();
    shell.bus.emit('shell:campaign-arrival', { pactivity: CAMPAIGN_PACTIVITY });
    expect(controller.state.open).toBe(true);
    expect(controller.state.forced).toBe(true);
    controller.stop();
  });

  it('the gift button event opens it', () => {
    const { shell, controller } = setup();
    controller.start();
    controller.state.open = false;
    shell.bus.emit('account:open-checkin', {});
    expect(controller.state.open).toBe(true);
    controller.stop();
  });
});
