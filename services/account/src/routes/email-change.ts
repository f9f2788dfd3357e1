/**
 * A change of address from the account center (POST /center/email, the current password needed): it takes
 * effect only when the link mailed to the new address is used (GET /email/confirm shows one button, POST
 * spends the token); the new address is then the confirmed one.
 */
import type { FastifyInstance } from 'fastify';
import { emailChangeMail } from '@studio/mail/templates';
import { formBody } from '../body.js';
import { readCookies } from '../cookies.js';
import { verifyPassword } from '../crypto.js';
import { renderConfirmPage } from '../pages/recovery-pages.js';
import { textsFor } from '../pages/texts.js';
import { emailProblem } from '../passwords.js';
import type { AccountContext } from './context.js';
import { SESSION_COOKIE } from './cookie-names.js';
import { CenterForm, emptyBody, ResetBody, TokenQuery } from './schemas.js';

export async function emailChangeRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { cfg, counter, db, tokens, mailer, base, formFromOwnPage, fatalPage, pageContext, sendPage, centerGuard, renderCenter, studioNotice: notice, minutesUntil, publicBase, now } = ctx;

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
