import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ShellContext } from 'shared-contracts';
import { createFakeShell, makeUser, type FakeShell } from '../../../test-support/shell-double';
import AccountEntry from './account-entry';
import AccountHost from './account-host';

function setup(options: { abPlan?: number; user?: ReturnType<typeof makeUser> | null } = {}) {
  // third-party cookies known to work: no cookie-check frame
  document.cookie = 'account_tpc=1; path=/';
  const shell = createFakeShell({ user: options.user ?? null });
  shell.handlers.set('GET /v1/common/ab-test', () => ({ plan: options.abPlan ?? 0 }));
  shell.handlers.set('GET /v1/activity/checkin/status', () => ({ is_checked_in: true, today_available: true, today_checkin_credits: 3, activity_active: true }));
  shell.handlers.set('POST /v1/feedback', () => ({ id: 'fb1' }));
  const view = render(
    <ShellContext.Provider value={shell}>
      <header>
        <AccountEntry />
      </header>
      <main>
        <button type="button">Create</button>
        <div data-consent-box>
          <input type="checkbox" aria-label="I agree" />
        </div>
      </main>
      <AccountHost />
    </ShellContext.Provider>,
  );
  return { shell, view };
}

async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('AccountHost', () => {
  it("opens the 400x604 login frame on 'account:login-required' and tracks closing as cancel", async () => {
    const { shell } = setup();
    await settle();
    await act(async () => {
      shell.bus.emit('account:login-required', { reason: 'buy' });
    });
    const dialog = await screen.findByRole('dialog', { name: 'Log in' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveStyle({ width: '400px' });
    const frame = dialog.querySelector('iframe');
    expect(frame?.getAttribute('src')).toContain('http://account.studio.test/account/oauth/authorize?');
    expect(frame?.parentElement).toHaveStyle({ height: '604px' });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    });
    expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument();
    expect(shell.trackMock).toHaveBeenCalledWith('user_login_result_v2', expect.objectContaining({ result: 'cancel' }));
  });

  it('opens the login asked for before the host was mounted (the shell placeholder button)', async () => {
    document.cookie = 'account_tpc=1; path=/';
    const shell = createFakeShell();
    shell.handlers.set('GET /v1/common/ab-test', () => ({ plan: 0 }));
    shell.handlers.set('GET /v1/activity/checkin/status', () => ({ is_checked_in: false, today_available: true, today_checkin_credits: 3, activity_active: false }));
    shell.bus.emit('account:login-required', { reason: 'header-login', dialogType: 'register' });
    render(
      <ShellContext.Provider value={shell}>
        <AccountHost />
      </ShellContext.Provider>,
    );
    expect(await screen.findByRole('dialog', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('early-login variant: a click anywhere but the Login button and the consent box opens the login', async () => {
    setup({ abPlan: 2 });
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('checkbox', { name: 'I agree' }));
    });
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    expect(await screen.findByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('default variant: clicks elsewhere do nothing', async () => {
    setup({ abPlan: 0 });
    await settle();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    await settle();
    expect(screen.queryByRole('dialog', { name: 'Log in' })).not.toBeInTheDocument();
  });

  it("opens the feedback modal on 'account:open-feedback' and sends the form with its parameters", async () => {
    const { shell } = setup({ user: makeUser({ uid: 'u9', email: 'me@x.org' }) });
    await settle();
    await act(async () => {
      shell.bus.emit('account:open-feedback', {});
    });
    const dialog = await screen.findByRole('dialog', { name: 'Feedback' });
    fireEvent.change(screen.getByLabelText('What would you like to tell us?'), { target: { value: 'The export button is hard to find.' } });
    expect(screen.getByLabelText('E-mail for a reply (optional)')).toHaveValue('me@x.org');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(await screen.findByText('Thank you! Your feedback was sent to the team.')).toBeInTheDocument();
    const call = (shell as FakeShell).callMock.mock.calls.find(([key]) => key === 'POST /v1/feedback');
    const body = (call?.[1] as { body: { content: string; contact: string; source: Record<string, unknown> } }).body;
    expect(body.content).toBe('The export button is hard to find.');
    expect(body.contact).toBe('me@x.org');
    expect(body.source).toMatchObject({ fid: 'studio-feedback', lang: 'en', embed: 1, theme: 'dark', uid: 'u9', ut: 'free', pid: 'studio' });
    expect(typeof body.source.sid).toBe('string');
    expect(dialog).toBeInTheDocument();
  });

  it('the community panel opens the invite in a new tab', async () => {
    const { shell } = setup({ user: makeUser() });
    shell.handlers.set('POST /v1/user', () => makeUser());
    await settle();
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await act(async () => {
      fireEvent.click(screen.getByTestId('account-avatar'));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Community chat' }));
    });
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Join now' }));
    });
    expect(open).toHaveBeenCalledWith('https://chat.example.org/invite/studio', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('keeps focus inside a modal dialog (Tab wraps)', async () => {
    const { shell } = setup();
    await settle();
    await act(async () => {
      shell.bus.emit('account:open-feedback', {});
    });
    await screen.findByRole('dialog', { name: 'Feedback' });
    const close = screen.getByRole('button', { name: 'Close' });
    const send = screen.getByRole('button', { name: 'Send' });
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    // Send is disabled (empty form), so Cancel is the last focusable element
    expect(send).toBeDisabled();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(close).toHaveFocus();
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(cancel).toHaveFocus();
    await waitFor(() => expect(document.body.style.overflow).toBe('hidden'));
  });
});
