/** GET /logout (from our own site or a client origin only), OPTIONS and POST /logout. */
import type { FastifyInstance } from 'fastify';
import { API_CODES, FRAME_MESSAGES } from 'shared-contracts';
import { formBody } from '../body.js';
import { clearCookie, readCookies } from '../cookies.js';
import { safeEqual } from '../crypto.js';
import { first, redirectAllowed } from '../oauth.js';
import { type FrameContext, renderNoticePage } from '../pages/auth-pages.js';
import { textsFor } from '../pages/texts.js';
import { normalizeOrigin } from '../store.js';
import type { AccountContext } from './context.js';
import { SESSION_COOKIE, CSRF_COOKIE } from './cookie-names.js';
import { emptyBody, LogoutBody } from './schemas.js';

export async function logoutRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { store, base, cookieOptions, clientOrigins, pageContext, sendPage, fatalPage, navigationFromTrustedSite, corsFor } = ctx;

  app.get('/logout', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    // a GET that signs out must come from us or a client of ours, not from any page that links or frames it
    if (!(await navigationFromTrustedSite(request))) {
      request.log.warn({ referer: request.headers.referer }, 'cross-site logout refused');
      return fatalPage(reply, 403, query.theme, query.lang, textsFor(query.lang).t.logoutRefused);
    }
    const cookies = readCookies(request);
    await store.deleteSession(cookies[SESSION_COOKIE]);
    clearCookie(reply, SESSION_COOKIE, cookieOptions(request));
    const redirectUri = first(query.redirect_uri);
    const clients = await store.allClients();
    const owner = redirectUri ? clients.find((client) => redirectAllowed(client, redirectUri)) : undefined;
    const mode = first(query.mode);
    if (owner && (mode === 'iframe' || mode === 'popup')) {
      const ctx = pageContext(query.theme, query.lang);
      const frame: FrameContext = { mode, targetOrigin: normalizeOrigin(redirectUri), allowedOrigins: clientOrigins(owner) };
      const html = renderNoticePage(ctx, frame, {
        title: ctx.t.loggedOutTitle,
        text: ctx.t.loggedOutText,
        messages: [{ type: FRAME_MESSAGES.LOGOUT_REQUEST }],
      });
      return sendPage(reply, 200, html, ctx, clientOrigins(owner));
    }
    return reply.header('cache-control', 'no-store').redirect(owner ? redirectUri : `${base}/center`, 302);
  });

  app.options('/logout', async (request, reply) => {
    if (!(await corsFor(request, reply))) return reply.code(403).send();
    return reply.code(204).header('access-control-allow-methods', 'POST').header('access-control-allow-headers', 'content-type').send();
  });
  app.post(
    '/logout',
    {
      // the product's own logout call posts no body at all
      preValidation: emptyBody,
      schema: { body: LogoutBody },
    },
    async (request, reply) => {
      const body = formBody(request);
      const envelope = (code: number, msg: string) => ({ code, msg, message: msg, data: null, trace_id: String(request.id) });
      if (!(await corsFor(request, reply))) return reply.code(403).send(envelope(API_CODES.FORBIDDEN, 'origin not allowed'));
      const cookies = readCookies(request);
      const fromCenter = body._csrf !== undefined;
      if (fromCenter && !(cookies[CSRF_COOKIE] && safeEqual(body._csrf, cookies[CSRF_COOKIE]))) {
        return fatalPage(reply, 403, undefined, undefined, textsFor('en').t.formExpired);
      }
      await store.deleteSession(cookies[SESSION_COOKIE]);
      clearCookie(reply, SESSION_COOKIE, cookieOptions(request));
      if (fromCenter) return reply.redirect(`${base}/center`, 303);
      return reply.header('cache-control', 'no-store').send(envelope(API_CODES.OK, 'ok'));
    },
  );
}
