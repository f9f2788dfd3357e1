/**
 * A refused create call (POST /v1/ai/create/{algorithm}), answered the same in every remote: not enough
 * credits warns and opens the credits tab (spec section 6), a full cloud storage opens 'Not enough space',
 * a lost session opens the login, a changed cost (409) asks the caller to show the new one; what is left is
 * a text for the page to show.
 */
import { API_CODES, type ShellApi } from 'shared-contracts';
import { codeOf, isAborted, isInsufficientCredits, isStorageFull, messageOf } from './errors';

export function notEnoughCreditsText(cost: number, balance: number): string {
  return `Not enough credits: this needs ${cost} credit${cost === 1 ? '' : 's'} and you have ${balance}.`;
}

/**
 * Before a create: a known cost above the balance warns and opens the credits tab, and answers true (the
 * create does not go out); an unknown cost (null) leaves the server to decide.
 */
export function refuseOverBalance(shell: ShellApi, cost: number | null): boolean {
  const balance = shell.session.state.flags.curCredits;
  if (cost === null || cost <= balance) return false;
  shell.toast.warn(notEnoughCreditsText(cost, balance));
  shell.bus.emit('billing:open', { tab: 'credits', reason: 'insufficient-credits' });
  return true;
}

export interface CreateFailureOptions {
  /** the text when the server said nothing a person can read */
  fallback: string;
  onStorageFull?(): void;
  /** the cost changed meanwhile: fetch it again, so the button shows the new one */
  onCostChanged(): void;
}

export interface CreateFailure {
  message: string;
  /** the cost changed (the user presses again); otherwise the create failed */
  costChanged: boolean;
}

/** Does what the refusal asks of the page; answers the text to show, or null when nothing is left to say. */
export function answerCreateFailure(shell: ShellApi, reason: unknown, { fallback, onStorageFull, onCostChanged }: CreateFailureOptions): CreateFailure | null {
  if (isAborted(reason)) return null;
  if (isInsufficientCredits(reason)) {
    shell.toast.warn(messageOf(reason, 'Not enough credits'));
    shell.bus.emit('billing:open', { tab: 'credits', reason: 'insufficient-credits' });
    void shell.session.refreshUser();
    return null;
  }
  if (isStorageFull(reason)) {
    onStorageFull?.();
    return null;
  }
  const code = codeOf(reason);
  if (code === API_CODES.UNAUTHORIZED) {
    shell.bus.emit('account:login-required', { reason: 'generate' });
    return null;
  }
  if (code === API_CODES.CONFLICT) onCostChanged();
  return { message: messageOf(reason, fallback), costChanged: code === API_CODES.CONFLICT };
}
