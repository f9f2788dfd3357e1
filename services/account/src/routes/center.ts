/** The account center: GET /center and its profile, avatar address and password forms. */
import type { FastifyInstance } from 'fastify';
import { formBody } from '../body.js';
import { readCookies } from '../cookies.js';
import { hashPassword, verifyPassword } from '../crypto.js';
import { first } from '../oauth.js';
import { textsFor } from '../pages/texts.js';
import { CENTER_STATUS } from './center-guard.js';
import type { AccountContext } from './context.js';
import { SESSION_COOKIE } from './cookie-names.js';
import { CenterForm, emptyBody } from './schemas.js';

export async function centerRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { cfg, store, counter, base, renderAuth, minutesUntil, renderCenter, centerGuard } = ctx;

  app.get('/center', async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const user = await store.sessionUser(readCookies(request)[SESSION_COOKIE]);
    const view = first(query.view);
    if (!user) return renderAuth(request, reply, { kind: 'center' }, view === 'register' || view === 'forgot' ? view : 'login', 200);
    const known = CENTER_STATUS[first(query.status)];
    const ctx = textsFor(query.lang);
    return renderCenter(request, reply, user, 200, known ? { kind: known.kind, section: known.section, message: known.text(ctx.t) } : undefined);
  });

  app.post('/center/profile', { preValidation: emptyBody, schema: { body: CenterForm } }, async (request, reply) => {
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

  app.post('/center/avatar-url', { preValidation: emptyBody, schema: { body: CenterForm } }, async (request, reply) => {
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

  app.post('/center/password', { preValidation: emptyBody, schema: { body: CenterForm } }, async (request, reply) => {
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
    const attempt = await counter.take(emailKey, cfg.rateLimit.windowMs);
    if (attempt.count > cfg.rateLimit.failuresPerEmail) return refuse(429, t.tooManyAttempts(minutesUntil(attempt.resetAt)), {});
    if (!(await verifyPassword(current, user.password_hash))) {
      return refuse(400, t.currentPasswordWrong, { current_password: t.currentPasswordWrong });
    }
    await counter.reset(emailKey);
    await store.updatePasswordHash(user.id, await hashPassword(next, cfg.scrypt));
    await store.deleteOtherSessions(user.id, readCookies(request)[SESSION_COOKIE]);
    // products signed in before the change ask about their grant (POST /oauth/token-status) and end
    await store.revokeUserGrants(user.id);
    return reply.redirect(`${base}/center?status=password-saved`, 303);
  });
}
