/** GET and POST /oauth/userinfo: bearer access token -> AccountProfile. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { jwtVerify } from 'jose';
import type { AccountOAuthError } from 'shared-contracts';
import type { AccountContext } from './context.js';

export async function userinfoRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { cfg, store, tokenKey, now, profileOf } = ctx;

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
    const profile = profileOf(user, false);
    // the standard claims (OpenID Connect Core 5.3) beside the profile the product reads
    const name = profile.nickname || [profile.firstname, profile.lastname].filter(Boolean).join(' ') || profile.email;
    return reply.header('cache-control', 'no-store').send({
      sub: user.id,
      ...profile,
      name,
      given_name: profile.firstname || undefined,
      family_name: profile.lastname || undefined,
      picture: profile.avatar || undefined,
    });
  };
  app.get('/oauth/userinfo', userinfo);
  app.post('/oauth/userinfo', userinfo);
}
