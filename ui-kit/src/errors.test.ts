import { ApiError, API_CODES, USER_TEXTS } from 'shared-contracts';
import { createShellDouble } from '../../test-support/shell-double';
import { answerCreateFailure, refuseOverBalance } from './create-failure';
import { messageOf } from './errors';

describe('messageOf', () => {
  it("shows an API answer's words (the shell's client made them a user text)", () => {
    expect(messageOf(new ApiError('Not enough space', API_CODES.STORAGE_FULL, 400))).toBe('Not enough space');
  });

  it('never shows an exception\'s own message: a failed fetch or a bug reads as the fallback', () => {
    expect(messageOf(new TypeError('Failed to fetch'))).toBe(USER_TEXTS.UNKNOWN);
    expect(messageOf(new Error("Cannot read properties of undefined (reading 'id')"), 'Upload failed')).toBe('Upload failed');
    expect(messageOf('boom')).toBe(USER_TEXTS.UNKNOWN);
  });

  it('says nothing for a call this page aborted', () => {
    expect(messageOf(new DOMException('The operation was aborted.', 'AbortError'))).toBe('');
  });
});

describe('answerCreateFailure', () => {
  const options = () => ({ fallback: USER_TEXTS.PROCESSING_FAILED, onStorageFull: jest.fn(), onCostChanged: jest.fn() });

  it('too few credits: a warning, the credits tab opened, the balance fetched again; nothing left to show', () => {
    const shell = createShellDouble();
    const opened = jest.fn();
    shell.bus.on('billing:open', opened);
    const failure = answerCreateFailure(shell, new ApiError('Not enough credits', API_CODES.INSUFFICIENT_CREDITS, 400), options());
    expect(failure).toBeNull();
    expect(shell.toast.warn).toHaveBeenCalledWith('Not enough credits');
    expect(opened).toHaveBeenCalledWith({ tab: 'credits', reason: 'insufficient-credits' });
    expect(shell.session.refreshUser).toHaveBeenCalled();
  });

  it('a full storage and a lost session are answered by their dialogs', () => {
    const shell = createShellDouble();
    const login = jest.fn();
    shell.bus.on('account:login-required', login);
    const given = options();
    expect(answerCreateFailure(shell, new ApiError('full', API_CODES.STORAGE_FULL, 400), given)).toBeNull();
    expect(given.onStorageFull).toHaveBeenCalled();
    expect(answerCreateFailure(shell, new ApiError('signed out', API_CODES.UNAUTHORIZED, 401), given)).toBeNull();
    expect(login).toHaveBeenCalledWith({ reason: 'generate' });
  });

  it('a changed cost fetches it again and says so; any other refusal is its text, or the fallback', () => {
    const shell = createShellDouble();
    const given = options();
    expect(answerCreateFailure(shell, new ApiError('The cost changed', API_CODES.CONFLICT, 409), given)).toEqual({ message: 'The cost changed', costChanged: true });
    expect(given.onCostChanged).toHaveBeenCalled();
    expect(answerCreateFailure(shell, new Error('socket hang up'), given)).toEqual({ message: USER_TEXTS.PROCESSING_FAILED, costChanged: false });
    expect(answerCreateFailure(shell, new DOMException('aborted', 'AbortError'), given)).toBeNull();
  });
});

describe('refuseOverBalance', () => {
  it('a known cost above the balance warns with both figures and opens the credits tab; an unknown cost goes to the server', () => {
    const shell = createShellDouble();
    shell.session.state.flags.curCredits = 3;
    const opened = jest.fn();
    shell.bus.on('billing:open', opened);
    expect(refuseOverBalance(shell, 3)).toBe(false);
    expect(refuseOverBalance(shell, null)).toBe(false);
    expect(refuseOverBalance(shell, 4)).toBe(true);
    expect(shell.toast.warn).toHaveBeenCalledWith('Not enough credits: this needs 4 credits and you have 3.');
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
