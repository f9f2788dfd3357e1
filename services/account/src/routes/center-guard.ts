/**
 * The account center's page and the guard of its forms: the session, the double-submit CSRF token (its
 * cookie and the form's field) and the own-page check; the notices a redirect back to the center names.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readCookies, setCookie } from '../cookies.js';
import { randomToken, safeEqual } from '../crypto.js';
import { renderCenterPage } from '../pages/center-page.js';
import { type Texts, textsFor } from '../pages/texts.js';
import type { UserRow } from '../store.js';
import { CSRF_COOKIE, SESSION_COOKIE } from './cookie-names.js';
import type { AccountCore } from './core.js';
import type { RequestOrigins } from './origins.js';
import type { PageReplies } from './page-replies.js';
import type { AccountSession } from './session.js';

/** `?status=` of a redirect back to the center: the notice it shows, and in which section. */
export const CENTER_STATUS: Record<string, { kind: 'ok' | 'error'; section: string; text: (t: Texts) => string }> = {
  'profile-saved': { kind: 'ok', section: 'profile', text: (t) => t.savedProfile },
  'avatar-saved': { kind: 'ok', section: 'avatar', text: (t) => t.savedAvatar },
  'avatar-removed': { kind: 'ok', section: 'avatar', text: (t) => t.removedAvatar },
  'avatar-too-large': { kind: 'error', section: 'avatar', text: (t) => t.avatarTooLarge },
  'password-saved': { kind: 'ok', section: 'password', text: (t) => t.savedPassword },
  'passkey-added': { kind: 'ok', section: 'passkeys', text: (t) => t.passkeyAdded },
  'passkey-removed': { kind: 'ok', section: 'passkeys', text: (t) => t.passkeyRemoved },
};

export function centerPages(
  { store, passkeys, base }: Pick<AccountCore, 'store' | 'passkeys' | 'base'>,
  { cookieOptions }: Pick<AccountSession, 'cookieOptions'>,
  { formFromOwnPage }: Pick<RequestOrigins, 'formFromOwnPage'>,
  { pageContext, sendPage }: Pick<PageReplies, 'pageContext' | 'sendPage'>,
) {
  const csrfToken = (request: FastifyRequest, reply: FastifyReply): string => {
    const existing = readCookies(request)[CSRF_COOKIE];
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomToken();
    setCookie(reply, CSRF_COOKIE, token, { ...cookieOptions(request), sameSite: 'Lax' });
    return token;
  };

  const renderCenter = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    status: number,
    notice?: { kind: 'ok' | 'error'; message: string; section?: string; fields?: Record<string, string> },
  ) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const ctx = pageContext(query.theme, query.lang);
    const keys = (await passkeys.list(user.id)).map((row) => ({ id: row.credential_id, name: row.name, createdAt: new Date(row.created_at) }));
    const html = renderCenterPage(ctx, { user, avatarSrc: user.avatar, csrf: csrfToken(request, reply), notice, passkeys: keys });
    return sendPage(reply, status, html, ctx, []);
  };

  /** Session and double-submit CSRF token for the center's forms; answers the reply itself when refused. */
  const centerGuard = async (request: FastifyRequest, reply: FastifyReply, fields: Record<string, string>): Promise<UserRow | null> => {
    const cookies = readCookies(request);
    const user = await store.sessionUser(cookies[SESSION_COOKIE]);
    if (!user) {
      reply.redirect(`${base}/center`, 303);
      return null;
    }
    const token = fields._csrf ?? '';
    if (!(await formFromOwnPage(request)) || !cookies[CSRF_COOKIE] || !token || !safeEqual(token, cookies[CSRF_COOKIE])) {
      request.log.warn({ user_id: user.id }, 'account center form refused: CSRF token missing or wrong');
      await renderCenter(request, reply, user, 403, { kind: 'error', message: textsFor('en').t.formExpired, section: 'profile' });
      return null;
    }
    return user;
  };

  return { csrfToken, renderCenter, centerGuard };
}
