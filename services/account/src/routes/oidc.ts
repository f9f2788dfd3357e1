/**
 * The account service as an OpenID Provider (OpenID Connect Discovery 1.0 and Core 1.0): the discovery
 * document at /.well-known/openid-configuration under the issuer, the JWKS of the ID tokens' key, and the
 * standard endpoints it names (authorize, token, userinfo: the service's own). An unmodified openid-client
 * signs in with the authorization code + PKCE (oidc.test.ts does exactly that).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccountContext } from './context.js';

export async function oidcRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { publicBase, signingKey } = ctx;

  const issuerOf = (request: FastifyRequest) => publicBase(request);

  app.get('/.well-known/openid-configuration', async (request, reply) => {
    const issuer = issuerOf(request);
    return reply.header('cache-control', 'public, max-age=300').send({
      issuer,
      authorization_endpoint: `${issuer}/oauth/authorize`,
      token_endpoint: `${issuer}/oauth/token`,
      userinfo_endpoint: `${issuer}/oauth/userinfo`,
      jwks_uri: `${issuer}/oauth/jwks`,
      end_session_endpoint: `${issuer}/logout`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'profile', 'email'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'email', 'email_verified', 'name', 'nickname', 'given_name', 'family_name', 'picture'],
    });
  });

  app.get('/oauth/jwks', async (_request, reply) => {
    const key = await signingKey();
    return reply.header('cache-control', 'public, max-age=300').send({ keys: [key.publicJwk] });
  });
}
