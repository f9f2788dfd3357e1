/** Configuration and content calls: system config, marketing, ads, A/B tests, CMS, prompt samples, demos. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES, type CmsResponse } from 'shared-contracts';
import { abPlan, parseAbOverride } from '../ab-test.js';
import { countryOfRequest } from '../modules/country/index.js';
import { defineCall } from '../define-call.js';
import { ApiFailure } from '../http.js';
import type { ModuleContext } from '../modules/types.js';
import {
  AdSchema,
  CmsSchema,
  MarketingSchema,
  SystemConfigSchema,
} from '../schemas.js';

const Client = Type.Union([Type.Literal(''), Type.Literal('wap')], { default: '', description: "'' desktop, 'wap' phone" });

/** Decodes the base64 (standard or URL-safe) route path of a CMS request into a normalised path. */
export function decodeCmsPath(encoded: string): string | null {
  const cleaned = decodeURIComponent(encoded).replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  if (!cleaned || !/^[A-Za-z0-9+/]+={0,2}$/.test(cleaned)) return null;
  const text = Buffer.from(cleaned, 'base64').toString('utf8');
  // control characters are what this refuses
  // eslint-disable-next-line no-control-regex
  if (!text.startsWith('/') || text.length > 512 || /[\u0000-\u001f]/.test(text)) return null;
  const pathOnly = text.split(/[?#]/)[0];
  const trimmed = pathOnly.length > 1 ? pathOnly.replace(/\/+$/, '') : pathOnly;
  return trimmed.toLowerCase();
}

function isProductionEnv(): boolean {
  return (process.env.APP_ENV ?? process.env.NODE_ENV) === 'production';
}

function cookieOrHeader(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name.replace(/_/g, '-')] ?? request.headers[name];
  if (typeof header === 'string') return header;
  const cookie = (request.headers.cookie ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name}=`));
  return cookie ? decodeURIComponent(cookie.slice(name.length + 1)) : undefined;
}

export async function contentRoutes(app: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const { db, auth, config } = ctx;
  const tags = ['content'];

  defineCall(
    app,
    'GET /v1/common/system_config',
    { schema: { tags, summary: 'System configuration entries (code app: the Android and iOS download entries)', response: Type.Array(SystemConfigSchema) } },
    async () => {
      const rows = await db.query<{ code: string; value: string }>('SELECT code, value FROM system_config ORDER BY sort, code');
      return rows.rows;
    },
  );

  defineCall(
    app,
    'GET /v1/common/marketing',
    {
      schema: {
        tags,
        summary: 'Marketing placements (banner and pop-up) for a client',
        querystring: Type.Object({ client: Type.Optional(Client) }),
        response: Type.Array(MarketingSchema),
      },
    },
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
    {
      schema: {
        tags,
        summary: 'Ad items by module for a client',
        querystring: Type.Object({ client: Type.Optional(Client) }),
        response: Type.Array(AdSchema),
      },
    },
    async (request) => {
      const rows = await db.query<{ module: 'main_header' | 'studio_footer' | 'hooks_banner_mobile'; activity: string; turn_url: string; white_thumbnail: string }>(
        `SELECT module, activity, turn_url, white_thumbnail FROM ad_items WHERE active AND client = $1 ORDER BY sort, id`,
        [request.query.client ?? ''],
      );
      return rows.rows;
    },
  );

  defineCall(
    app,
    'GET /v1/common/ab-test',
    {
      preHandler: auth.optionalAuth,
      schema: {
        tags,
        summary: 'The plan of the caller in an A/B test: 1 variant A, 2 variant B, 0 default (test off, not applicable, or failure)',
        querystring: Type.Object({
          test_code: Type.Optional(Type.String({ maxLength: 64 })),
          user_id: Type.Optional(Type.String({ maxLength: 128 })),
        }),
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
      if (!isProductionEnv()) {
        const override = parseAbOverride(cookieOrHeader(request, 'ab_override')).get(testCode);
        if (override !== undefined) return { plan: override };
      }
      try {
        const clientId = typeof clientSn === 'string' ? clientSn.slice(0, 128) : '';
        return { plan: await abPlan(db, testCode, subject, country, { clientId }) };
      } catch (error) {
        request.log.error({ err: error }, 'a/b test lookup failed; answering the default plan');
        return { plan: 0 };
      }
    },
  );

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
      // exact path first, then its parents (/text-to-video/cat -> /text-to-video), then / -> /home
      const candidates: string[] = [];
      for (let p = path; p.length > 0; p = p.slice(0, p.lastIndexOf('/'))) candidates.push(p);
      if (path === '/') candidates.push('/home');
      const rows = await db.query<{ path: string; title: string; description: string; keywords: string; head: string; content: string; bottom: string }>(
        `SELECT path, title, description, keywords, head, content, bottom FROM cms_pages WHERE path = ANY($1::text[])`,
        [candidates],
      );
      const page = candidates.map((c) => rows.rows.find((row) => row.path === c)).find(Boolean);
      const answer: CmsResponse = page
        ? {
            success: true,
            data: {
              tdk: { title: page.title, description: page.description, keywords: page.keywords },
              blocks: { head: page.head, content: page.content, bottom: page.bottom },
            },
            error: null,
          }
        : { success: false, data: null, error: `No content for ${path}` };
      return answer;
    },
  );

  // GET /v1/common/prompt_sample and /v1/common/demo/list live in the discovery module (modules/discovery), which
  // pages the examples and signs the showcase's files
  // GET /v1/buy/sku-info lives in the billing module (modules/billing/sku-info.ts)
}
