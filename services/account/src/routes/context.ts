/**
 * What the account routes share: the resolved config, the store, the mount prefix, and the helpers that
 * render pages, continue OAuth flows and guard forms. Built once per mount by createAccountContext and
 * handed to every route plugin (routes/*.ts).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '@studio/db';
import type { RateCounter } from '@studio/db/rate-counter';
import type { Mailer } from '@studio/mail';
import { type AccountOAuthError, type AccountProfile, FRAME_MESSAGES, type FrameMessage } from 'shared-contracts';
import { type CookieOptions, readCookies, setCookie } from '../cookies.js';
import { countryFromHeader, countryOptions } from '../countries.js';
import { randomToken, safeEqual, sha256 } from '../crypto.js';
import { authorizeUrl, checkAuthorize, first, hiddenAuthorizeFields, readAuthorizeParams, safeGoto, withParams } from '../oauth.js';
import { type AuthView, type FrameContext, type PageContext, renderAuthPage, renderCompletePage, renderNoticePage } from '../pages/auth-pages.js';
import { renderCenterPage } from '../pages/center-page.js';
import { parseTheme } from '../pages/html.js';
import { type Texts, textsFor } from '../pages/texts.js';
import { type ClientRow, normalizeOrigin, type UserRow } from '../store.js';
import type { ResolvedAccountConfig } from '../config.js';
import type { AuthorizeParams } from '../oauth.js';
import type { FrameMode } from '../pages/auth-pages.js';
import type { AccountStore } from '../store.js';
import type { AccountTokens } from '../tokens.js';
import type { SigningKey } from '../oidc-keys.js';
import type { PasskeyStore } from '../passkey-store.js';
import { CSRF_COOKIE, SESSION_COOKIE } from './cookie-names.js';

/** An OAuth flow being served by the pages, or the account center's own login. */
export type Flow =
  | { kind: 'oauth'; params: AuthorizeParams; client: ClientRow; mode: FrameMode; redirectOrigin: string }
  | { kind: 'center' };

type Fields = Record<string, string>;

/** The values every helper starts from. */
export interface AccountCore {
  cfg: ResolvedAccountConfig;
  store: AccountStore;
  counter: RateCounter; // attempts per address and e-mail (the one rate counter, on the service's clock)
  db: Database;
  /** the mount prefix ('' at the root), e.g. '/account' */
  base: string;
  cookiePath: string;
  tokenKey: Uint8Array;
  now: () => number;
  tokens: AccountTokens;
  mailer: Mailer;
  /** the ID tokens' signing key (loaded once, on first use) */
  signingKey: () => Promise<SigningKey>;
  passkeys: PasskeyStore;
}

type Basics = ReturnType<typeof accountBasics>;
type Pages = ReturnType<typeof accountPages>;

function accountBasics(deps: AccountCore) {
  const { cfg, store, cookiePath } = deps;

  const secureRequest = (request: FastifyRequest) =>
    cfg.cookieSecure === true || (cfg.cookieSecure === 'auto' && request.protocol === 'https');
  /** SameSite=None needs Secure (browsers drop it otherwise); over plain http the cookie is Lax, which still
   *  reaches a frame whose parent is on the same site (app.studio.test framing account.studio.test). */
  const cookieOptions = (request: FastifyRequest, maxAgeSeconds?: number): CookieOptions => {
    const secure = secureRequest(request);
    return { path: cookiePath, secure, sameSite: secure ? 'None' : 'Lax', httpOnly: true, maxAgeSeconds };
  };
  /** The fields of a url-encoded or JSON body as strings (the first of repeated fields). */
  const formBody = (request: FastifyRequest): Fields => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return {};
    const fields: Fields = {};
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) fields[key] = first(value);
    return fields;
  };
  const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  /** where links in mails point: the public origin, else the origin this request reached */
  const publicBase = (request: FastifyRequest) => `${cfg.publicOrigin ?? ownOrigin(request)}${deps.base}`;

  /**
   * Form posts must come from the account pages themselves (login CSRF): the Origin is this service's own
   * origin, its public origin, or a registered client origin (where the pages live when a gateway mounts or
   * proxies the service on the product's origin and rewrites Host). Non-browser callers send no Origin.
   */
  const formFromOwnPage = async (request: FastifyRequest): Promise<boolean> => {
    const origin = request.headers.origin;
    if (origin === undefined) {
      const site = request.headers['sec-fetch-site'];
      return site === undefined || site === 'same-origin' || site === 'none';
    }
    if (origin === ownOrigin(request) || (cfg.publicOrigin !== undefined && origin === cfg.publicOrigin)) return true;
    return (await allAllowedOrigins()).includes(origin);
  };

  const allAllowedOrigins = async (): Promise<string[]> => {
    const origins = new Set<string>();
    for (const client of await store.allClients()) {
      client.allowed_origins.forEach((origin) => origins.add(origin));
      client.redirect_uris.forEach((uri) => origins.add(normalizeOrigin(uri)));
    }
    origins.delete('');
    return [...origins];
  };
  const clientOrigins = (client: ClientRow) =>
    [...new Set([...client.allowed_origins, ...client.redirect_uris.map(normalizeOrigin)])].filter(Boolean);

  return { formBody, secureRequest, cookieOptions, ownOrigin, publicBase, formFromOwnPage, allAllowedOrigins, clientOrigins };
}

function accountPages(deps: AccountCore & Basics) {
  const { formBody, cfg, base, now, allAllowedOrigins, clientOrigins } = deps;

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

  return { pageContext, sendPage, fatalPage, frameOf, ancestorsOf, renderAuth };
}

function accountFlows(deps: AccountCore & Basics & Pages) {
  const { cfg, store, now, cookieOptions, clientOrigins, pageContext, sendPage, frameOf, formBody, formFromOwnPage, fatalPage } = deps;

  /** Issues the code and hands it over: a redirect, or a page posting it to the frame's host. */
  const finishOAuth = async (reply: FastifyReply, flow: Extract<Flow, { kind: 'oauth' }>, user: UserRow, isNew: boolean) => {
    const { params } = flow;
    const code = await store.createCode({
      clientId: flow.client.client_id,
      userId: user.id,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
      scope: params.scope || 'profile email',
      nonce: params.nonce,
      isNew,
      ttlMs: cfg.codeTtlMs,
    });
    if (flow.mode === 'redirect') {
      return reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin')
        .redirect(withParams(params.redirect_uri, { code, state: params.state, goto: safeGoto(params.goto) }), 302);
    }
    const messages: FrameMessage[] = [];
    if (isNew) messages.push({ type: FRAME_MESSAGES.REGISTER_SUCCESS });
    messages.push({ type: FRAME_MESSAGES.AUTH_CODE, code, state: params.state });
    messages.push({ type: FRAME_MESSAGES.LOGIN_SUCCESS });
    const ctx = pageContext(params.theme, params.lang);
    return sendPage(reply, 200, renderCompletePage(ctx, frameOf(flow), messages), ctx, clientOrigins(flow.client));
  };

  const startSession = async (request: FastifyRequest, reply: FastifyReply, user: UserRow) => {
    const token = await store.createSession(user.id, cfg.sessionTtlMs, request.ip, String(request.headers['user-agent'] ?? ''));
    setCookie(reply, SESSION_COOKIE, token, cookieOptions(request, cfg.sessionTtlMs / 1000));
  };

  /** The flow a form post continues: the account center, or an OAuth request checked again from scratch. */
  const flowFromForm = async (body: Fields): Promise<Flow | null> => {
    if (body.flow === 'center') return { kind: 'center' };
    const params = readAuthorizeParams(body);
    const check = checkAuthorize(params, params.client_id ? await store.getClient(params.client_id) : null);
    if (check.kind !== 'ok') return null;
    return { kind: 'oauth', params: check.params, client: check.client, mode: check.mode, redirectOrigin: check.redirectOrigin };
  };

  /**
   * Opens a sign-in form's post: it must come from the pages themselves (403 otherwise) and continue a flow
   * (400 otherwise); answers its fields, its flow and the texts of its language, or null once it has answered
   * the refusal itself.
   */
  const openForm = async (request: FastifyRequest, reply: FastifyReply): Promise<{ body: Fields; flow: Flow; t: Texts } | null> => {
    const body = formBody(request);
    if (!(await formFromOwnPage(request))) {
      await fatalPage(reply, 403, body.theme, body.lang, textsFor(body.lang).t.formExpired);
      return null;
    }
    const flow = await flowFromForm(body);
    if (!flow) {
      await fatalPage(reply, 400, body.theme, body.lang);
      return null;
    }
    return { body, flow, t: textsFor(body.lang).t };
  };

  const minutesUntil = (at: number) => Math.max(1, Math.ceil((at - now()) / 60000));

  const avatarUrl = (avatar: string) => (avatar.startsWith('/') && cfg.publicOrigin ? `${cfg.publicOrigin}${avatar}` : avatar);
  const profileOf = (user: UserRow, isNew: boolean): AccountProfile => ({
    id: user.id,
    email: user.email,
    nickname: user.nickname,
    firstname: user.firstname,
    lastname: user.lastname,
    avatar: avatarUrl(user.avatar),
    country: user.country,
    created_at: Math.floor(new Date(user.created_at).getTime() / 1000),
    email_verified: Boolean(user.email_verified_at),
    is_new: isNew,
  });

  const oauthError = (reply: FastifyReply, status: number, error: AccountOAuthError['error'], description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description } satisfies AccountOAuthError);

  /** The OAuth client of a back-channel call (HTTP Basic or client_id + client_secret in the body). */
  const authenticateClient = async (request: FastifyRequest, body: Fields): Promise<ClientRow | string> => {
    let clientId = body.client_id ?? '';
    let clientSecret = body.client_secret ?? '';
    const authorization = request.headers.authorization ?? '';
    if (/^basic /i.test(authorization)) {
      const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0) {
        try {
          clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
          clientSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
        } catch {
          return 'malformed client credentials';
        }
      }
    }
    if (!clientId || !clientSecret) return 'client authentication is required';
    const client = await store.getClient(clientId);
    if (!client || !safeEqual(sha256(clientSecret), client.secret_hash)) return 'unknown client or wrong secret';
    return client;
  };

  return { finishOAuth, startSession, flowFromForm, openForm, minutesUntil, avatarUrl, profileOf, oauthError, authenticateClient };
}

function accountGuards(deps: AccountCore & Basics & Pages) {
  const { cookieOptions, cfg, store, passkeys, base, ownOrigin, formFromOwnPage, allAllowedOrigins, pageContext, sendPage } = deps;

  /**
   * A top-level navigation or frame load from this site (Sec-Fetch-Site same-origin, same-site, or none for
   * a typed address), or from a registered client origin on another site (its Referer's origin).
   * Browsers without Fetch Metadata send neither header and are let through.
   */
  const navigationFromTrustedSite = async (request: FastifyRequest): Promise<boolean> => {
    const site = request.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin' || site === 'same-site' || site === 'none') return true;
    const from = normalizeOrigin(String(request.headers.referer ?? ''));
    return from !== '' && (await allAllowedOrigins()).includes(from);
  };

  const corsFor = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const origin = request.headers.origin;
    if (origin === undefined || origin === ownOrigin(request) || origin === cfg.publicOrigin) return true;
    if (!(await allAllowedOrigins()).includes(origin)) return false;
    reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true').header('vary', 'Origin');
    return true;
  };

  const CENTER_STATUS: Record<string, { kind: 'ok' | 'error'; section: string; text: (t: Texts) => string }> = {
    'profile-saved': { kind: 'ok', section: 'profile', text: (t) => t.savedProfile },
    'avatar-saved': { kind: 'ok', section: 'avatar', text: (t) => t.savedAvatar },
    'avatar-removed': { kind: 'ok', section: 'avatar', text: (t) => t.removedAvatar },
    'avatar-too-large': { kind: 'error', section: 'avatar', text: (t) => t.avatarTooLarge },
    'password-saved': { kind: 'ok', section: 'password', text: (t) => t.savedPassword },
    'passkey-added': { kind: 'ok', section: 'passkeys', text: (t) => t.passkeyAdded },
    'passkey-removed': { kind: 'ok', section: 'passkeys', text: (t) => t.passkeyRemoved },
  };

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
  const centerGuard = async (request: FastifyRequest, reply: FastifyReply, fields: Fields): Promise<UserRow | null> => {
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

  return { navigationFromTrustedSite, corsFor, CENTER_STATUS, csrfToken, renderCenter, centerGuard };
}

export function createAccountContext(core: AccountCore) {
  const basics = accountBasics(core);
  const pages = accountPages({ ...core, ...basics });
  const flows = accountFlows({ ...core, ...basics, ...pages });
  const guards = accountGuards({ ...core, ...basics, ...pages });
  return { ...core, ...basics, ...pages, ...flows, ...guards };
}

export type AccountContext = ReturnType<typeof createAccountContext>;
