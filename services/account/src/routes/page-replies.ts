/**
 * Answering with a page: the page context (the texts of a language, the theme, the CSP nonce), the headers
 * every page carries (a CSP naming who may frame it, no-store), the error page, the sign-in page of a flow
 * (its frame, its links, its Retry-After), a notice on a page opened from a mail, and the minutes a lockout
 * text names.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formBody } from '../body.js';
import { countryFromHeader, countryOptions } from '../countries.js';
import { authorizeUrl, first, type Flow, hiddenAuthorizeFields } from '../oauth.js';
import { type AuthView, type FrameContext, type PageContext, renderAuthPage, renderNoticePage } from '../pages/auth-pages.js';
import { parseTheme } from '../pages/html.js';
import { textsFor } from '../pages/texts.js';
import { normalizeOrigin } from '../store.js';
import type { AccountCore } from './core.js';
import type { RequestOrigins } from './origins.js';

export type PageReplies = ReturnType<typeof pageReplies>;

export function pageReplies(
  { cfg, base, now }: Pick<AccountCore, 'cfg' | 'base' | 'now'>,
  { allAllowedOrigins, clientOrigins }: Pick<RequestOrigins, 'allAllowedOrigins' | 'clientOrigins'>,
) {
  const pageContext = (theme: unknown, lang: unknown): PageContext => {
    const texts = textsFor(lang);
    return { base, productName: cfg.productName, nonce: randomBytes(16).toString('base64'), theme: parseTheme(theme), lang: texts.lang, t: texts.t };
  };

  const sendPage = (reply: FastifyReply, status: number, html: string, ctx: PageContext, frameAncestors: string[], formAction: string[] = []) => {
    const csp = [
      "default-src 'none'",
      `script-src 'nonce-${ctx.nonce}'`,
      `style-src 'nonce-${ctx.nonce}'`,
      "img-src 'self' data: https: http:",
      // the passkey script asks this service for WebAuthn options
      "connect-src 'self'",
      `form-action 'self' ${formAction.join(' ')}`.trim(),
      `frame-ancestors 'self' ${frameAncestors.join(' ')}`.trim(),
      "base-uri 'none'",
    ].join('; ');
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      // not no-referrer: with it browsers send `Origin: null` on the pages' own form posts, which the
      // login-CSRF check must refuse; same-origin still keeps the address from other sites
      .header('referrer-policy', 'same-origin')
      .header('content-security-policy', csp)
      .send(html);
  };

  const fatalPage = async (reply: FastifyReply, status: number, theme: unknown, lang: unknown, text?: string) => {
    const ctx = pageContext(theme, lang);
    const html = renderNoticePage(ctx, { mode: 'page', targetOrigin: null, allowedOrigins: [] }, {
      title: ctx.t.errorTitle,
      text: text ?? ctx.t.errorHelp,
      status: 'error',
    });
    return sendPage(reply, status, html, ctx, await allAllowedOrigins());
  };

  const frameOf = (flow: Flow): FrameContext =>
    flow.kind === 'center'
      ? { mode: 'page', targetOrigin: null, allowedOrigins: [] }
      : {
          mode: flow.mode,
          targetOrigin: flow.mode === 'redirect' ? null : flow.redirectOrigin,
          allowedOrigins: [...new Set([flow.redirectOrigin, ...clientOrigins(flow.client)])],
        };
  const ancestorsOf = (flow: Flow) => (flow.kind === 'center' ? [] : clientOrigins(flow.client));

  const renderAuth = (
    request: FastifyRequest,
    reply: FastifyReply,
    flow: Flow,
    view: AuthView,
    status: number,
    error?: { message: string; fields?: Record<string, string>; retryAt?: number },
    values?: { email?: string; nickname?: string; country?: string },
    notice?: string,
  ) => {
    const params = flow.kind === 'oauth' ? flow.params : null;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const theme = params ? params.theme : first(query.theme) || formBody(request).theme;
    const ctx = pageContext(theme, params ? params.lang : first(query.lang));
    const hidden = params ? hiddenAuthorizeFields(params) : { flow: 'center', ...(ctx.theme ? { theme: ctx.theme } : {}) };
    const urls = params
      ? { login: authorizeUrl(base, params, 'login'), register: authorizeUrl(base, params, 'register'), forgot: authorizeUrl(base, params, 'forgot') }
      : { login: `${base}/center`, register: `${base}/center?view=register`, forgot: `${base}/center?view=forgot` };
    const legal =
      cfg.legal.termsUrl || cfg.legal.privacyUrl
        ? cfg.legal
        : (() => {
            // the product's own pages: where this sign-in returns to, else the studio
            const origin = flow.kind === 'oauth' ? flow.redirectOrigin : normalizeOrigin(cfg.studioUrl);
            return origin ? { termsUrl: `${origin}/terms`, privacyUrl: `${origin}/privacy` } : cfg.legal;
          })();
    const html = renderAuthPage(ctx, {
      view,
      hidden,
      urls,
      frame: frameOf(flow),
      error: error ? { view, message: error.message, fields: error.fields } : undefined,
      values,
      countries: countryOptions(),
      defaultCountry: cfg.countryHeader ? countryFromHeader(request.headers[cfg.countryHeader]) : '',
      framedCard: flow.kind === 'center' || flow.mode === 'redirect',
      legal,
      notice,
    });
    if (error?.retryAt) reply.header('retry-after', String(Math.max(1, Math.ceil((error.retryAt - now()) / 1000))));
    return sendPage(reply, status, html, ctx, ancestorsOf(flow), ancestorsOf(flow));
  };

  /** A notice on a page of its own (one opened from a mail, never framed), with the way back to the studio. */
  const studioNotice = (reply: FastifyReply, status: number, input: { title: string; text: string; ok: boolean }, lang?: unknown, theme?: unknown) => {
    const page = pageContext(theme, lang);
    const frame: FrameContext = { mode: 'page', targetOrigin: null, allowedOrigins: [] };
    const html = renderNoticePage(page, frame, { title: input.title, text: input.text, status: input.ok ? 'ok' : 'error', link: { href: cfg.studioUrl, label: page.t.backToStudio } });
    return sendPage(reply, status, html, page, []);
  };

  /** the minutes a lockout text names until `at` (a counter window's end), at least 1 */
  const minutesUntil = (at: number) => Math.max(1, Math.ceil((at - now()) / 60000));

  return { pageContext, sendPage, fatalPage, frameOf, ancestorsOf, renderAuth, studioNotice, minutesUntil };
}
