import { fireEvent, render, screen } from '@testing-library/react';
import { act } from 'react';
import { nextRoundTime } from 'shared-contracts';
import { createFakeShell, makeUser } from '../../../../test-support/shell-double';
import { getAccountRuntime } from '../../app/runtime';
import { CheckInPanel, GO_CREATE_PATH, GUEST_CREDITS_TEXT } from './checkin-panel';

function setup(options: { user?: ReturnType<typeof makeUser> | null; phone?: boolean; active?: boolean } = {}) {
  const shell = createFakeShell({
    user: options.user === undefined ? makeUser() : options.user,
    viewport: options.phone ? { width: 390, isPhone: true, isDesktop: false } : {},
  });
  const runtime = getAccountRuntime(shell);
  Object.assign(runtime.checkin.state, { open: true, loaded: true, isActivityActive: options.active ?? true, credits: 3, todayAvailable: true });
  render(<CheckInPanel runtime={runtime} />);
  return { shell, runtime };
}

describe('CheckInPanel', () => {
  it('desktop: a popup (not modal) at layer 500 with the credits and Claim', async () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Daily Check-in' });
    expect(dialog).not.toHaveAttribute('aria-modal');
    expect(dialog).toHaveStyle({ zIndex: '500' });
    expect(screen.getByTestId('checkin-credits')).toHaveTextContent('3');
    expect(screen.getByRole('button', { name: 'Claim' })).toBeEnabled();
  });

  it('a popup that appeared by itself leaves the focus where it was; opened by the user it takes it', async () => {
    const outside = document.body.appendChild(document.createElement('button'));
    outside.focus();
    const { runtime } = setup();
    expect(outside).toHaveFocus();
    await act(async () => {
      runtime.checkin.closePanel();
    });
    await act(async () => {
      runtime.checkin.openPanel();
    });
    expect(await screen.findByRole('button', { name: 'Claim' })).toHaveFocus();
    outside.remove();
  });

  it('phone: a modal', async () => {
    setup({ phone: true });
    expect(screen.getByRole('dialog', { name: 'Daily Check-in' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByTestId('checkin-panel-backdrop')).toHaveStyle({ zIndex: '500' });
  });

  it('guests see the 3 free credits message and the upgrade prompt on desktop; Claim asks for login', async () => {
    const { shell } = setup({ user: null });
    expect(screen.getByText(GUEST_CREDITS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upgrade' })).toBeInTheDocument();
    const loginRequired = jest.fn();
    shell.bus.on('account:login-required', loginRequired);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    });
    expect(loginRequired).toHaveBeenCalled();
  });

  it('no upgrade prompt for standard users', async () => {
    setup({ user: makeUser({ verify: { level: 'standard', expired_time: 2e9, is_expired: false } }) });
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('guests on phones see no upgrade prompt', async () => {
    setup({ user: null, phone: true, active: false });
    expect(screen.getByText(GUEST_CREDITS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('free users in a check-in country on a phone see no upgrade prompt', async () => {
    setup({ phone: true, active: true });
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('free users on desktop see the upgrade prompt, which opens billing', async () => {
    const { shell } = setup();
    const billing = jest.fn();
    shell.bus.on('billing:open', billing);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Upgrade' }));
    });
    expect(billing).toHaveBeenCalledWith({ smart: true, reason: 'checkin' });
  });

  it('checked in: the button is disabled', async () => {
    const { runtime } = setup();
    await act(async () => {
      runtime.checkin.state.status = 'checked_in';
    });
    expect(await screen.findByRole('button', { name: 'Checked in' })).toBeDisabled();
    // the next round in the member's own clock (the check-in runs in Chile and Thailand), not '7:00 PM PT'
    expect(screen.getByText(/^You have checked in today/)).toHaveTextContent(`Come back after ${nextRoundTime(Date.now())} (your time) for more free credits.`);
    expect(screen.getByText(/^You have checked in today/)).not.toHaveTextContent('PT');
  });

  it('go create opens ImageToImage with exploreId 1400 and closing records the close', async () => {
    const { shell, runtime } = setup();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Go create' }));
    });
    expect(shell.navigateMock).toHaveBeenCalledWith(GO_CREATE_PATH);
    expect(GO_CREATE_PATH).toBe('/image-to-image?exploreId=1400');
    expect(runtime.checkin.state.open).toBe(false);
  });

  it('desktop: Escape and a press outside close the popup, even when it appeared by itself', async () => {
    const { runtime } = setup();
    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(runtime.checkin.state.open).toBe(false);
    await act(async () => {
      runtime.checkin.openPanel();
    });
    expect(runtime.checkin.state.open).toBe(true);
    const outside = document.body.appendChild(document.createElement('div'));
    await act(async () => {
      fireEvent.pointerDown(outside);
    });
    expect(runtime.checkin.state.open).toBe(false);
    outside.remove();
  });

  it('desktop: a press outside hides the popup without skipping the cycle; Escape records the close', async () => {
    window.localStorage.clear();
    const { runtime } = setup();
    await act(async () => {
      runtime.checkin.openPanel();
    });
    const outside = document.body.appendChild(document.createElement('div'));
    await act(async () => {
      fireEvent.pointerDown(outside);
    });
    expect(runtime.checkin.state.open).toBe(false);
    expect(runtime.checkin.lastClose()).toBeNull();
    outside.remove();
    await act(async () => {
      runtime.checkin.openPanel();
    });
    await act(async () => {
      fireEvent.keyDown(document.body, { key: 'Escape' });
    });
    expect(runtime.checkin.state.open).toBe(false);
    expect(runtime.checkin.lastClose()).not.toBeNull();
  });

  it('does not open for a signed-in user outside the check-in countries', async () => {
    const { runtime } = setup({ active: false });
    await act(async () => {
      runtime.checkin.closePanel();
    });
    await act(async () => {
      runtime.checkin.openPanel();
    });
    expect(runtime.checkin.state.open).toBe(false);
    await act(async () => {
      runtime.checkin.openPanel(true);
    });
    expect(runtime.checkin.state.open).toBe(false);
  });
});
