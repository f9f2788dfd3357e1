/** POST /login: the login form of the pages; attempts are counted before the password is checked. */
import type { FastifyInstance } from 'fastify';
import { dummyPasswordHash, verifyPassword } from '../crypto.js';
import type { AccountContext } from './context.js';
import { emptyBody, LoginBody } from './schemas.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function loginRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { openForm, cfg, store, counter, base, renderAuth, finishOAuth, startSession, minutesUntil } = ctx;

  app.post('/login', { preValidation: emptyBody, schema: { body: LoginBody } }, async (request, reply) => {
    const form = await openForm(request, reply);
    if (!form) return reply;
    const { body, flow, t } = form;
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
    const ipHit = await counter.take(ipKey, windowMs);
    if (ipHit.count > loginPerIp) {
      request.log.warn({ ip: request.ip }, 'login rate limit (ip)');
      return renderAuth(request, reply, flow, 'login', 429, { message: t.tooManyAttempts(minutesUntil(ipHit.resetAt)), retryAt: ipHit.resetAt }, { email });
    }
    const emailHit = await counter.take(emailKey, windowMs);
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
    await counter.reset(emailKey);
    await counter.giveBack(ipKey);
    await startSession(request, reply, user);
    if (flow.kind === 'center') return reply.redirect(`${base}/center`, 303);
    return finishOAuth(reply, flow, user, false);
  });
}
