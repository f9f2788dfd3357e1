import { ApiError, API_CODES, type ApiClient, createEventBus } from 'shared-contracts';
import { createSession } from './session-store';
import { keepTokenFresh, renewalTime } from './token-renewal';

/** an unsigned JWT with the given times (the shell reads, never verifies) */
function jwt(iat: number, exp: number, uid = 'u-1'): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256' })}.${part({ uid, token: 's-1', iat, exp })}.sig`;
}

describe('token renewal', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(new Date('2026-05-01T10:00:00Z'));
  });
  afterEach(() => jest.useRealTimers());

  const nowS = () => Math.floor(Date.now() / 1000);

  function setup(call: jest.Mock) {
    const bus = createEventBus();
    const api = { call } as unknown as ApiClient;
    const session = createSession({ bus, cookieDomain: '', getApi: () => api, mainFrame: () => null });
    return { session, stop: keepTokenFresh({ session, api, retryMs: 30000 }) };
  }

  test('renews halfway through the lifetime, again and again, so an idle page outlives its first token', async () => {
    const first = jwt(nowS(), nowS() + 40);
    const call = jest.fn(async () => ({ jwt: jwt(nowS(), nowS() + 40) }));
    const { session, stop } = setup(call);
    session.setToken(first);
    expect(renewalTime(first)).toBe((nowS() + 20) * 1000);
    await jest.advanceTimersByTimeAsync(19000);
    expect(call).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1500);
    expect(call).toHaveBeenCalledWith('GET /v1/token/renew');
    expect(session.state.token).not.toBe(first);
    // 100 s later, well past the first token's 40 s: still signed in, on a token renewed several times
    await jest.advanceTimersByTimeAsync(100000);
    expect(call.mock.calls.length).toBeGreaterThanOrEqual(5);
    expect(session.state.token).not.toBe('');
    stop();
  });

  test('a refused renewal (the session was ended: 140013) clears the session; a network failure is retried', async () => {
    const call = jest
      .fn()
      .mockRejectedValueOnce(new ApiError('offline', 0, 0))
      .mockRejectedValueOnce(new ApiError('The session is no longer valid', API_CODES.SESSION_INVALID, 401));
    const { session, stop } = setup(call);
    session.setToken(jwt(nowS(), nowS() + 600));
    await jest.advanceTimersByTimeAsync(301000);
    expect(call).toHaveBeenCalledTimes(1);
    expect(session.state.token).not.toBe('');
    await jest.advanceTimersByTimeAsync(31000);
    expect(call).toHaveBeenCalledTimes(2);
    expect(session.state.token).toBe('');
    stop();
  });
});
