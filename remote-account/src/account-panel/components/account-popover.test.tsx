import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ShellContext, type MembershipItem } from 'shared-contracts';
import AccountEntry from '../../exposes/account-entry';
import { createFakeShell, makeUser, type FakeShell } from '../../../../test-support/shell-double';

function renderEntry(shell: FakeShell) {
  return render(
    <SWRConfig value={{ provider: () => new Map() }}>
      <ShellContext.Provider value={shell}>
        <AccountEntry />
      </ShellContext.Provider>
    </SWRConfig>,
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

const membership = (over: Partial<MembershipItem>): MembershipItem => ({
  id: 1, sku_id: 24109016, name: 'Premium Yearly', level: 'premium', period_unit: 'year', status: 'active', is_trial: false,
  started_at: 1_868_000_000, expires_at: 1_900_000_000, auto_renew: true, cancel_at_period_end: false, order_id: 'o1', refundable: false, renews_into: null, ...over,
});

async function openPanel(shell: FakeShell, memberships: MembershipItem[] = []) {
  shell.handlers.set('POST /v1/user', () => shell.session.state.user);
  shell.handlers.set('GET /v1/buy/subscriptions', () => memberships);
  shell.handlers.set('GET /v1/buy/credit-plans', () => []);
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

  it('opens the panel: name fallback, plan mapping, what each plan does next, credits, actions; refreshes the user', async () => {
    const shell = createFakeShell({ user: premium });
    const panel = await openPanel(shell, [
      membership({}),
      membership({ id: 2, name: 'Premium Monthly', sku_id: 24109015, status: 'active', auto_renew: false, cancel_at_period_end: true, expires_at: 1_870_000_000 }),
      membership({ id: 3, name: 'Standard Monthly', sku_id: 24109013, level: 'standard', status: 'replaced', auto_renew: false }),
    ]);
    expect(shell.refreshUserMock).toHaveBeenCalledTimes(1);
    expect(panel).toHaveStyle({ zIndex: '2001' });
    expect(within(panel).getByTestId('account-name')).toHaveTextContent('Ada Lovelace');
    expect(within(panel).getByTestId('account-plan')).toHaveTextContent('Premium');
    expect(within(panel).getByTestId('account-plan')).toHaveAttribute('data-level', 'vip');
    expect(within(panel).getByTestId('account-credits')).toHaveTextContent('480');
    // a renewing plan says when it renews, a cancelled one when it ends; an ended one is not listed
    expect((await within(panel).findAllByTestId('subscription-status')).map((line) => line.textContent)).toEqual([
      'Renews on Mar 17, 2030',
      'Ends on Apr 4, 2029, does not renew',
    ]);
    expect(within(panel).queryByRole('button', { name: /^Cancel/ })).not.toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Account center' })).toHaveAttribute('href', 'http://account.studio.test/account/center');
    for (const name of ['Community chat', 'Feedback', 'Log out', 'Credit Transitions', 'Billing and receipts']) {
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
