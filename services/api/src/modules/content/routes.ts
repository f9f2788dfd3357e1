/** Configuration and content calls of spec section 7, declared against the contract (defineCall). */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES } from 'shared-contracts';
import { abOverride, abPlan } from '../../ab-test.js';
import { defineCall } from '../../define-call.js';
import { ApiFailure } from '../../http.js';
import { countryOfRequest } from '../country/index.js';
import type { ModuleContext } from '../types.js';
import { cmsContent, decodeCmsPath } from './cms.js';
import { AbTestQuery, AdSchema, ClientQuery, CmsSchema, MarketingSchema, SystemConfigSchema } from './schemas.js';

const tags = ['content'];

/** System config, marketing placements and ads. */
export function placementRoutes(app: FastifyInstance, { db }: ModuleContext): void {
  defineCall(
    app,
    'GET /v1/common/system_config',
    { schema: { tags, summary: 'System configuration entries (code app: the Android and iOS download entries)', response: Type.Array(SystemConfigSchema) } },
    async () => (await db.query<{ code: string; value: string }>('SELECT code, value FROM system_config ORDER BY sort, code')).rows,
  );

  defineCall(
    app,
    'GET /v1/common/marketing',
    { schema: { tags, summary: 'Marketing placements (banner and pop-up) for a client', querystring: ClientQuery, response: Type.Array(MarketingSchema) } },
    async (request) => {
      const rows = await db.query<{ id: number; title: string; is_banner: boolean; is_pop: boolean; turn_url: string; image: string; discount: string }>(
        `SELECT id, title, is_banner, is_pop, turn_url, image, discount FROM marketing_items
         WHERE active AND client = $1 ORDER BY sort, id`,
        [request.query.client ?? ''],
      );
      return rows.rows;
    },
  );

  defineCall(
    app,
    'GET /v1/common/ad',
    { schema: { tags, summary: 'Ad items by module for a client', querystring: ClientQuery, response: Type.Array(AdSchema) } },
    async (request) => {
      const rows = await db.query<{ module: 'main_header' | 'studio_footer' | 'hooks_banner_mobile'; activity: string; turn_url: string; white_thumbnail: string }>(
        `SELECT module, activity, turn_url, white_thumbnail FROM ad_items WHERE active AND client = $1 ORDER BY sort, id`,
        [request.query.client ?? ''],
      );
      return rows.rows;
    },
  );
}

/** The caller's plan in an A/B test. */
export function abTestRoutes(app: FastifyInstance, { db, auth, config }: ModuleContext): void {
  defineCall(
    app,
    'GET /v1/common/ab-test',
    {
      preHandler: auth.optionalAuth,
      schema: {
        tags,
        summary: 'The plan of the caller in an A/B test: 1 variant A, 2 variant B, 0 default (test off, not applicable, or failure)',
        querystring: AbTestQuery,
        response: Type.Object({ plan: Type.Integer() }),
      },
    },
    async (request) => {
      const testCode = request.query.test_code;
      if (!testCode) throw new ApiFailure(400, API_CODES.BAD_REQUEST, 'Invalid request: querystring.test_code is required', { plan: 0 });
      const clientSn = request.headers['x-client-sn'];
      const subject =
        request.user?.uid || request.query.user_id || (typeof clientSn === 'string' && clientSn.length <= 128 ? clientSn : '') || null;
      const country = countryOfRequest(request, config);
      // QA: outside production a tester picks a plan (cookie or header ab_override: code=plan,...); nothing is recorded
      const override = abOverride(request, testCode, config.qaOverrides);
      if (override !== undefined) return { plan: override };
      try {
        const clientId = typeof clientSn === 'string' ? clientSn.slice(0, 128) : '';
        return { plan: await abPlan(db, testCode, subject, country, { clientId }) };
      } catch (error) {
        request.log.error({ err: error }, 'a/b test lookup failed; answering the default plan');
        return { plan: 0 };
      }
    },
  );
}

/** SEO content of a route. */
export function cmsRoutes(app: FastifyInstance, { db }: ModuleContext): void {
  defineCall(
    app,
    'GET /api/cms-data/{path}',
    {
      schema: {
        tags,
        summary: 'SEO content (tdk and head/content/bottom blocks) for a route; the path segment is the base64 of the route path',
        params: Type.Object({ '*': Type.String() }),
        response: CmsSchema,
      },
      tail: true,
    },
    async (request) => {
      const path = decodeCmsPath(request.params['*']);
      if (!path) throw new ApiFailure(400, API_CODES.BAD_REQUEST, 'Invalid request: the CMS path is not the base64 of a route path');
      return cmsContent(db, path);
    },
  );
  // GET /v1/common/prompt_sample and /v1/common/demo/list live in the discovery module (modules/discovery), which
  // pages the examples and signs the showcase's files; GET /v1/buy/sku-info in the billing module (modules/billing/sku-info.ts)
}
