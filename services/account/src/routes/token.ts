/** POST /oauth/token (code + PKCE verifier + client auth -> access token and profile) and POST /oauth/token-status (does a grant still stand). */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import type { AccountTokenResponse } from 'shared-contracts';
import { formBody } from '../body.js';
import { PKCE_VERIFIER, pkceChallenge, safeEqual } from '../crypto.js';
import type { AccountContext } from './context.js';
import { emptyBody, TokenBody, TokenStatusBody } from './schemas.js';

export async function tokenRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { cfg, store, tokenKey, now, profileOf, oauthError, authenticateClient, publicBase, signingKey } = ctx;

  app.post('/oauth/token', { preValidation: emptyBody, schema: { body: TokenBody } }, async (request, reply) => {
    const body = formBody(request);
    const client = await authenticateClient(request, body);
    if (typeof client === 'string') return oauthError(reply, 401, 'invalid_client', client);
    const clientId = client.client_id;
    if (body.grant_type !== 'authorization_code') return oauthError(reply, 400, 'unsupported_grant_type', 'grant_type must be authorization_code');
    const code = body.code ?? '';
    const redirectUri = body.redirect_uri ?? '';
    const verifier = body.code_verifier ?? '';
    if (!code || !redirectUri || !verifier) return oauthError(reply, 400, 'invalid_request', 'code, redirect_uri and code_verifier are required');

    // the code is spent by any redemption attempt, good or bad
    const consumed = await store.consumeCode(code);
    if (consumed.status === 'reused') {
      request.log.warn({ client_id: clientId }, 'authorization code replayed: its token is revoked');
      return oauthError(reply, 400, 'invalid_grant', 'the authorization code was already used');
    }
    if (consumed.status === 'unknown') return oauthError(reply, 400, 'invalid_grant', 'unknown authorization code');
    const row = consumed.row;
    if (row.client_id !== client.client_id) return oauthError(reply, 400, 'invalid_grant', 'the code was issued to another client');
    if (new Date(row.expires_at).getTime() <= now()) return oauthError(reply, 400, 'invalid_grant', 'the authorization code has expired');
    if (row.redirect_uri !== redirectUri) return oauthError(reply, 400, 'invalid_grant', 'redirect_uri does not match the authorization request');
    if (!PKCE_VERIFIER.test(verifier) || !safeEqual(pkceChallenge(verifier), row.code_challenge)) {
      return oauthError(reply, 400, 'invalid_grant', 'PKCE verification failed');
    }
    const user = await store.getUser(row.user_id);
    if (!user) return oauthError(reply, 400, 'invalid_grant', 'the account no longer exists');
    const jti = randomUUID();
    const issuedAt = Math.floor(now() / 1000);
    const accessToken = await new SignJWT({ scope: row.scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(cfg.issuer)
      .setAudience(client.client_id)
      .setSubject(user.id)
      .setJti(jti)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + cfg.accessTokenTtlSeconds)
      .sign(tokenKey);
    await store.setCodeToken(row.code_hash, jti);
    const account = profileOf(user, row.is_new);
    const answer: AccountTokenResponse & { id_token?: string } = {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: cfg.accessTokenTtlSeconds,
      scope: row.scope,
      account,
    };
    // OpenID Connect: a request with the openid scope gets an ID token (RS256, the key of /oauth/jwks)
    if (row.scope.split(' ').includes('openid')) {
      const key = await signingKey();
      answer.id_token = await new SignJWT({
        auth_time: Math.floor(new Date(row.created_at).getTime() / 1000),
        ...(row.nonce ? { nonce: row.nonce } : {}),
        email: account.email,
        email_verified: account.email_verified,
        name: account.nickname || [account.firstname, account.lastname].filter(Boolean).join(' ') || account.email,
      })
        .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: key.kid })
        .setIssuer(publicBase(request))
        .setAudience(client.client_id)
        .setSubject(user.id)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + cfg.accessTokenTtlSeconds)
        .sign(key.privateKey);
    }
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send(answer);
  });

  // A product asks whether the grant behind a token it was given still stands: a password change or a
  // replayed code revokes it, and the product then ends the session it made from it. Expiry of the
  // short-lived access token itself does not matter here (the product session has its own lifetime).
  app.post('/oauth/token-status', { preValidation: emptyBody, schema: { body: TokenStatusBody } }, async (request, reply) => {
    const body = formBody(request);
    const client = await authenticateClient(request, body);
    if (typeof client === 'string') return oauthError(reply, 401, 'invalid_client', client);
    const jti = body.jti ?? '';
    if (!/^[0-9a-f-]{36}$/i.test(jti)) return oauthError(reply, 400, 'invalid_request', 'jti is required');
    // the grant's account comes too: whether its address is confirmed (the product's sign-up credits wait for it)
    const user = await store.grantUser(jti, client.client_id);
    return reply.header('cache-control', 'no-store').send(user ? { active: true, email_verified: Boolean(user.email_verified_at) } : { active: false });
  });
}
