import { USER_TEXTS } from 'shared-contracts';

export interface LeaveState {
  /** tasks of this screen still queued or generating */
  running: number;
  /** results that finished during this visit and were not downloaded */
  undownloaded: number;
}

/** What to ask before leaving the screen, or null when leaving needs no question (spec section 4). */
export function leaveReason(state: LeaveState): string | null {
  if (state.running > 0) return USER_TEXTS.TASK_IN_PROGRESS_LEAVE;
  if (state.undownloaded > 0) return USER_TEXTS.NOT_DOWNLOADED_LEAVE;
  return null;
}
