/** Identity calls of spec section 7: token exchange, renew, user info, logout, feature codes, verify record. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES } from 'shared-contracts';
import { AccountClientError, type ExchangedAccount } from '../account-client.js';
import type { ApiConfig } from '../config.js';
import { defineCall } from '../define-call.js';
import { ApiFailure } from '../http.js';
import type { ModuleContext } from '../modules/types.js';
import { OAuthTokenAnswer, OAuthTokenBody, UserSchema } from '../schemas.js';
import { networkCountry } from '../modules/country/index.js';
import { applySignupGrant, buildUser, loadUserView, upsertUserFromProfile } from '../users.js';

/** The visitor's country from the network: the trusted edge header (COUNTRY_HEADER) or the offline IP database, else ''. */
export function headerCountry(request: FastifyRequest, config: ApiConfig): string {
  return networkCountry(request, config);
}

function sentence(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/, '');
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}.`;
}

/** Turns the account service's refusal into an answer a person understands. */
export function accountFailure(error: AccountClientError): ApiFailure {
  switch (error.error) {
    case 'invalid_grant':
    case 'invalid_request':
    case 'invalid_scope':
    case 'unsupported_grant_type':
      return new ApiFailure(400, API_CODES.BAD_REQUEST, `Sign-in failed: ${sentence(error.description)} Please log in again.`, {
        reason: error.error,
      });
    case 'invalid_client':
    case 'unauthorized_client':
      return new ApiFailure(502, API_CODES.INTERNAL, "Sign-in is unavailable: the account service refused the product's client credentials.", {
        reason: error.error,
      });
    default:
      return new ApiFailure(502, API_CODES.INTERNAL, 'Sign-in is unavailable: the account service could not be reached. Please try again later.', {
        reason: 'unavailable',
      });
  }
}

export async function identityRoutes(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { db, ledger, auth, accountClient, config } = ctx;
  const tags = ['identity'];
  const security = [{ bearer: [] }];

  defineCall(
    app,
    'POST /v1/oauth/token',
    {
      schema: {
        tags,
        summary: 'Exchange an authorization code of the account service for a product token and the user',
        body: OAuthTokenBody,
        response: OAuthTokenAnswer,
      },
    },
    async (request) => {
      let profile: ExchangedAccount;
      try {
        profile = await accountClient.exchangeCode({
          code: request.body.code,
          codeVerifier: request.body.code_verifier,
          redirectUri: request.body.redirect_uri,
        });
      } catch (error) {
        if (error instanceof AccountClientError) {
          request.log.warn({ reason: error.error, status: error.status }, `token exchange refused: ${error.description}`);
          throw accountFailure(error);
        }
        throw error;
      }
      const at = new Date();
      const { user, session } = await db.transaction(async (tx) => {
        const user = await upsertUserFromProfile(tx, profile, {
          country: headerCountry(request, config),
          timezone: request.body.timezone,
          landingPage: request.body.landing_page,
          plan: request.body.plan,
          at,
        });
        const session = await auth.startSession(tx, { userId: user.id, wsId: user.wsId, isNew: user.created || profile.is_new, at, accountGrant: profile.grantId });
        return { user, session };
      });
      if (user.signupPending) await applySignupGrant(db, ledger, user, at);
      const view = await loadUserView(db, user.id, at);
      if (!view) throw new ApiFailure(500, API_CODES.INTERNAL, 'The user could not be loaded after sign-in');
      request.log.info({ uid: user.id, created: user.created }, 'signed in');
      return {
        jwt: session.jwt,
        user: buildUser(view, { jwt: session.jwt, sessionId: session.sessionId, sessionIsNew: user.created || profile.is_new }, at),
      };
    },
  );

  defineCall(
    app,
    'GET /v1/token/renew',
    {
      preHandler: auth.authenticate,
      schema: { tags, security, summary: 'A fresh token for the current session', response: Type.Object({ jwt: Type.String() }) },
    },
    async (request) => {
      const issued = await auth.renew(request.user!);
      return { jwt: issued.jwt };
    },
  );

  defineCall(
    app,
    'POST /v1/user',
    { preHandler: auth.authenticate, alsoMethods: ['GET'], schema: { tags, security, summary: 'The signed-in user (spec section 3)', response: UserSchema } },
    async (request) => {
      const caller = request.user!;
      const at = new Date();
      let view = await loadUserView(db, caller.uid, at);
      if (!view) throw new ApiFailure(401, API_CODES.SESSION_INVALID, 'The user no longer exists, please log in again');
      if (!view.country) {
        const country = headerCountry(request, config);
        if (country) {
          await db.query(`UPDATE users SET country = $2 WHERE id = $1 AND country = ''`, [caller.uid, country]);
          view = { ...view, country };
        }
      }
      return buildUser(view, { jwt: caller.jwt, sessionId: caller.sessionId, sessionIsNew: caller.sessionIsNew }, at);
    },
  );

  defineCall(
    app,
    'POST /v1/logout',
    {
      preHandler: auth.authenticate,
      schema: { tags, security, summary: 'Revoke the current session', response: Type.Null() },
    },
    async (request) => {
      await auth.revoke(request.user!.sessionId);
      request.log.info({ uid: request.user!.uid }, 'signed out');
      return null;
    },
  );

  defineCall(
    app,
    'POST /v1/feature-code/auth',
    {
      preHandler: auth.authenticate,
      schema: {
        tags,
        security,
        summary: "Feature codes the caller's active memberships grant, for the given product (sku) ids; all when pids is empty",
        body: Type.Object({ pids: Type.Array(Type.Integer(), { maxItems: 100 }) }),
        response: Type.Object({ feature_codes: Type.Array(Type.String()) }),
      },
    },
    async (request) => {
      const pids = request.body.pids;
      const result = await db.query<{ codes: string[] }>(
        `SELECT COALESCE(array_agg(DISTINCT fc ORDER BY fc), '{}'::text[]) AS codes
         FROM subscriptions s JOIN plan_tiers t ON t.level = s.level, unnest(t.feature_codes) AS fc
         WHERE s.user_id = $1 AND s.started_at <= now() AND s.expires_at > now()
           AND (cardinality($2::int[]) = 0 OR s.sku_id = ANY($2::int[]))`,
        [request.user!.uid, pids],
      );
      return { feature_codes: result.rows[0]?.codes ?? [] };
    },
  );

  defineCall(
    app,
    'GET /v1/verify/record',
    {
      preHandler: auth.optionalAuth,
      schema: {
        tags,
        summary: 'Record a verification event with its query parameters',
        querystring: Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 1024 }), { maxProperties: 32 }),
        response: Type.Object({ recorded: Type.Boolean() }),
      },
    },
    async (request) => {
      const params = Object.fromEntries(Object.entries(request.query).filter(([key]) => key !== '_t'));
      const clientSn = request.headers['x-client-sn'];
      await db.query('INSERT INTO verify_records (user_id, client_sn, params) VALUES ($1, $2, $3)', [
        request.user?.uid ?? null,
        typeof clientSn === 'string' ? clientSn.slice(0, 128) : '',
        JSON.stringify(params),
      ]);
      return { recorded: true };
    },
  );
}
