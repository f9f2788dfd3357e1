/**
 * Password reset: GET/POST /password/forgot (the login page's third view) and GET/POST /password/reset (the
 * page a mail links to). The forgot answer is the same page, status and timing whether or not the address
 * has an account: the page is answered first and the account looked up afterwards, so neither the words nor
 * the time tell. Requests are limited per address and per e-mail (counted up front, atomically). A reset
 * spends its single-use token, sets the password under the sign-up rules, voids other reset links, ends
 * every session of the account and revokes its grants, so every product signed in ends its sessions (140013).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { passwordChangedMail, passwordResetMail } from '@studio/mail/templates';
import { formBody } from '../body.js';
import { hashPassword } from '../crypto.js';
import { readAuthorizeParams, first, type Flow } from '../oauth.js';
import { renderNoticePage } from '../pages/auth-pages.js';
import { renderResetPage } from '../pages/recovery-pages.js';
import { textsFor } from '../pages/texts.js';
import { emailProblem, newPasswordProblem } from '../passwords.js';
import type { AccountContext } from './context.js';
import { emptyBody, ForgotBody, ResetBody, TokenQuery } from './schemas.js';

const PAGE = { mode: 'page' as const, targetOrigin: null, allowedOrigins: [] };

export async function recoveryRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { openForm, cfg, store, counter, db, tokens, mailer, base, formFromOwnPage, fatalPage, renderAuth, flowFromForm, minutesUntil, pageContext, sendPage, publicBase, now } = ctx;
  const minutes = Math.round(cfg.resetTtlMs / 60000);

  app.get('/password/forgot', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const flow: Flow | null = first(query.client_id) || first(query.app_key) ? await flowFromForm(readAuthorizeParams(query) as unknown as Record<string, string>) : { kind: 'center' };
    if (!flow) return fatalPage(reply, 400, query.theme, query.lang);
    return renderAuth(request, reply, flow, 'forgot', 200);
  });

  /** After the answer: the account, if any, gets its link. Nothing here reaches the answer. */
  const sendResetLink = async (request: FastifyRequest, email: string) => {
    const user = await store.findUserByEmail(email);
    if (!user) return;
    const token = await tokens.issue('password-reset', user.id, user.email, cfg.resetTtlMs);
    const mail = await passwordResetMail({ url: `${publicBase(request)}/password/reset?token=${token}`, minutes });
    await mailer.enqueue({ kind: 'password-reset', to: user.email, ...mail });
    request.log.info({ user_id: user.id }, 'password reset link sent');
  };

  app.post('/password/forgot', { preValidation: emptyBody, schema: { body: ForgotBody } }, async (request, reply) => {
    const form = await openForm(request, reply);
    if (!form) return reply;
    const { body, flow, t } = form;
    const email = (body.email ?? '').trim();
    const problem = emailProblem(email, t);
    if (problem) return renderAuth(request, reply, flow, 'forgot', 400, { message: t.fixErrors, fields: { email: problem } }, { email });
    const { windowMs, resetPerIp, resetPerEmail } = cfg.rateLimit;
    // both counted whether or not the address has an account: the limit tells nothing about it either
    const ipHit = await counter.take(`reset:ip:${request.ip}`, windowMs);
    const emailHit = await counter.take(`reset:email:${email.toLowerCase()}`, windowMs);
    const limited = ipHit.count > resetPerIp ? ipHit : emailHit.count > resetPerEmail ? emailHit : null;
    if (limited) {
      request.log.warn({ ip: request.ip }, 'password reset rate limit');
      return renderAuth(request, reply, flow, 'forgot', 429, { message: t.tooManyAttempts(minutesUntil(limited.resetAt)), retryAt: limited.resetAt }, { email });
    }
    setImmediate(() => {
      sendResetLink(request, email).catch((error: unknown) => request.log.error({ err: error }, 'password reset link could not be queued'));
    });
    return renderAuth(request, reply, flow, 'login', 200, undefined, undefined, `${t.forgotSentTitle}. ${t.forgotSent(email, minutes)}`);
  });

  const invalidLink = (reply: Parameters<typeof sendPage>[0], lang: unknown, theme: unknown) => {
    const page = pageContext(theme, lang);
    const html = renderNoticePage(page, PAGE, {
      title: page.t.linkInvalidTitle,
      text: page.t.resetLinkInvalid,
      status: 'error',
      link: { href: `${base}/center?view=forgot`, label: page.t.askNewLink },
    });
    return sendPage(reply, 410, html, page, []);
  };

  app.get('/password/reset', { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const query = request.query as { token?: string; theme?: string; lang?: string };
    const token = query.token ?? '';
    if (!(await tokens.peek('password-reset', token))) return invalidLink(reply, query.lang, query.theme);
    const page = pageContext(query.theme, query.lang);
    return sendPage(reply, 200, renderResetPage(page, { token }), page, []);
  });

  app.post('/password/reset', { preValidation: emptyBody, schema: { body: ResetBody } }, async (request, reply) => {
    const body = formBody(request);
    if (!(await formFromOwnPage(request))) return fatalPage(reply, 403, body.theme, body.lang, textsFor(body.lang).t.formExpired);
    const page = pageContext(body.theme, body.lang);
    const { t } = page;
    const token = body.token ?? '';
    const password = body.new_password ?? '';
    const fields: Record<string, string> = {};
    const problem = newPasswordProblem(password, t);
    if (problem) fields.new_password = problem;
    if (password && (body.repeat_password ?? '') !== password) fields.repeat_password = t.passwordsDiffer;
    if (Object.keys(fields).length) {
      // a wrong form does not spend the link
      if (!(await tokens.peek('password-reset', token))) return invalidLink(reply, body.lang, body.theme);
      return sendPage(reply, 400, renderResetPage(page, { token, error: { message: t.fixErrors, fields } }), page, []);
    }
    const passwordHash = await hashPassword(password, cfg.scrypt);
    const user = await db.transaction(async (tx) => {
      const row = await tokens.consume('password-reset', token, tx);
      if (!row) return null;
      await tx.query('UPDATE account_users SET password_hash = $2, updated_at = $3 WHERE id = $1', [row.user_id, passwordHash, new Date(now()).toISOString()]);
      await tokens.voidAll(row.user_id, 'password-reset', tx);
      await tx.query('DELETE FROM account_sessions WHERE user_id = $1', [row.user_id]);
      // every product signed in from this account asks about its grant and ends its session (code 140013)
      await tx.query('UPDATE account_auth_codes SET revoked = true, used_at = COALESCE(used_at, $2) WHERE user_id = $1', [row.user_id, new Date(now()).toISOString()]);
      return (await tx.query<{ id: string; email: string }>('SELECT id, email FROM account_users WHERE id = $1', [row.user_id])).rows[0] ?? null;
    });
    if (!user) return invalidLink(reply, body.lang, body.theme);
    request.log.info({ user_id: user.id }, 'password reset: sessions ended, grants revoked');
    const changed = await passwordChangedMail({ when: new Date(now()).toUTCString() });
    await mailer.enqueue({ kind: 'password-changed', to: user.email, ...changed }).catch((error: unknown) => request.log.error({ err: error }, 'password-changed mail not queued'));
    const html = renderNoticePage(page, PAGE, { title: t.resetDoneTitle, text: t.resetDone, status: 'ok', link: { href: `${base}/center`, label: t.logInNow } });
    return sendPage(reply, 200, html, page, []);
  });
}
