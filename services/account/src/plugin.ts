/**
 * The central account service as a Fastify plugin. The gateway registers it with prefix '/account' on the
 * product's origin; buildAccountApp() serves it on an origin of its own. Each group of routes is a route
 * plugin of its own sharing one context (routes/context.ts, which composes its parts); paths are relative to the prefix:
 *
 *   routes/authorize.ts  GET  /oauth/authorize, GET /cookie-check
 *   routes/login.ts      POST /login
 *   routes/register.ts   POST /register
 *   routes/token.ts      POST /oauth/token, POST /oauth/token-status
 *   routes/userinfo.ts   GET|POST /oauth/userinfo
 *   routes/logout.ts     GET|OPTIONS|POST /logout
 *   routes/center.ts     GET /center, POST /center/{profile,avatar-url,password}
 *   routes/avatar.ts     POST /center/avatar, GET /avatar/:id
 *   routes/recovery.ts   GET|POST /password/forgot, GET|POST /password/reset
 *   routes/verification.ts GET|POST /verify, POST /oauth/verification-mail, POST /center/verification
 *   routes/email-change.ts POST /center/email, GET|POST /email/confirm
 *   routes/deletion.ts   POST /center/delete
 *   routes/passkeys.ts   POST /passkey/login/options, /passkey/login, /center/passkey/options, /center/passkey, /center/passkey/remove
 *   routes/oidc.ts       GET /.well-known/openid-configuration, GET /oauth/jwks
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '@studio/db';
import { rateCounter } from '@studio/db/rate-counter';
import { Mailer } from '@studio/mail';
import { registerBodyPlugins } from './body.js';
import { resolveConfig, type AccountConfig } from './config.js';
import { registerCookies } from './cookies.js';
import { authorizeRoutes } from './routes/authorize.js';
import { avatarRoutes } from './routes/avatar.js';
import { centerRoutes } from './routes/center.js';
import { createAccountContext } from './routes/context.js';
import { loginRoutes } from './routes/login.js';
import { logoutRoutes } from './routes/logout.js';
import { registerRoutes } from './routes/register.js';
import { tokenRoutes } from './routes/token.js';
import { userinfoRoutes } from './routes/userinfo.js';
import { recoveryRoutes } from './routes/recovery.js';
import { verificationRoutes } from './routes/verification.js';
import { emailChangeRoutes } from './routes/email-change.js';
import { deletionRoutes } from './routes/deletion.js';
import { passkeyCenterRoutes, passkeySignInRoutes } from './routes/passkeys.js';
import { oidcRoutes } from './routes/oidc.js';
import { AccountStore, migrateAccount } from './store.js';
import { AccountTokens } from './tokens.js';
import { PasskeyStore } from './passkey-store.js';
import { loadSigningKey, type SigningKey } from './oidc-keys.js';

export {  CSRF_COOKIE, SESSION_COOKIE } from './routes/cookie-names.js';

export interface AccountPluginOptions {
  db: Database;
  config: AccountConfig;
  /** the mail queue; the composed product shares one with the API. Unset: the service makes its own from config.mail */
  mailer?: Mailer;
}

export async function accountPlugin(app: FastifyInstance, opts: AccountPluginOptions): Promise<void> {
  const cfg = resolveConfig(opts.config);
  const store = new AccountStore(opts.db, cfg.now);
  await migrateAccount(opts.db);
  await store.upsertClients(cfg.clients);
  const base = app.prefix === '/' ? '' : app.prefix;
  let key: Promise<SigningKey> | null = null;
  const signingKey = () => (key ??= loadSigningKey(opts.db, cfg.oidcSigningKey));
  const mailer = opts.mailer ?? new Mailer({ db: opts.db, config: cfg.mail, log: app.log });
  if (!opts.mailer) app.addHook('onClose', async () => mailer.stop());
  const ctx = createAccountContext({
    cfg,
    store,
    counter: rateCounter(opts.db, cfg.now),
    db: opts.db,
    base,
    cookiePath: base || '/',
    tokenKey: new TextEncoder().encode(cfg.tokenSecret),
    now: () => cfg.now(),
    tokens: new AccountTokens(opts.db, cfg.now),
    mailer,
    signingKey,
    passkeys: new PasskeyStore(opts.db, cfg.now),
  });

  await registerBodyPlugins(app);
  await registerCookies(app);

  app.setErrorHandler(async (error: Error & { statusCode?: number; code?: string }, request, reply) => {
    const path = request.url.split('?')[0];
    if (error.statusCode === 413 && path === `${base}/center/avatar`) return reply.redirect(`${base}/center?status=avatar-too-large`, 303);
    if (path.startsWith(`${base}/oauth/token`) || path.startsWith(`${base}/oauth/userinfo`)) {
      const client = error.statusCode !== undefined && error.statusCode < 500;
      return ctx.oauthError(reply, client ? 400 : 500, 'invalid_request', client ? error.message : 'server error');
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'account service error');
    return ctx.fatalPage(reply, status, undefined, undefined, status >= 500 ? 'Something went wrong on our side. Please try again.' : undefined);
  });

  for (const routes of [
    authorizeRoutes,
    loginRoutes,
    registerRoutes,
    tokenRoutes,
    userinfoRoutes,
    logoutRoutes,
    centerRoutes,
    avatarRoutes,
    recoveryRoutes,
    verificationRoutes,
    emailChangeRoutes,
    deletionRoutes,
    passkeySignInRoutes,
    passkeyCenterRoutes,
    oidcRoutes,
  ]) {
    await app.register(routes, { ctx });
  }
  app.get('/', async (_request, reply) => reply.redirect(`${base}/center`, 302));
  app.get('/health', async () => ({ ok: true, service: 'account', db: opts.db.kind }));
}
