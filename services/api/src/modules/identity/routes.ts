/** The identity calls of spec section 7, declared against the contract (defineCall). */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES, CREDITS_10_FEATURE_CODE } from 'shared-contracts';
import { abOverride, abPlan } from '../../ab-test.js';
import { defineCall } from '../../define-call.js';
import { ApiFailure } from '../../http.js';
import type { ModuleContext } from '../types.js';
import { buildUser, loadUserView } from '../users/users.js';
import { FeatureCodesBody, OAuthTokenAnswer, OAuthTokenBody, UserSchema, VerifyRecordQuery } from './schemas.js';
import { exchangeProfile, headerCountry, signIn } from './sign-in.js';

const tags = ['identity'];
const security = [{ bearer: [] }];

/** POST /v1/oauth/token: the sign-in. */
export function signInRoutes(app: FastifyInstance, ctx: ModuleContext): void {
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
      const profile = await exchangeProfile(ctx, request.body, request.log);
      const { jwt, user, created } = await signIn(ctx, { profile, body: request.body, country: headerCountry(request, ctx.config) });
      request.log.info({ uid: user.uid, created }, 'signed in');
      return { jwt, user };
    },
  );
}

/** The signed-in session: renew, the user, logout. */
export function sessionRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db, auth, config } = ctx;
  defineCall(
    app,
    'GET /v1/token/renew',
    {
      preHandler: auth.authenticate,
      schema: { tags, security, summary: 'A fresh token for the current session', response: Type.Object({ jwt: Type.String() }) },
    },
    async (request) => ({ jwt: (await auth.renew(request.user!)).jwt }),
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
      // the "credits 10" plan lists (spec sections 6 and 9) go to variant B of their A/B test, as a feature code
      const credits10 =
        abOverride(request, CREDITS_10_FEATURE_CODE, config.qaOverrides) ??
        (await abPlan(db, CREDITS_10_FEATURE_CODE, caller.uid, view.country).catch((error: unknown) => {
          request.log.error({ err: error }, 'the credits-10 test could not be read; the default lists apply');
          return 0;
        }));
      if (credits10 === 2) view = { ...view, featureCodes: [...view.featureCodes, CREDITS_10_FEATURE_CODE] };
      return buildUser(view, { jwt: caller.jwt, sessionId: caller.sessionId, sessionIsNew: caller.sessionIsNew }, at);
    },
  );

  defineCall(
    app,
    'POST /v1/logout',
    { preHandler: auth.authenticate, schema: { tags, security, summary: 'Revoke the current session', response: Type.Null() } },
    async (request) => {
      await auth.revoke(request.user!.sessionId);
      request.log.info({ uid: request.user!.uid }, 'signed out');
      return null;
    },
  );
}

/** Feature codes and the verification record. */
export function recordRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const { db, auth } = ctx;
  defineCall(
    app,
    'POST /v1/feature-code/auth',
    {
      preHandler: auth.authenticate,
      schema: {
        tags,
        security,
        summary: "Feature codes the caller's active memberships grant, for the given product (sku) ids; all when pids is empty",
        body: FeatureCodesBody,
        response: Type.Object({ feature_codes: Type.Array(Type.String()) }),
      },
    },
    async (request) => {
      const result = await db.query<{ codes: string[] }>(
        `SELECT COALESCE(array_agg(DISTINCT fc ORDER BY fc), '{}'::text[]) AS codes
         FROM subscriptions s JOIN plan_tiers t ON t.level = s.level, unnest(t.feature_codes) AS fc
         WHERE s.user_id = $1 AND s.started_at <= now() AND s.expires_at > now()
           AND (cardinality($2::int[]) = 0 OR s.sku_id = ANY($2::int[]))`,
        [request.user!.uid, request.body.pids],
      );
      return { feature_codes: result.rows[0]?.codes ?? [] };
    },
  );

  defineCall(
    app,
    'GET /v1/verify/record',
    {
      preHandler: auth.optionalAuth,
      schema: { tags, summary: 'Record a verification event with its query parameters', querystring: VerifyRecordQuery, response: Type.Object({ recorded: Type.Boolean() }) },
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
