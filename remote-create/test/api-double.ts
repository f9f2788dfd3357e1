/**
 * Routes the shell double's API calls to per-call handlers (tests only): `routeApi(shell, {'POST
 * /v1/ai/task': () => ({...})})`. A call without a handler fails like a missing route (404), and every
 * call is recorded in `shell.api.call.mock.calls` as [key, input].
 */
import { ApiError, type ApiCallKey, type CallInput, type User } from 'shared-contracts';
import { makeUser, type ShellDouble } from '../../test-support/shell-double';

export type Handler = (input: CallInput<ApiCallKey> | undefined) => unknown;

export function routeApi(shell: ShellDouble, handlers: Partial<Record<ApiCallKey, Handler>>): void {
  shell.api.call.mockImplementation(async (key: ApiCallKey, input?: CallInput<ApiCallKey>) => {
    const handler = handlers[key];
    if (!handler) throw new ApiError(`Not found: ${key}`, 404, 404);
    return handler(input);
  });
}

export function callsTo(shell: ShellDouble, key: ApiCallKey): CallInput<ApiCallKey>[] {
  return shell.api.call.mock.calls.filter((call: unknown[]) => call[0] === key).map((call: unknown[]) => call[1] as CallInput<ApiCallKey>);
}

/** A Standard member with 100 credits (the shared test kit's user with this remote's demo values). */
function demoUser(overrides: Partial<User> = {}): User {
  return makeUser({
    token: 'token',
    verify: { level: 'standard', expired_time: 0, is_expired: false },
    integral: { integral: 100 },
    tokenInfo: { jwt: 'token', access_token: 'token', is_new: false, created_at: 0 },
    country: 'US',
    nickname: 'Standard Demo',
    email: 'standard@demo.local',
    ...overrides,
  });
}

/** Signs the double in: a user, a token and the flags of a Standard (or Free) member with `credits`. */
export function signIn(shell: ShellDouble, { credits = 100, plan = 'standard' }: { credits?: number; plan?: 'free' | 'standard' | 'premium' } = {}): void {
  const state = shell.session.state;
  state.user = demoUser({ integral: { integral: credits }, verify: { level: plan, expired_time: 0, is_expired: false } });
  state.token = 'token';
  state.flags = { isLogin: true, isFree: plan === 'free', isPremium: plan === 'premium', isSubscribed: plan !== 'free', curCredits: credits, isCredits10User: false };
  state.planLevel = plan === 'premium' ? 'vip' : plan;
}
