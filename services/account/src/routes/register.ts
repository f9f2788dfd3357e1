/** POST /register: the sign-up form of the pages. */
import type { FastifyInstance } from 'fastify';
import { countryFromHeader, isCountryCode } from '../countries.js';
import { hashPassword } from '../crypto.js';
import { textsFor } from '../pages/texts.js';
import { EmailTakenError, type UserRow } from '../store.js';
import type { AccountContext } from './context.js';
import { emptyBody, RegisterBody } from './schemas.js';
import { sendVerification } from './verification.js';
import { emailProblem, newPasswordProblem } from '../passwords.js';

export async function registerRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { openForm, cfg, store, counter, base, renderAuth, finishOAuth, startSession, minutesUntil } = ctx;

  app.post('/register', { preValidation: emptyBody, schema: { body: RegisterBody } }, async (request, reply) => {
    const form = await openForm(request, reply);
    if (!form) return reply;
    const { body, flow, t } = form;
    const email = (body.email ?? '').trim();
    const password = body.password ?? '';
    const nickname = (body.nickname ?? '').trim();
    const country = (body.country ?? '').trim().toUpperCase();
    const values = { email, nickname, country };
    const fields: Record<string, string> = {};
    const emailError = emailProblem(email, t);
    if (emailError) fields.email = emailError;
    const passwordError = newPasswordProblem(password, t);
    if (passwordError) fields.password = passwordError;
    if (nickname.length > 50) fields.nickname = t.nameLong;
    if (country && !isCountryCode(country)) fields.country = t.countryInvalid;
    // consent to the terms is part of signing up, recorded with the account
    if (body.terms !== '1') fields.terms = t.consentRequired;
    if (Object.keys(fields).length) return renderAuth(request, reply, flow, 'register', 400, { message: t.fixErrors, fields }, values);

    const hit = await counter.take(`register:ip:${request.ip}`, cfg.rateLimit.windowMs);
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
        termsAcceptedAt: ctx.now(),
      });
    } catch (error) {
      if (error instanceof EmailTakenError) {
        return renderAuth(request, reply, flow, 'register', 409, { message: t.emailTaken, fields: { email: t.emailTaken } }, values);
      }
      throw error;
    }
    request.log.info({ user_id: user.id }, 'account registered');
    // the sign-up credits wait for the address: the link goes now
    await sendVerification(ctx, request, user).catch((error: unknown) => request.log.error({ err: error }, 'confirmation mail not queued'));
    await startSession(request, reply, user);
    if (flow.kind === 'center') return reply.redirect(`${base}/center`, 303);
    return finishOAuth(reply, flow, user, true);
  });
}
