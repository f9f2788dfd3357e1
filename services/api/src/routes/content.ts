/** Configuration and content calls: system config, marketing, ads, A/B tests, CMS, prompt samples, demos, skus. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES, CREDIT_FEATURE_CODE, type CmsResponse, type SkuItem } from 'shared-contracts';
import { abPlan, parseAbOverride } from '../ab-test.js';
import { countryOfRequest } from '../modules/country/index.js';
import { ApiFailure, ok, responses, type TypeBoxProvider } from '../http.js';
import type { ModuleContext } from '../modules/types.js';
import {
  AdSchema,
  CmsSchema,
  MarketingSchema,
  SkuInfoSchema,
  SystemConfigSchema,
} from '../schemas.js';
import type { SkuRow as CatalogueSkuRow } from '../catalogue.js';

const Client = Type.Union([Type.Literal(''), Type.Literal('wap')], { default: '', description: "'' desktop, 'wap' phone" });

/** Decodes the base64 (standard or URL-safe) route path of a CMS request into a normalised path. */
export function decodeCmsPath(encoded: string): string | null {
  const cleaned = decodeURIComponent(encoded).replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  if (!cleaned || !/^[A-Za-z0-9+/]+={0,2}$/.test(cleaned)) return null;
  const text = Buffer.from(cleaned, 'base64').toString('utf8');
  if (!text.startsWith('/') || text.length > 512 || /[\u0000-\u001f]/.test(text)) return null;
  const pathOnly = text.split(/[?#]/)[0];
  const trimmed = pathOnly.length > 1 ? pathOnly.replace(/\/+$/, '') : pathOnly;
  return trimmed.toLowerCase();
}

/** A sku row of the sku-info query: the seeded row (catalogue.ts) with its plan features; numerics may come back as text. */
type SkuQueryRow = Omit<CatalogueSkuRow, 'price' | 'original_price' | 'recommend_price' | 'sort'> & {
  price: number | string;
  original_price: number | string;
  recommend_price: number | string;
  currency: string;
  currency_symbol: string;
  buy_url: string;
  zero_buy_url: string;
  retention_promotion: boolean;
  retention_promotion_buy_url: string;
  watermark_free: boolean;
  ultra_hd: boolean;
  frame_interpolation: boolean;
  faster_generations: boolean;
  videos_at_once: number;
  unlimited_effects: boolean;
  monthly_credits: number;
};

function isProductionEnv(): boolean {
  return (process.env.APP_ENV ?? process.env.NODE_ENV) === 'production';
}

function cookieOrHeader(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name.replace(/_/g, '-')] ?? request.headers[name];
  if (typeof header === 'string') return header;
  const cookie = (request.headers.cookie ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name}=`));
  return cookie ? decodeURIComponent(cookie.slice(name.length + 1)) : undefined;
}

export async function contentRoutes(scope: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxProvider>();
  const { db, auth, config } = ctx;
  const tags = ['content'];

  app.get(
    '/v1/common/system_config',
    { schema: { tags, summary: 'System configuration entries (code app: the Android and iOS download entries)', response: responses(Type.Array(SystemConfigSchema)) } },
    async (request) => {
      const rows = await db.query<{ code: string; value: string }>('SELECT code, value FROM system_config ORDER BY sort, code');
      return ok(request, rows.rows);
    },
  );

  app.get(
    '/v1/common/marketing',
    {
      schema: {
        tags,
        summary: 'Marketing placements (banner and pop-up) for a client',
        querystring: Type.Object({ client: Type.Optional(Client) }),
        response: responses(Type.Array(MarketingSchema)),
      },
    },
    async (request) => {
      const rows = await db.query<{ id: number; title: string; is_banner: boolean; is_pop: boolean; turn_url: string; image: string; discount: string }>(
        `SELECT id, title, is_banner, is_pop, turn_url, image, discount FROM marketing_items
         WHERE active AND client = $1 ORDER BY sort, id`,
        [request.query.client ?? ''],
      );
      return ok(request, rows.rows);
    },
  );

  app.get(
    '/v1/common/ad',
    {
      schema: {
        tags,
        summary: 'Ad items by module for a client',
        querystring: Type.Object({ client: Type.Optional(Client) }),
        response: responses(Type.Array(AdSchema)),
      },
    },
    async (request) => {
      const rows = await db.query<{ module: 'main_header' | 'studio_footer' | 'hooks_banner_mobile'; activity: string; turn_url: string; white_thumbnail: string }>(
        `SELECT module, activity, turn_url, white_thumbnail FROM ad_items WHERE active AND client = $1 ORDER BY sort, id`,
        [request.query.client ?? ''],
      );
      return ok(request, rows.rows);
    },
  );

  app.get(
    '/v1/common/ab-test',
    {
      preHandler: auth.optionalAuth,
      schema: {
        tags,
        summary: 'The plan of the caller in an A/B test: 1 variant A, 2 variant B, 0 default (test off, not applicable, or failure)',
        querystring: Type.Object({
          test_code: Type.Optional(Type.String({ maxLength: 64 })),
          user_id: Type.Optional(Type.String({ maxLength: 128 })),
        }),
        response: responses(Type.Object({ plan: Type.Integer() })),
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
        if (override !== undefined) return ok(request, { plan: override });
      }
      try {
        const clientId = typeof clientSn === 'string' ? clientSn.slice(0, 128) : '';
        return ok(request, { plan: await abPlan(db, testCode, subject, country, { clientId }) });
      } catch (error) {
        request.log.error({ err: error }, 'a/b test lookup failed; answering the default plan');
        return ok(request, { plan: 0 });
      }
    },
  );

  app.get(
    '/api/cms-data/*',
    {
      schema: {
        tags,
        summary: 'SEO content (tdk and head/content/bottom blocks) for a route; the path segment is the base64 of the route path',
        params: Type.Object({ '*': Type.String() }),
        response: responses(CmsSchema),
      },
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
      return ok(request, answer);
    },
  );

  // GET /v1/common/prompt_sample and /v1/common/demo/list live in the discovery module (modules/discovery), which
  // pages the examples and signs the showcase's files

  app.get(
    '/v1/buy/sku-info',
    {
      schema: {
        tags: ['billing'],
        summary: 'The sku catalogue: memberships (Standard, Premium) and the credit plan lists (credits, credits10)',
        response: responses(SkuInfoSchema),
      },
    },
    async (request) => {
      const [skus, setting] = await Promise.all([
        db.query<SkuQueryRow>(
          `SELECT s.*, t.watermark_free, t.ultra_hd, t.frame_interpolation, t.faster_generations, t.videos_at_once,
             t.unlimited_effects, t.monthly_credits
           FROM skus s JOIN plan_tiers t ON t.tier = s.tier WHERE s.active ORDER BY s.kind, s.sort, s.sku_id`,
        ),
        db.query<{ value: unknown }>(`SELECT value FROM app_settings WHERE key = 'zero_buy_checked'`),
      ]);
      const zeroBuyChecked = setting.rows[0]?.value === true;
      const list: SkuItem[] = skus.rows.map((row) => ({
        sku_id: row.sku_id,
        sub_tpl_id: row.sub_tpl_id,
        sub_tpl_name: row.sub_tpl_name,
        plan: row.plan,
        period_unit: row.period_unit,
        period_val: row.period_val,
        price: Number(row.price),
        original_price: Number(row.original_price),
        recommend_price: Number(row.recommend_price),
        show_rec_price: row.show_rec_price,
        currency: row.currency,
        currency_symbol: row.currency_symbol,
        buy_url: row.buy_url,
        zero_buy: row.zero_buy,
        zero_buy_url: row.zero_buy_url,
        retention_promotion: row.retention_promotion,
        retention_promotion_buy_url: row.retention_promotion_buy_url,
        feature_code_list: [{ feature_code: CREDIT_FEATURE_CODE, sale_unit_value: row.credits }],
        isSubscription: row.is_subscription,
        buyZeroChecked: zeroBuyChecked && row.zero_buy && row.zero_buy_url !== '',
        extInfo: {
          tier: row.tier,
          watermark_free: row.watermark_free,
          ultra_hd: row.ultra_hd,
          frame_interpolation: row.frame_interpolation,
          faster_generations: row.faster_generations,
          videos_at_once: row.videos_at_once,
          unlimited_effects: row.unlimited_effects,
          monthly_credits: row.monthly_credits,
        },
        kind: row.kind,
      }));
      return ok(request, { sku_buy_list: list, zero_buy_checked: zeroBuyChecked });
    },
  );
}
