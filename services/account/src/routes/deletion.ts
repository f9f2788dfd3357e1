/**
 * POST /center/delete: a member deletes the account from the account center (current password and an
 * explicit confirmation). Every client with an events URL is told first, signed with its secret (the product
 * cancels running plans and removes or anonymises its data, keeping the credit ledger's sums); if one cannot
 * be told, nothing is deleted and the member is asked to try again, so no plan keeps renewing for an account
 * that is gone. Then the confirmation mail is queued and the account removed (its sessions, codes, tokens,
 * passkeys and avatar go with it).
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { accountDeletedMail } from '@studio/mail/templates';
import { formBody } from '../body.js';
import { clearCookie } from '../cookies.js';
import { verifyPassword } from '../crypto.js';
import { renderNoticePage } from '../pages/auth-pages.js';
import { textsFor } from '../pages/texts.js';
import type { AccountContext } from './context.js';
import { SESSION_COOKIE } from './cookie-names.js';
import { CenterForm, emptyBody } from './schemas.js';

/** The signature header of an account event: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the client secret>`. */
function signAccountEvent(secret: string, body: string, at: number): string {
  const t = Math.floor(at / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

export async function deletionRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { cfg, counter, db, mailer, centerGuard, renderCenter, minutesUntil, pageContext, sendPage, cookieOptions, now } = ctx;

  const tellClients = async (userId: string): Promise<boolean> => {
    const body = JSON.stringify({ type: 'account.deleted', account_id: userId, at: Math.floor(now() / 1000) });
    for (const client of cfg.clients) {
      if (!client.eventsUrl) continue;
      try {
        const response = await fetch(client.eventsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-account-signature': signAccountEvent(client.secret, body, now()) },
          body,
          signal: AbortSignal.timeout(15000),
        });
        if (!response.ok) return false;
      } catch {
        return false;
      }
    }
    return true;
  };

  app.post('/center/delete', { preValidation: emptyBody, schema: { body: CenterForm } }, async (request, reply) => {
    const fields = formBody(request);
    const user = await centerGuard(request, reply, fields);
    if (!user) return reply;
    const t = textsFor('en').t;
    const refuse = (status: number, message: string, errors: Record<string, string> = {}) =>
      renderCenter(request, reply, user, status, { kind: 'error', section: 'delete', message, fields: errors });
    const errors: Record<string, string> = {};
    if (!fields.current_password) errors.delete_password = t.passwordRequired;
    if (fields.confirm !== '1') errors.delete_confirm = t.deleteConfirmRequired;
    if (Object.keys(errors).length) return refuse(400, t.fixErrors, errors);
    const emailKey = `login:email:${user.email_lower}`;
    const attempt = await counter.take(emailKey, cfg.rateLimit.windowMs);
    if (attempt.count > cfg.rateLimit.failuresPerEmail) return refuse(429, t.tooManyAttempts(minutesUntil(attempt.resetAt)));
    if (!(await verifyPassword(fields.current_password, user.password_hash))) return refuse(400, t.currentPasswordWrong, { delete_password: t.currentPasswordWrong });
    await counter.reset(emailKey);
    if (!(await tellClients(user.id))) {
      request.log.error({ user_id: user.id }, 'account deletion refused: a client could not be told');
      return refuse(503, t.deleteUnavailable);
    }
    const mail = await accountDeletedMail({ when: new Date(now()).toUTCString() });
    await db.transaction(async (tx) => {
      await mailer.enqueue({ kind: 'account-deleted', to: user.email, ...mail }, tx);
      await tx.query('DELETE FROM account_users WHERE id = $1', [user.id]);
    });
    request.log.info({ user_id: user.id }, 'account deleted');
    clearCookie(reply, SESSION_COOKIE, cookieOptions(request));
    const page = pageContext(undefined, undefined);
    const html = renderNoticePage(page, { mode: 'page', targetOrigin: null, allowedOrigins: [] }, { title: t.deletedTitle, text: t.deletedText, status: 'ok', link: { href: cfg.studioUrl, label: t.backToStudio } });
    return sendPage(reply, 200, html, page, []);
  });
}
