/**
 * Confirmed addresses: the sign-up mail's link (GET /verify shows one button, POST /verify spends the token),
 * the mail again (POST /center/verification from the account center; POST /oauth/verification-mail for a
 * product, back-channel with its client credentials and the grant of its session), and a change of address
 * from the account center, which takes effect only when the new address confirms it (GET/POST /email/confirm).
 * Products learn that an address was confirmed from the profile at sign-in and from /oauth/token-status.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emailChangeMail, verifyEmailMail } from '@studio/mail/templates';
import { SIGNUP_CREDITS } from 'shared-contracts';
import { formBody } from '../body.js';
import { readCookies } from '../cookies.js';
import { verifyPassword } from '../crypto.js';
import { renderNoticePage } from '../pages/auth-pages.js';
import { renderConfirmPage } from '../pages/recovery-pages.js';
import { textsFor } from '../pages/texts.js';
import { emailProblem } from '../passwords.js';
import type { UserRow } from '../store.js';
import type { AccountContext } from './context.js';
import { SESSION_COOKIE } from './cookie-names.js';
import { CenterForm, emptyBody, ResetBody, TokenQuery, TokenStatusBody } from './schemas.js';

const PAGE = { mode: 'page' as const, targetOrigin: null, allowedOrigins: [] };

type Verifiable = Pick<UserRow, 'id' | 'email' | 'email_lower'> & { email_verified_at?: Date | null };

/**
 * Sends the confirmation link, at most `verifyPerEmail` times per window and address; answers whether it
 * went ('limited' when the limit refused it, 'verified' when there is nothing to confirm).
 */
export async function sendVerification(ctx: AccountContext, request: FastifyRequest, user: Verifiable): Promise<'sent' | 'limited' | 'verified'> {
  if (user.email_verified_at) return 'verified';
  const { cfg, counter, tokens, mailer, publicBase } = ctx;
  const hit = await counter.take(`verify:email:${user.email_lower}`, cfg.rateLimit.windowMs);
  if (hit.count > cfg.rateLimit.verifyPerEmail) return 'limited';
  const token = await tokens.issue('verify-email', user.id, user.email_lower, cfg.verifyTtlMs);
  const mail = await verifyEmailMail({ url: `${publicBase(request)}/verify?token=${token}`, hours: Math.round(cfg.verifyTtlMs / 3600000), reward: `${SIGNUP_CREDITS} free credits` });
  await mailer.enqueue({ kind: 'verify-email', to: user.email, ...mail });
  return 'sent';
}

export async function verificationRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { cfg, store, counter, db, tokens, mailer, base, formFromOwnPage, fatalPage, pageContext, sendPage, oauthError, authenticateClient, centerGuard, renderCenter, minutesUntil, publicBase, now } =
    ctx;

  const notice = (reply: Parameters<typeof sendPage>[0], status: number, input: { title: string; text: string; ok: boolean }, lang?: unknown, theme?: unknown) => {
    const page = pageContext(theme, lang);
    const html = renderNoticePage(page, PAGE, { title: input.title, text: input.text, status: input.ok ? 'ok' : 'error', link: { href: cfg.studioUrl, label: page.t.backToStudio } });
    return sendPage(reply, status, html, page, []);
  };

  app.get('/verify', { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const query = request.query as { token?: string; lang?: string; theme?: string };
    const row = await tokens.peek('verify-email', query.token ?? '');
    const page = pageContext(query.theme, query.lang);
    if (!row) return notice(reply, 410, { title: page.t.linkInvalidTitle, text: page.t.verifyLinkInvalid, ok: false }, query.lang, query.theme);
    const html = renderConfirmPage(page, { title: page.t.verifyTitle, text: page.t.verifyText(row.email), action: `${base}/verify`, token: query.token ?? '', button: page.t.verifyButton });
    return sendPage(reply, 200, html, page, []);
  });

  app.post('/verify', { preValidation: emptyBody, schema: { body: ResetBody } }, async (request, reply) => {
    const body = formBody(request);
    if (!(await formFromOwnPage(request))) return fatalPage(reply, 403, body.theme, body.lang, textsFor(body.lang).t.formExpired);
    const t = textsFor(body.lang).t;
    const confirmed = await db.transaction(async (tx) => {
      const row = await tokens.consume('verify-email', body.token ?? '', tx);
      if (!row) return false;
      // the link confirms the address it was sent to, not one the account moved to since
      const updated = await tx.query('UPDATE account_users SET email_verified_at = COALESCE(email_verified_at, $3) WHERE id = $1 AND email_lower = $2', [
        row.user_id,
        row.email,
        new Date(now()).toISOString(),
      ]);
      return updated.rowCount > 0;
    });
    if (!confirmed) return notice(reply, 410, { title: t.linkInvalidTitle, text: t.verifyLinkInvalid, ok: false }, body.lang, body.theme);
    return notice(reply, 200, { title: t.verifyDoneTitle, text: t.verifyDone, ok: true }, body.lang, body.theme);
  });

  // a product's "send again": back-channel, for the account behind the grant of the caller's session
  app.post('/oauth/verification-mail', { preValidation: emptyBody, schema: { body: TokenStatusBody } }, async (request, reply) => {
    const body = formBody(request);
    const client = await authenticateClient(request, body);
    if (typeof client === 'string') return oauthError(reply, 401, 'invalid_client', client);
    const user = await store.grantUser(body.jti ?? '', client.client_id);
    if (!user) return oauthError(reply, 400, 'invalid_grant', 'no such grant');
    const outcome = await sendVerification(ctx, request, user);
    if (outcome === 'limited') return reply.code(429).header('cache-control', 'no-store').send({ error: 'slow_down', error_description: 'too many confirmation mails' });
    return reply.header('cache-control', 'no-store').send({ sent: outcome === 'sent', email_verified: outcome === 'verified' });
  });

  app.post('/center/verification', { preValidation: emptyBody, schema: { body: CenterForm } }, async (request, reply) => {
    const user = await centerGuard(request, reply, formBody(request));
    if (!user) return reply;
    const t = textsFor('en').t;
    const outcome = await sendVerification(ctx, request, user);
    if (outcome === 'limited') {
      const hit = await counter.peek(`verify:email:${user.email_lower}`, cfg.rateLimit.windowMs);
      return renderCenter(request, reply, user, 429, { kind: 'error', section: 'email', message: t.tooManyAttempts(minutesUntil(hit.resetAt)) });
    }
    return renderCenter(request, reply, user, 200, { kind: 'ok', section: 'email', message: outcome === 'sent' ? t.verificationSent(user.email) : t.verified });
  });

  app.post('/center/email', { preValidation: emptyBody, schema: { body: CenterForm } }, async (request, reply) => {
    const fields = formBody(request);
    const user = await centerGuard(request, reply, fields);
    if (!user) return reply;
    const t = textsFor('en').t;
    const next = (fields.new_email ?? '').trim();
    const refuse = (status: number, message: string, errors: Record<string, string> = {}) =>
      renderCenter(request, reply, user, status, { kind: 'error', section: 'email', message, fields: errors });
    const problem = emailProblem(next, t) ?? (next.toLowerCase() === user.email_lower ? t.changeEmailSame : null);
    if (problem) return refuse(400, t.fixErrors, { new_email: problem });
    if (!fields.current_password) return refuse(400, t.fixErrors, { email_password: t.passwordRequired });
    const emailKey = `login:email:${user.email_lower}`;
    const attempt = await counter.take(emailKey, cfg.rateLimit.windowMs);
    if (attempt.count > cfg.rateLimit.failuresPerEmail) return refuse(429, t.tooManyAttempts(minutesUntil(attempt.resetAt)));
    if (!(await verifyPassword(fields.current_password, user.password_hash))) return refuse(400, t.currentPasswordWrong, { email_password: t.currentPasswordWrong });
    await counter.reset(emailKey);
    // a taken address is not told here (that would tell who has an account): the confirmation says so
    const token = await tokens.issue('change-email', user.id, next.toLowerCase(), cfg.verifyTtlMs);
    const mail = await emailChangeMail({ url: `${publicBase(request)}/email/confirm?token=${token}`, hours: Math.round(cfg.verifyTtlMs / 3600000), newEmail: next });
    await mailer.enqueue({ kind: 'change-email', to: next, ...mail });
    return renderCenter(request, reply, user, 200, { kind: 'ok', section: 'email', message: t.changeEmailSent(next) });
  });

  app.get('/email/confirm', { schema: { querystring: TokenQuery } }, async (request, reply) => {
    const query = request.query as { token?: string; lang?: string; theme?: string };
    const row = await tokens.peek('change-email', query.token ?? '');
    const page = pageContext(query.theme, query.lang);
    if (!row) return notice(reply, 410, { title: page.t.linkInvalidTitle, text: page.t.verifyLinkInvalid, ok: false }, query.lang, query.theme);
    const html = renderConfirmPage(page, { title: page.t.changeTitle, text: page.t.changeText(row.email), action: `${base}/email/confirm`, token: query.token ?? '', button: page.t.changeButton });
    return sendPage(reply, 200, html, page, []);
  });

  app.post('/email/confirm', { preValidation: emptyBody, schema: { body: ResetBody } }, async (request, reply) => {
    const body = formBody(request);
    if (!(await formFromOwnPage(request))) return fatalPage(reply, 403, body.theme, body.lang, textsFor(body.lang).t.formExpired);
    const t = textsFor(body.lang).t;
    const outcome = await db
      .transaction(async (tx) => {
        const row = await tokens.consume('change-email', body.token ?? '', tx);
        if (!row) return null;
        await tx.query('UPDATE account_users SET email = $2, email_lower = $2, email_verified_at = $3, updated_at = $3 WHERE id = $1', [
          row.user_id,
          row.email,
          new Date(now()).toISOString(),
        ]);
        return row.email;
      })
      .catch((error: unknown) => {
        if ((error as { code?: string }).code === '23505') return 'taken' as const;
        throw error;
      });
    if (outcome === 'taken') return notice(reply, 409, { title: t.linkInvalidTitle, text: t.emailTaken, ok: false }, body.lang, body.theme);
    if (!outcome) return notice(reply, 410, { title: t.linkInvalidTitle, text: t.verifyLinkInvalid, ok: false }, body.lang, body.theme);
    request.log.info({ session: Boolean(readCookies(request)[SESSION_COOKIE]) }, 'account address changed');
    return notice(reply, 200, { title: t.changeDoneTitle, text: t.changeDone(outcome), ok: true }, body.lang, body.theme);
  });
}
