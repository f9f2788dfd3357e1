import type { ShellApi, Task } from 'shared-contracts';
import { isInsufficientCredits, messageOf } from '@studio/ui-kit/errors';

/** Says why a task could not run again: too few credits opens the credits tab; anything else is a toast. */
export function sayRetryRefused(shell: Pick<ShellApi, 'toast' | 'bus'>, task: Task, error: unknown, fallback?: string): void {
  if (isInsufficientCredits(error)) {
    shell.toast.warn(`Not enough credits to run this task again (${task.cost} credits).`);
    shell.bus.emit('billing:open', { tab: 'credits', reason: 'insufficient-credits' });
    return;
  }
  shell.toast.error(messageOf(error, fallback));
}
