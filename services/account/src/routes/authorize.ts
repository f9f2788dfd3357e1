/** GET /oauth/authorize (login or sign-up page, or a code at once when the account session exists) and the third-party cookie check frame. */
import type { FastifyInstance } from 'fastify';
import { FRAME_MESSAGES } from 'shared-contracts';
import { clearCookie, readCookies, setCookie } from '../cookies.js';
import { checkAuthorize, first, type Flow, readAuthorizeParams, wantsRegister, withParams } from '../oauth.js';
import { type FrameContext, renderCookieCheckPage, renderNoticePage } from '../pages/auth-pages.js';
import { normalizeOrigin } from '../store.js';
import type { AccountContext } from './context.js';
import { SESSION_COOKIE, CHECK_COOKIE } from './cookie-names.js';
import { AuthorizeQuery } from './schemas.js';

export async function authorizeRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { store, base, cookieOptions, allAllowedOrigins, clientOrigins, pageContext, sendPage, fatalPage, frameOf, renderAuth, finishOAuth } = ctx;

  app.get('/oauth/authorize', { schema: { querystring: AuthorizeQuery } }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const params = readAuthorizeParams(query);
    const check = checkAuthorize(params, params.client_id ? await store.getClient(params.client_id) : null);
    if (check.kind === 'fatal') {
      request.log.warn({ client_id: params.client_id, reason: check.reason }, 'authorize refused');
      return fatalPage(reply, 400, params.theme, params.lang);
    }
    if (check.kind === 'error') {
      if (check.mode === 'redirect') {
        return reply.redirect(withParams(params.redirect_uri, { error: check.error, error_description: check.description, state: params.state }), 302);
      }
      const ctx = pageContext(params.theme, params.lang);
      const frame: FrameContext = { mode: check.mode, targetOrigin: check.redirectOrigin, allowedOrigins: clientOrigins(check.client) };
      const html = renderNoticePage(ctx, frame, { title: ctx.t.errorTitle, text: `${ctx.t.errorHelp} (${check.description})`, status: 'error' });
      return sendPage(reply, 400, html, ctx, clientOrigins(check.client));
    }
    const flow: Flow = { kind: 'oauth', params: check.params, client: check.client, mode: check.mode, redirectOrigin: check.redirectOrigin };
    const user = await store.sessionUser(readCookies(request)[SESSION_COOKIE]);
    if (user) return finishOAuth(reply, flow, user, false);
    if (params.prompt === 'none') {
      if (flow.mode === 'redirect') {
        return reply.redirect(withParams(params.redirect_uri, { error: 'login_required', error_description: 'no account session', state: params.state }), 302);
      }
      const ctx = pageContext(params.theme, params.lang);
      const html = renderNoticePage(ctx, frameOf(flow), {
        title: ctx.t.loginRequired,
        text: ctx.t.loginRequired,
        messages: [{ type: FRAME_MESSAGES.CLEAR_USER_INFO, reason: 'login_required' }],
      });
      return sendPage(reply, 200, html, ctx, clientOrigins(flow.client));
    }
    return renderAuth(request, reply, flow, wantsRegister(params.register_mode) ? 'register' : 'login', 200);
  });

  app.get('/cookie-check', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const origin = normalizeOrigin(first(query.origin));
    const allowed = await allAllowedOrigins();
    if (!origin || !allowed.includes(origin)) return fatalPage(reply, 400, query.theme, query.lang);
    if (first(query.step) !== 'read') {
      setCookie(reply, CHECK_COOKIE, '1', cookieOptions(request, 60));
      return reply.header('cache-control', 'no-store').redirect(`${base}/cookie-check?origin=${encodeURIComponent(origin)}&step=read`, 302);
    }
    const supported = readCookies(request)[CHECK_COOKIE] === '1';
    clearCookie(reply, CHECK_COOKIE, cookieOptions(request));
    const ctx = pageContext(query.theme, query.lang);
    return sendPage(reply, 200, renderCookieCheckPage(ctx, { mode: 'iframe', targetOrigin: origin, allowedOrigins: [origin] }, supported), ctx, [origin]);
  });
}
