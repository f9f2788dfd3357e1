/**
 * One account runtime per shell: the login and check-in controllers and the small UI state the two
 * exposes (AccountEntry in the header, AccountHost once per page) share. Modules of one federation
 * container are single instances, so both exposes reach the same runtime.
 */
import { proxy } from 'valtio';
import type { ShellApi } from 'shared-contracts';
import { CheckInController } from '../checkin/state/checkin-controller';
import { checkCookieSupport, storedCookieSupport } from '../login/lib/cookie-check';
import { LoginController } from '../login/lib/login-controller';
import { logout } from '../logout/logout';

interface AccountUiState {
  transactionsOpen: boolean;
  /** the billing dialog: plans, cancel and resume, history and receipts */
  billingOpen: boolean;
  feedbackOpen: boolean;
  communityOpen: boolean;
  /** the Developer API dialog (keys, webhooks, usage; issue 28) */
  developerOpen: boolean;
  /** the early-login A/B plan (2 is variant B); 0 until known */
  earlyLoginPlan: number;
}

export interface AccountRuntime {
  shell: ShellApi;
  login: LoginController;
  checkin: CheckInController;
  ui: AccountUiState;
  logout(): Promise<void>;
}

const runtimes = new WeakMap<ShellApi, AccountRuntime>();

export function getAccountRuntime(shell: ShellApi): AccountRuntime {
  const known = runtimes.get(shell);
  if (known) return known;
  const ui = proxy<AccountUiState>({ transactionsOpen: false, billingOpen: false, feedbackOpen: false, communityOpen: false, developerOpen: false, earlyLoginPlan: 0 });
  const runtime: AccountRuntime = {
    shell,
    ui,
    login: new LoginController({
      shell,
      cookieSupport: () => checkCookieSupport(shell.config),
      knownCookieSupport: storedCookieSupport,
      abPlan: () => ui.earlyLoginPlan,
      onLogoutRequest: () => void logout(shell),
    }),
    checkin: new CheckInController(shell),
    logout: () => logout(shell),
  };
  runtimes.set(shell, runtime);
  return runtime;
}
