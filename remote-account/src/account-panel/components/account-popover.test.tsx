import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { ShellContext } from 'shared-contracts';
import AccountEntry from '../../exposes/account-entry';
import { createFakeShell, makeUser, type FakeShell } from '../../../../test-support/shell-double';

function renderEntry(shell: FakeShell) {
  return render(
    <ShellContext.Provider value={shell}>
      <AccountEntry />
    </ShellContext.Provider>,
  );
}

const premium = makeUser({
  nickname: '',
  firstname: 'Ada',
  lastname: 'Lovelace',
  verify: { level: 'premium', expired_time: 1_900_000_000, is_expired: false },
  integral: { integral: 480 },
  subscribe: [
    { pid: 24109016, name: 'Premium Yearly', expired_time: 1_900_000_000, is_expired: false },
    { pid: 24109013, name: 'Standard Monthly', expired_time: 0, is_expired: true },
  ],
});

async function openPanel(shell: FakeShell) {
  shell.handlers.set('POST /v1/user', () => shell.session.state.user);
  renderEntry(shell);
  await act(async () => {
    fireEvent.click(screen.getByTestId('account-avatar'));
  });
  return screen.getByRole('dialog', { name: 'Account' });
}

describe('AccountEntry', () => {
  it('shows the gift button and Login when logged out; Login opens the login flow', async () => {
    const shell = createFakeShell();
    renderEntry(shell);
    expect(screen.getByRole('button', { name: /Daily check-in/ })).toBeInTheDocument();
    const login = screen.getByRole('button', { name: 'Login' });
    expect(login).toHaveAttribute('data-login-button');
  });

  it('opens the panel: name fallback, plan mapping, expiry lines, credits, actions; refreshes the user', async () => {
    const shell = createFakeShell({ user: premium });
    const panel = await openPanel(shell);
    expect(shell.refreshUserMock).toHaveBeenCalledTimes(1);
    expect(panel).toHaveStyle({ zIndex: '2001' });
    expect(within(panel).getByTestId('account-name')).toHaveTextContent('Ada Lovelace');
    expect(within(panel).getByTestId('account-plan')).toHaveTextContent('Premium');
    expect(within(panel).getByTestId('account-plan')).toHaveAttribute('data-level', 'vip');
    expect(within(panel).getByTestId('account-credits')).toHaveTextContent('480');
    // the expired subscription with an invalid date has no expiry line
    expect(within(panel).getAllByTestId('subscription-expiry')).toHaveLength(1);
    expect(within(panel).getByRole('link', { name: 'Account center' })).toHaveAttribute('href', 'http://account.studio.test/account/center');
    for (const name of ['Community chat', 'Feedback', 'Log out', 'Credit Transitions']) {
      expect(within(panel).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(panel).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', 'https://studio.test/terms');
    expect(within(panel).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', 'https://studio.test/privacy');
    // premium has nothing to upgrade to
    expect(within(panel).queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('Credit Transitions asks for the transactions dialog and is desktop only', async () => {
    const shell = createFakeShell({ user: premium });
    const open = jest.fn();
    shell.bus.on('account:open-transactions', open);
    const panel = await openPanel(shell);
    await act(async () => {
      fireEvent.click(within(panel).getByRole('button', { name: 'Credit Transitions' }));
    });
    expect(open).toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('has no Credit Transitions on a phone', async () => {
    const shell = createFakeShell({ user: premium, viewport: { width: 390, isPhone: true, isDesktop: false } });
    const panel = await openPanel(shell);
    expect(within(panel).queryByRole('button', { name: 'Credit Transitions' })).not.toBeInTheDocument();
  });

  it('Escape closes it and gives focus back to the avatar', async () => {
    const shell = createFakeShell({ user: premium });
    await openPanel(shell);
    await act(async () => {
      fireEvent.keyDown(document, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.getByTestId('account-avatar')).toHaveFocus();
  });

  it('opens after the 50 ms show delay on hover and closes 200 ms after leaving', async () => {
    jest.useFakeTimers();
    const shell = createFakeShell({ user: premium });
    shell.handlers.set('POST /v1/user', () => premium);
    renderEntry(shell);
    const avatar = screen.getByTestId('account-avatar');
    fireEvent.mouseEnter(avatar);
    await act(async () => {
      jest.advanceTimersByTime(49);
    });
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeInTheDocument();
    fireEvent.mouseLeave(avatar);
    await act(async () => {
      jest.advanceTimersByTime(199);
    });
    expect(screen.getByRole('dialog', { name: 'Account' })).toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('dialog', { name: 'Account' })).not.toBeInTheDocument();
    jest.useRealTimers();
  });
});
