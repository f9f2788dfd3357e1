/**
 * Confirmed addresses: the sign-up mail's link (GET /verify shows one button, POST /verify spends the token)
 * and the mail again (POST /center/verification from the account center; POST /oauth/verification-mail for a
 * product, back-channel with its client credentials and the grant of its session). A change of address is
 * email-change.ts. Products learn that an address was confirmed from the profile at sign-in and from
 * /oauth/token-status.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { verifyEmailMail } from '@studio/mail/templates';
import { SIGNUP_CREDITS } from 'shared-contracts';
import { formBody } from '../body.js';
import { renderConfirmPage } from '../pages/recovery-pages.js';
import { textsFor } from '../pages/texts.js';
import type { UserRow } from '../store.js';
import type { AccountContext } from './context.js';
import { CenterForm, emptyBody, ResetBody, TokenQuery, TokenStatusBody } from './schemas.js';

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
  const { cfg, store, counter, db, tokens, base, formFromOwnPage, fatalPage, pageContext, sendPage, oauthError, authenticateClient, centerGuard, renderCenter, studioNotice: notice, minutesUntil, now } = ctx;

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
}
