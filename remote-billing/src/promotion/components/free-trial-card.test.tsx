import { act, fireEvent, render, screen } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ShellContext } from 'shared-contracts';
import { createFakeShell, makeUser, type FakeShell } from '../../../../test-support/shell-double';
import { FreeTrialCard } from './free-trial-card';

function renderCard(shell: FakeShell) {
  return render(
    <ShellContext.Provider value={shell}>
      <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
        <FreeTrialCard />
      </SWRConfig>
    </ShellContext.Provider>,
  );
}

describe('free-trial card', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a visitor sees it after 15 s; a click opens registration; it is removed 500 ms after collapsing', async () => {
    const shell = createFakeShell();
    shell.handlers.set('GET /v1/common/ab-test', async () => ({ plan: 2 }));
    const register = jest.fn();
    shell.bus.on('account:login-required', register);
    renderCard(shell);
    await act(async () => jest.advanceTimersByTime(14_999));
    expect(screen.queryByTestId('free-trial-card')).toBeNull();
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('free-trial-card')).toHaveTextContent('5 free credits');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up free' }));
    expect(register).toHaveBeenCalledWith({ reason: 'free-trial-card', dialogType: 'register' });
    expect(screen.getByTestId('free-trial-card')).toHaveAttribute('data-phase', 'collapsing');
    await act(async () => jest.advanceTimersByTime(500));
    expect(screen.queryByTestId('free-trial-card')).toBeNull();
  });

  it('a new signed-in user sees it after 10 ms and it collapses by itself after 15 s; the close button collapses it', async () => {
    const shell = createFakeShell({ user: makeUser({ isNewUser: true, freeTrails: ['image2video'] }) });
    renderCard(shell);
    await act(async () => jest.advanceTimersByTime(10));
    expect(screen.getByTestId('free-trial-card')).toHaveTextContent('Your free video is waiting');
    await act(async () => jest.advanceTimersByTime(15_000));
    expect(screen.getByTestId('free-trial-card')).toHaveAttribute('data-phase', 'collapsing');
    await act(async () => jest.advanceTimersByTime(500));
    expect(screen.queryByTestId('free-trial-card')).toBeNull();
  });

  it('is not shown to members or on phones', async () => {
    const member = createFakeShell({ user: makeUser({ isNewUser: true, verify: { level: 'standard', expired_time: 4102444800, is_expired: false } }) });
    renderCard(member);
    await act(async () => jest.advanceTimersByTime(20_000));
    expect(screen.queryByTestId('free-trial-card')).toBeNull();
    const phone = createFakeShell({ viewport: { width: 375, isPhone: true, isDesktop: false } });
    renderCard(phone);
    await act(async () => jest.advanceTimersByTime(20_000));
    expect(screen.queryByTestId('free-trial-card')).toBeNull();
  });
});
