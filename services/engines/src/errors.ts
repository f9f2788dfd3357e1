import { USER_TEXTS } from 'shared-contracts/constants';

/** The user texts an engine may fail with (spec sections 5 and 8). */
export type EngineUserText = (typeof USER_TEXTS)[keyof typeof USER_TEXTS];

/**
 * A failure the user can act on (no face, no area, bad input) or a processing failure. `userText` is always
 * one of the spec's user texts; `detail` is for logs.
 */
export class EngineError extends Error {
  readonly userText: EngineUserText;
  readonly detail: string;
  /** false when retrying the same input cannot help */
  readonly retryable: boolean;
  constructor(userText: EngineUserText, detail?: string, retryable = false) {
    super(detail ? `${userText} (${detail})` : userText);
    this.name = 'EngineError';
    this.userText = userText;
    this.detail = detail ?? userText;
    this.retryable = retryable;
  }
}

export class EngineAbortedError extends Error {
  constructor() {
    super('The task was cancelled');
    this.name = 'EngineAbortedError';
  }
}

export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new EngineAbortedError();
}

/** Let other work on the event loop run (the worker may share its process with the API). */
export function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
