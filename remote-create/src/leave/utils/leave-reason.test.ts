import { USER_TEXTS } from 'shared-contracts';
import { leaveReason } from './leave-reason';

describe('leave guard conditions (spec section 4)', () => {
  it('asks about a task in progress first', () => {
    expect(leaveReason({ running: 1, undownloaded: 0 })).toBe(USER_TEXTS.TASK_IN_PROGRESS_LEAVE);
    expect(leaveReason({ running: 2, undownloaded: 3 })).toBe(USER_TEXTS.TASK_IN_PROGRESS_LEAVE);
  });
  it('then about work that was not downloaded', () => {
    expect(leaveReason({ running: 0, undownloaded: 1 })).toBe(USER_TEXTS.NOT_DOWNLOADED_LEAVE);
  });
  it('lets the user go when neither holds', () => {
    expect(leaveReason({ running: 0, undownloaded: 0 })).toBeNull();
  });
});
