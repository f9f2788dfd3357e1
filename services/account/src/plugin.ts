/**
 * The central account service as a Fastify plugin. The gateway registers it with prefix '/account' on the
 * product's origin; buildAccountApp() serves it on an origin of its own. Routes (relative to the prefix):
 *
 *   GET  /oauth/authorize     login or sign-up page, or a code at once when the account session exists
 *   POST /login, /register    the pages' forms; answer with the code (frame message or redirect)
 *   POST /oauth/token         code + PKCE verifier + client auth -> access token and AccountProfile
 *   GET  /oauth/userinfo      bearer access token -> AccountProfile
 *   GET  /cookie-check        third-party cookie check frame
 *   GET  /logout, POST /logout
 *   GET  /center, POST /center/{profile,avatar,avatar-url,password}
 *   GET  /avatar/:id
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, jwtVerify } from 'jose';
import { API_CODES, FRAME_MESSAGES, type AccountOAuthError, type AccountProfile, type AccountTokenResponse, type FrameMessage } from 'shared-contracts';
import type { Database } from '@studio/db';
import { AVATAR_MAX_BYTES, registerBodyParsers, sniffImage, type MultipartBody } from './body.js';
import { resolveConfig, type AccountConfig, type ResolvedAccountConfig } from './config.js';
import { clearCookie, readCookies, setCookie, type CookieOptions } from './cookies.js';
import { countryFromHeader, countryOptions, isCountryCode } from './countries.js';
import { dummyPasswordHash, hashPassword, pkceChallenge, PKCE_VERIFIER, randomToken, safeEqual, sha256, verifyPassword } from './crypto.js';
import {
  authorizeUrl,
  checkAuthorize,
  first,
  hiddenAuthorizeFields,
  readAuthorizeParams,
  redirectAllowed,
  safeGoto,
  wantsRegister,
  withParams,
  type AuthorizeParams,
} from './oauth.js';
import {
  renderAuthPage,
  renderCompletePage,
  renderCookieCheckPage,
  renderNoticePage,
  type AuthView,
  type FrameContext,
  type FrameMode,
  type PageContext,
} from './pages/auth-pages.js';
import { renderCenterPage } from './pages/center-page.js';
import { parseTheme } from './pages/html.js';
import { textsFor, type Texts } from './pages/texts.js';
import { AccountStore, EmailTakenError, migrateAccount, normalizeOrigin, type ClientRow, type UserRow } from './store.js';

export interface AccountPluginOptions {
  db: Database;
  config: AccountConfig;
}

export const SESSION_COOKIE = 'studio_account_session';
export const CSRF_COOKIE = 'studio_account_csrf';
export const CHECK_COOKIE = 'studio_account_cookie_check';

/** An OAuth flow being served by the pages, or the account center's own login. */
type Flow =
  | { kind: 'oauth'; params: AuthorizeParams; client: ClientRow; mode: FrameMode; redirectOrigin: string }
  | { kind: 'center' };

type Fields = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function accountPlugin(app: FastifyInstance, opts: AccountPluginOptions): Promise<void> {
  const cfg: ResolvedAccountConfig = resolveConfig(opts.config);
  const store = new AccountStore(opts.db, cfg.now);
  await migrateAccount(opts.db);
  await store.upsertClients(cfg.clients);
  const base = app.prefix === '/' ? '' : app.prefix;
  const cookiePath = base || '/';
  const tokenKey = new TextEncoder().encode(cfg.tokenSecret);
  const now = () => cfg.now();

  registerBodyParsers(app);

  // ---------------------------------------------------------------- helpers
  const secureRequest = (request: FastifyRequest) =>
    cfg.cookieSecure === true || (cfg.cookieSecure === 'auto' && request.protocol === 'https');
  /** SameSite=None needs Secure (browsers drop it otherwise); over plain http the cookie is Lax, which still
   *  reaches a frame whose parent is on the same site (app.studio.test framing account.studio.test). */
  const cookieOptions = (request: FastifyRequest, maxAgeSeconds?: number): CookieOptions => {
    const secure = secureRequest(request);
    return { path: cookiePath, secure, sameSite: secure ? 'None' : 'Lax', httpOnly: true, maxAgeSeconds };
  };
  const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

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
  ) => {
    const params = flow.kind === 'oauth' ? flow.params : null;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const theme = params ? params.theme : first(query.theme) || formBody(request).theme;
    const ctx = pageContext(theme, params ? params.lang : first(query.lang));
    const hidden = params ? hiddenAuthorizeFields(params) : { flow: 'center', ...(ctx.theme ? { theme: ctx.theme } : {}) };
    const urls = params
      ? { login: authorizeUrl(base, params, 'login'), register: authorizeUrl(base, params, 'register') }
      : { login: `${base}/center`, register: `${base}/center?view=register` };
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
    });
    if (error?.retryAt) reply.header('retry-after', String(Math.max(1, Math.ceil((error.retryAt - now()) / 1000))));
    return sendPage(reply, status, html, ctx, ancestorsOf(flow), ancestorsOf(flow));
  };

  /** Issues the code and hands it over: a redirect, or a page posting it to the frame's host. */
  const finishOAuth = async (reply: FastifyReply, flow: Extract<Flow, { kind: 'oauth' }>, user: UserRow, isNew: boolean) => {
    const { params } = flow;
    const code = await store.createCode({
      clientId: flow.client.client_id,
      userId: user.id,
      redirectUri: params.redirect_uri,
      codeChallenge: params.code_challenge,
      scope: params.scope || 'profile email',
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

  const formBody = (request: FastifyRequest): Fields => {
    const body = request.body;
    if (!body || typeof body !== 'object' || Buffer.isBuffer(body)) return {};
    const fields: Fields = {};
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) fields[key] = first(value);
    return fields;
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
    is_new: isNew,
  });

  const oauthError = (reply: FastifyReply, status: number, error: AccountOAuthError['error'], description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description } satisfies AccountOAuthError);

  // ---------------------------------------------------------------- errors
  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const path = request.url.split('?')[0];
    if (error.statusCode === 413 && path === `${base}/center/avatar`) return reply.redirect(`${base}/center?status=avatar-too-large`, 303);
    if (path.startsWith(`${base}/oauth/token`) || path.startsWith(`${base}/oauth/userinfo`)) {
      return oauthError(reply, error.statusCode && error.statusCode < 500 ? 400 : 500, 'invalid_request', error.statusCode && error.statusCode < 500 ? error.message : 'server error');
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'account service error');
    return fatalPage(reply, status, undefined, undefined, status >= 500 ? 'Something went wrong on our side. Please try again.' : undefined);
  });

  // ---------------------------------------------------------------- authorize
  app.get('/oauth/authorize', async (request, reply) => {
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

  // ---------------------------------------------------------------- login
  app.post('/login', async (request, reply) => {
    const body = formBody(request);
    if (!(await formFromOwnPage(request))) return fatalPage(reply, 403, body.theme, body.lang, textsFor(body.lang).t.formExpired);
    const flow = await flowFromForm(body);
    if (!flow) return fatalPage(reply, 400, body.theme, body.lang);
    const t = textsFor(body.lang).t;
    const email = (body.email ?? '').trim();
    const password = body.password ?? '';
    const fields: Record<string, string> = {};
    if (!email) fields.email = t.emailRequired;
    else if (!EMAIL.test(email) || email.length > 254) fields.email = t.emailInvalid;
    if (!password) fields.password = t.passwordRequired;
    else if (password.length > 200) fields.password = t.passwordLong;
    if (Object.keys(fields).length) return renderAuth(request, reply, flow, 'login', 400, { message: t.fixErrors, fields }, { email });

    // Every attempt is counted before its password is checked, in one atomic statement per key: concurrent
    // guesses cannot all read "under the limit" and all be checked. A good password takes its hits back.
    const { windowMs, loginPerIp, failuresPerEmail } = cfg.rateLimit;
    const ipKey = `login:ip:${request.ip}`;
    const emailKey = `login:email:${email.toLowerCase()}`;
    const ipHit = await store.hit(ipKey, windowMs);
    if (ipHit.count > loginPerIp) {
      request.log.warn({ ip: request.ip }, 'login rate limit (ip)');
      return renderAuth(request, reply, flow, 'login', 429, { message: t.tooManyAttempts(minutesUntil(ipHit.resetAt)), retryAt: ipHit.resetAt }, { email });
    }
    const emailHit = await store.hit(emailKey, windowMs);
    if (emailHit.count > failuresPerEmail) {
      request.log.warn('login rate limit (e-mail)');
      return renderAuth(request, reply, flow, 'login', 429, { message: t.tooManyAttempts(minutesUntil(emailHit.resetAt)), retryAt: emailHit.resetAt }, { email });
    }

    const user = await store.findUserByEmail(email);
    const ok = user ? await verifyPassword(password, user.password_hash) : (await verifyPassword(password, await dummyPasswordHash(cfg.scrypt))) && false;
    if (!user || !ok) {
      const limited = emailHit.count >= failuresPerEmail;
      const message = limited ? t.tooManyAttempts(minutesUntil(emailHit.resetAt)) : t.wrongCredentials;
      return renderAuth(request, reply, flow, 'login', limited ? 429 : 401, { message, retryAt: limited ? emailHit.resetAt : undefined }, { email });
    }
    await store.resetCounter(emailKey);
    await store.unhit(ipKey);
    await startSession(request, reply, user);
    if (flow.kind === 'center') return reply.redirect(`${base}/center`, 303);
    return finishOAuth(reply, flow, user, false);
  });

  // ---------------------------------------------------------------- register
  app.post('/register', async (request, reply) => {
    const body = formBody(request);
    if (!(await formFromOwnPage(request))) return fatalPage(reply, 403, body.theme, body.lang, textsFor(body.lang).t.formExpired);
    const flow = await flowFromForm(body);
    if (!flow) return fatalPage(reply, 400, body.theme, body.lang);
    const t = textsFor(body.lang).t;
    const email = (body.email ?? '').trim();
    const password = body.password ?? '';
    const nickname = (body.nickname ?? '').trim();
    const country = (body.country ?? '').trim().toUpperCase();
    const values = { email, nickname, country };
    const fields: Record<string, string> = {};
    if (!email) fields.email = t.emailRequired;
    else if (!EMAIL.test(email) || email.length > 254) fields.email = t.emailInvalid;
    if (!password) fields.password = t.passwordRequired;
    else if (password.length < 8) fields.password = t.passwordShort;
    else if (password.length > 200) fields.password = t.passwordLong;
    if (nickname.length > 50) fields.nickname = t.nameLong;
    if (country && !isCountryCode(country)) fields.country = t.countryInvalid;
    if (Object.keys(fields).length) return renderAuth(request, reply, flow, 'register', 400, { message: t.fixErrors, fields }, values);

    const hit = await store.hit(`register:ip:${request.ip}`, cfg.rateLimit.windowMs);
    if (hit.count > cfg.rateLimit.registerPerIp) {
      return renderAuth(request, reply, flow, 'register', 429, { message: t.tooManyAttempts(minutesUntil(hit.resetAt)), retryAt: hit.resetAt }, values);
    }
    let user: UserRow;
    try {
      user = await store.createUser({
        email,
        passwordHash: await hashPassword(password, cfg.scrypt),
        nickname,
        country: country || (cfg.countryHeader ? countryFromHeader(request.headers[cfg.countryHeader]) : ''),
        lang: flow.kind === 'oauth' ? textsFor(flow.params.lang).requested : 'en',
        source: flow.kind === 'oauth' ? flow.params.source.slice(0, 100) : 'account-center',
      });
    } catch (error) {
      if (error instanceof EmailTakenError) {
        return renderAuth(request, reply, flow, 'register', 409, { message: t.emailTaken, fields: { email: t.emailTaken } }, values);
      }
      throw error;
    }
    request.log.info({ user_id: user.id }, 'account registered');
    await startSession(request, reply, user);
    if (flow.kind === 'center') return reply.redirect(`${base}/center`, 303);
    return finishOAuth(reply, flow, user, true);
  });

  // ---------------------------------------------------------------- token
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

  app.post('/oauth/token', async (request, reply) => {
    const body = formBody(request);
    const client = await authenticateClient(request, body);
    if (typeof client === 'string') return oauthError(reply, 401, 'invalid_client', client);
    const clientId = client.client_id;
    if (body.grant_type !== 'authorization_code') return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code');
    const code = body.code ?? '';
    const redirectUri = body.redirect_uri ?? '';
    const verifier = body.code_verifier ?? '';
    if (!code || !redirectUri || !verifier) return oauthError(reply, 400, 'invalid_request', 'code, redirect_uri and code_verifier are required');

    // the code is spent by any redemption attempt, good or bad
    const consumed = await store.consumeCode(code);
    if (consumed.status === 'reused') {
      request.log.warn({ client_id: clientId }, 'authorization code replayed: its token is revoked');
      return oauthError(reply, 400, 'invalid_grant', 'the authorization code was already used');
    }
    if (consumed.status === 'unknown') return oauthError(reply, 400, 'invalid_grant', 'unknown authorization code');
    const row = consumed.row;
    if (row.client_id !== client.client_id) return oauthError(reply, 400, 'invalid_grant', 'the code was issued to another client');
    if (new Date(row.expires_at).getTime() <= now()) return oauthError(reply, 400, 'invalid_grant', 'the authorization code has expired');
    if (row.redirect_uri !== redirectUri) return oauthError(reply, 400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    if (!PKCE_VERIFIER.test(verifier) || !safeEqual(pkceChallenge(verifier), row.code_challenge)) {
      return oauthError(reply, 400, 'invalid_grant', 'PKCE verification failed');
    }
    const user = await store.getUser(row.user_id);
    if (!user) return oauthError(reply, 400, 'invalid_grant', 'the account no longer exists');
    const jti = randomUUID();
    const issuedAt = Math.floor(now() / 1000);
    const accessToken = await new SignJWT({ scope: row.scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(cfg.issuer)
      .setAudience(client.client_id)
      .setSubject(user.id)
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + cfg.accessTokenTtlSeconds)
      .sign(tokenKey);
    await store.setCodeToken(row.code_hash, jti);
    const answer: AccountTokenResponse = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: cfg.accessTokenTtlSeconds,
      scope: row.scope,
      account: profileOf(user, row.is_new),
    };
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
  });

  // ---------------------------------------------------------------- grant status
  // A product asks whether the grant behind a token it was given still stands: a password change or a
  // replayed code revokes it, and the product then ends the session it made from it. Expiry of the
  // short-lived access token itself does not matter here (the product session has its own lifetime).
  app.post('/oauth/token-status', async (request, reply) => {
    const body = formBody(request);
    const client = await authenticateClient(request, body);
    if (typeof client === 'string') return oauthError(reply, 401, 'invalid_client', client);
    const jti = body.jti ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(jti)) return oauthError(reply, 400, 'invalid_request', 'jti is required');
    return reply.header('cache-control', 'no-store').send({ active: await store.tokenActive(jti, client.client_id) });
  });

  // ---------------------------------------------------------------- userinfo
  const userinfo = async (request: FastifyRequest, reply: FastifyReply) => {
    const invalid = (description: string) =>
      reply
        .code(401)
        .header('www-authenticate', `Bearer error="invalid_token", error_description="${description}"`)
        .header('cache-control', 'no-store')
        .send({ error: 'invalid_token', error_description: description } satisfies AccountOAuthError);
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (!match) return invalid('a bearer access token is required');
    let subject: string;
    let jti: string;
    try {
      const { payload } = await jwtVerify(match[1], tokenKey, { issuer: cfg.issuer, algorithms: ['HS256'], currentDate: new Date(now()) });
      subject = String(payload.sub ?? '');
      jti = String(payload.jti ?? '');
    } catch {
      return invalid('the access token is invalid or expired');
    }
    if (!jti || (await store.isTokenRevoked(jti))) return invalid('the access token was revoked');
    const user = await store.getUser(subject);
    if (!user) return invalid('the account no longer exists');
    return reply.header('cache-control', 'no-store').send(profileOf(user, false));
  };
  app.get('/oauth/userinfo', userinfo);
  app.post('/oauth/userinfo', userinfo);

  // ---------------------------------------------------------------- third-party cookie check
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

  // ---------------------------------------------------------------- logout
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
  app.options('/logout', async (request, reply) => {
    if (!(await corsFor(request, reply))) return reply.code(403).send();
    return reply.code(204).header('access-control-allow-methods', 'POST').header('access-control-allow-headers', 'content-type').send();
  });
  app.post('/logout', async (request, reply) => {
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
  });

  // ---------------------------------------------------------------- account center
  const CENTER_STATUS: Record<string, { kind: 'ok' | 'error'; section: string; text: (t: Texts) => string }> = {
    'profile-saved': { kind: 'ok', section: 'profile', text: (t) => t.savedProfile },
    'avatar-saved': { kind: 'ok', section: 'avatar', text: (t) => t.savedAvatar },
    'avatar-removed': { kind: 'ok', section: 'avatar', text: (t) => t.removedAvatar },
    'avatar-too-large': { kind: 'error', section: 'avatar', text: (t) => t.avatarTooLarge },
    'password-saved': { kind: 'ok', section: 'password', text: (t) => t.savedPassword },
  };

  const csrfToken = (request: FastifyRequest, reply: FastifyReply): string => {
    const existing = readCookies(request)[CSRF_COOKIE];
    if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
    const token = randomToken();
    setCookie(reply, CSRF_COOKIE, token, { ...cookieOptions(request), sameSite: 'Lax' });
    return token;
  };

  const renderCenter = (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    status: number,
    notice?: { kind: 'ok' | 'error'; message: string; section?: string; fields?: Record<string, string> },
  ) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const ctx = pageContext(query.theme, query.lang);
    const html = renderCenterPage(ctx, { user, avatarSrc: user.avatar, csrf: csrfToken(request, reply), notice });
    return sendPage(reply, status, html, ctx, []);
  };

  app.get('/center', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const user = await store.sessionUser(readCookies(request)[SESSION_COOKIE]);
    if (!user) return renderAuth(request, reply, { kind: 'center' }, first(query.view) === 'register' ? 'register' : 'login', 200);
    const known = CENTER_STATUS[first(query.status)];
    const ctx = textsFor(query.lang);
    return renderCenter(request, reply, user, 200, known ? { kind: known.kind, section: known.section, message: known.text(ctx.t) } : undefined);
  });

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
      renderCenter(request, reply, user, 403, { kind: 'error', message: textsFor('en').t.formExpired, section: 'profile' });
      return null;
    }
    return user;
  };

  app.post('/center/profile', async (request, reply) => {
    const fields = formBody(request);
    const user = await centerGuard(request, reply, fields);
    if (!user) return reply;
    const t = textsFor('en').t;
    const names = {
      nickname: (fields.nickname ?? '').trim(),
      firstname: (fields.firstname ?? '').trim(),
      lastname: (fields.lastname ?? '').trim(),
    };
    const errors: Record<string, string> = {};
    for (const [key, value] of Object.entries(names)) if (value.length > 50) errors[key] = t.nameLong;
    if (Object.keys(errors).length) {
      return renderCenter(request, reply, { ...user, ...names }, 400, { kind: 'error', section: 'profile', message: t.fixErrors, fields: errors });
    }
    await store.updateNames(user.id, names);
    return reply.redirect(`${base}/center?status=profile-saved`, 303);
  });

  app.post('/center/avatar', async (request, reply) => {
    const body = request.body as MultipartBody | undefined;
    const fields = body && 'fields' in body ? body.fields : formBody(request);
    const user = await centerGuard(request, reply, fields);
    if (!user) return reply;
    const t = textsFor('en').t;
    const file = body && 'files' in body ? body.files.find((part) => part.field === 'avatar' && part.data.length > 0) : undefined;
    const refuse = (message: string) =>
      renderCenter(request, reply, user, 400, { kind: 'error', section: 'avatar', message, fields: { avatar: message } });
    if (!file) return refuse(t.avatarMissing);
    if (file.data.length > AVATAR_MAX_BYTES) return refuse(t.avatarTooLarge);
    const mime = sniffImage(file.data);
    if (!mime) return refuse(t.avatarNotImage);
    await store.saveAvatar(user.id, mime, file.data, (id) => `${base}/avatar/${id}`);
    return reply.redirect(`${base}/center?status=avatar-saved`, 303);
  });

  app.post('/center/avatar-url', async (request, reply) => {
    const fields = formBody(request);
    const user = await centerGuard(request, reply, fields);
    if (!user) return reply;
    const t = textsFor('en').t;
    const url = (fields.avatar_url ?? '').trim();
    if (!url) {
      await store.setAvatarUrl(user.id, '');
      return reply.redirect(`${base}/center?status=avatar-removed`, 303);
    }
    let valid = url.length <= 2048;
    try {
      const parsed = new URL(url);
      valid = valid && (parsed.protocol === 'https:' || parsed.protocol === 'http:') && !parsed.username && !parsed.password;
    } catch {
      valid = false;
    }
    if (!valid) {
      return renderCenter(request, reply, user, 400, { kind: 'error', section: 'avatar', message: t.avatarUrlInvalid, fields: { avatar_url: t.avatarUrlInvalid } });
    }
    await store.setAvatarUrl(user.id, url);
    return reply.redirect(`${base}/center?status=avatar-saved`, 303);
  });

  app.post('/center/password', async (request, reply) => {
    const fields = formBody(request);
    const user = await centerGuard(request, reply, fields);
    if (!user) return reply;
    const t = textsFor('en').t;
    const current = fields.current_password ?? '';
    const next = fields.new_password ?? '';
    const repeat = fields.repeat_password ?? '';
    const errors: Record<string, string> = {};
    if (!current) errors.current_password = t.passwordRequired;
    if (!next) errors.new_password = t.passwordRequired;
    else if (next.length < 8) errors.new_password = t.passwordShort;
    else if (next.length > 200) errors.new_password = t.passwordLong;
    if (next && repeat !== next) errors.repeat_password = t.passwordsDiffer;
    const refuse = (status: number, message: string, fieldErrors: Record<string, string>) =>
      renderCenter(request, reply, user, status, { kind: 'error', section: 'password', message, fields: fieldErrors });
    if (Object.keys(errors).length) return refuse(400, t.fixErrors, errors);
    // wrong current passwords count like failed logins, counted before the check (see /login)
    const emailKey = `login:email:${user.email_lower}`;
    const attempt = await store.hit(emailKey, cfg.rateLimit.windowMs);
    if (attempt.count > cfg.rateLimit.failuresPerEmail) return refuse(429, t.tooManyAttempts(minutesUntil(attempt.resetAt)), {});
    if (!(await verifyPassword(current, user.password_hash))) {
      return refuse(400, t.currentPasswordWrong, { current_password: t.currentPasswordWrong });
    }
    await store.resetCounter(emailKey);
    await store.updatePasswordHash(user.id, await hashPassword(next, cfg.scrypt));
    await store.deleteOtherSessions(user.id, readCookies(request)[SESSION_COOKIE]);
    // products signed in before the change ask about their grant (POST /oauth/token-status) and end
    await store.revokeUserGrants(user.id);
    return reply.redirect(`${base}/center?status=password-saved`, 303);
  });

  // ---------------------------------------------------------------- avatars, home, health
  app.get('/avatar/:id', async (request, reply) => {
    const avatar = await store.getAvatar((request.params as { id: string }).id);
    if (!avatar) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type(avatar.mime)
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(avatar.bytes);
  });

  app.get('/', async (_request, reply) => reply.redirect(`${base}/center`, 302));
  app.get('/health', async () => ({ ok: true, service: 'account', db: opts.db.kind }));
}
