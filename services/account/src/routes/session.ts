/** The account session: the options of the service's cookies (Secure and SameSite by the scheme) and signing in. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type CookieOptions, setCookie } from '../cookies.js';
import type { UserRow } from '../store.js';
import { SESSION_COOKIE } from './cookie-names.js';
import type { AccountCore } from './core.js';

export type AccountSession = ReturnType<typeof accountSession>;

export function accountSession({ cfg, store, cookiePath }: Pick<AccountCore, 'cfg' | 'store' | 'cookiePath'>) {
  const secureRequest = (request: FastifyRequest) =>
    cfg.cookieSecure === true || (cfg.cookieSecure === 'auto' && request.protocol === 'https');
  /** SameSite=None needs Secure (browsers drop it otherwise); over plain http the cookie is Lax, which still
   *  reaches a frame whose parent is on the same site (app.studio.test framing account.studio.test). */
  const cookieOptions = (request: FastifyRequest, maxAgeSeconds?: number): CookieOptions => {
    const secure = secureRequest(request);
    return { path: cookiePath, secure, sameSite: secure ? 'None' : 'Lax', httpOnly: true, maxAgeSeconds };
  };

  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const token = await store.createSession(user.id, cfg.sessionTtlMs, request.ip, String(request.headers['user-agent'] ?? ''));
    setCookie(reply, SESSION_COOKIE, token, cookieOptions(request, cfg.sessionTtlMs / 1000));
  };

  return { cookieOptions, startSession };
}
