import type { AdItem, AppDownloadConfig, CmsResponse, MarketingItem, PromptSample, SkuItem, SystemConfigEntry } from 'shared-contracts';
import Fastify from 'fastify';
import { abBucket } from '../../ab-test';
import { apiPlugin } from '../../plugin';
import { decodeCmsPath } from './cms';
import { bearer, envelopeOf, makeProfile, startTestApi, type TestApi } from '../../../test/helpers';

// PGlite's start (WebAssembly) takes seconds on a busy 2-core machine
jest.setTimeout(120000);

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('configuration and content calls', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({ config: { trustProxy: true } });
  });
  afterAll(async () => api.close());

  describe('the envelope', () => {
    it('carries a trace id per request, honouring an incoming x-trace-id', async () => {
      const first = await api.app.inject({ method: 'GET', url: '/v1/common/system_config' });
      const second = await api.app.inject({ method: 'GET', url: '/v1/common/system_config' });
      const a = envelopeOf(first);
      expect(a.trace_id).toBe(first.headers['x-trace-id']);
      expect(a.trace_id).not.toBe(envelopeOf(second).trace_id);
      const traced = await api.app.inject({ method: 'GET', url: '/v1/common/system_config', headers: { 'x-trace-id': 'abc-123' } });
      expect(envelopeOf(traced).trace_id).toBe('abc-123');
      // a header that does not look like an id is not echoed
      const odd = await api.app.inject({ method: 'GET', url: '/v1/common/system_config', headers: { 'x-trace-id': '<script>' } });
      expect(envelopeOf(odd).trace_id).not.toBe('<script>');
    });

    it('answers unknown paths under /v1 and /api with a 404 envelope', async () => {
      for (const [method, url] of [
        ['GET', '/v1/nope'],
        ['POST', '/v1/common/system_config'],
        ['GET', '/api/nothing/here'],
        ['DELETE', '/v1/user'],
      ] as const) {
        const response = await api.app.inject({ method, url });
        expect(response.statusCode).toBe(404);
        expect(envelopeOf(response)).toMatchObject({ code: 404, msg: `Not found: ${method} ${url}`, data: null });
        expect(typeof envelopeOf(response).trace_id).toBe('string');
      }
    });

    it('keeps its 404 envelope when the host app has a wildcard route of its own (a static file server)', async () => {
      const host = Fastify({ logger: false });
      host.get('/*', async () => 'the single-page app');
      await host.register(apiPlugin, { db: api.db, config: api.config, accountClient: api.ctx.accountClient, skipMigrations: true, holdSweepMs: 0 });
      const missing = await host.inject({ method: 'GET', url: '/v1/nope' });
      expect(missing.statusCode).toBe(404);
      expect(envelopeOf(missing)).toMatchObject({ code: 404, msg: 'Not found: GET /v1/nope' });
      expect((await host.inject({ method: 'GET', url: '/api/x' })).statusCode).toBe(404);
      expect(envelopeOf(await host.inject({ method: 'GET', url: '/v1/common/system_config' })).code).toBe(0);
      expect((await host.inject({ method: 'GET', url: '/pricing' })).body).toBe('the single-page app');
      await host.close();
    });

    it('serves the OpenAPI document and Swagger UI at /v1/docs', async () => {
      const doc = await api.app.inject({ method: 'GET', url: '/v1/docs/json' });
      expect(doc.statusCode).toBe(200);
      const spec = doc.json() as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
      expect(spec.openapi).toMatch(/^3\./);
      for (const path of [
        '/v1/oauth/token',
        '/v1/user',
        '/v1/token/renew',
        '/v1/logout',
        '/v1/feature-code/auth',
        '/v1/verify/record',
        '/v1/common/system_config',
        '/v1/common/marketing',
        '/v1/common/ad',
        '/v1/common/ab-test',
        '/api/cms-data/*',
        '/v1/common/prompt_sample',
        '/v1/common/demo/list',
        '/v1/buy/sku-info',
        '/v1/credits/transactions',
      ]) {
        expect(Object.keys(spec.paths)).toContain(path.replace('/*', '/{*}'));
      }
      expect(spec.paths['/v1/user'].post.responses).toHaveProperty('200');
      expect(Object.keys(spec.paths)).not.toContain('/v1/{*}');
      const ui = await api.app.inject({ method: 'GET', url: '/v1/docs/' });
      expect([200, 302]).toContain(ui.statusCode);
    });
  });

  it('GET /v1/common/system_config has the app entry with android and ios', async () => {
    const body = envelopeOf<SystemConfigEntry[]>(await api.app.inject({ method: 'GET', url: '/v1/common/system_config?_t=1' }));
    expect(body.code).toBe(0);
    const app = body.data.find((entry) => entry.code === 'app');
    const config = JSON.parse(app!.value) as AppDownloadConfig;
    expect(config.android).toEqual({ status: expect.any(Number), download_code: expect.any(String), download_link: expect.any(String) });
    expect(config.ios).toEqual({ status: expect.any(Number), download_code: expect.any(String), download_link: expect.any(String) });
  });

  it('GET /v1/common/marketing and /v1/common/ad answer per client', async () => {
    const desktop = envelopeOf<MarketingItem[]>(await api.app.inject({ method: 'GET', url: '/v1/common/marketing?client=' }));
    expect(desktop.data.some((item) => item.is_banner)).toBe(true);
    expect(desktop.data.some((item) => item.is_pop)).toBe(true);
    const phone = envelopeOf<MarketingItem[]>(await api.app.inject({ method: 'GET', url: '/v1/common/marketing?client=wap' }));
    expect(phone.data.every((item) => !item.is_banner)).toBe(true);

    const ads = envelopeOf<AdItem[]>(await api.app.inject({ method: 'GET', url: '/v1/common/ad?client=' }));
    expect(ads.data.map((ad) => ad.module).sort()).toEqual(['main_header', 'studio_footer']);
    const wapAds = envelopeOf<AdItem[]>(await api.app.inject({ method: 'GET', url: '/v1/common/ad?client=wap' }));
    // every placement has its art; an empty target opens the purchase dialog
    expect(wapAds.data).toEqual([{ module: 'hooks_banner_mobile', activity: '3_days_free', turn_url: '', white_thumbnail: '/v1/common/promo-art/gift.svg' }]);

    const bad = await api.app.inject({ method: 'GET', url: '/v1/common/ad?client=tv' });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad).code).toBe(400);
    expect(envelopeOf(bad).msg).toMatch(/^Invalid request: querystring\.client/);
  });

  describe('GET /v1/common/ab-test', () => {
    it('buckets stably by test code and user id: plan 1 or 2', async () => {
      const plans = new Set<number>();
      for (let i = 0; i < 20; i += 1) {
        const url = `/v1/common/ab-test?test_code=ai_price_upgrade&user_id=user-${i}`;
        const first = envelopeOf<{ plan: number }>(await api.app.inject({ method: 'GET', url })).data.plan;
        const again = envelopeOf<{ plan: number }>(await api.app.inject({ method: 'GET', url })).data.plan;
        expect(again).toBe(first);
        expect(first).toBe(abBucket('ai_price_upgrade', `user-${i}`));
        plans.add(first);
      }
      expect([...plans].sort()).toEqual([1, 2]);
    });

    it('uses the signed-in user over user_id, and the client id when neither is given', async () => {
      const { jwt, uid } = await api.signIn(makeProfile({ country: 'US' }));
      const signedIn = await api.app.inject({ method: 'GET', url: '/v1/common/ab-test?test_code=cart_iframe&user_id=someone-else', headers: bearer(jwt) });
      expect(envelopeOf<{ plan: number }>(signedIn).data.plan).toBe(abBucket('cart_iframe', uid));
      const byClient = await api.app.inject({ method: 'GET', url: '/v1/common/ab-test?test_code=cart_iframe', headers: { 'x-client-sn': 'client-42' } });
      expect(envelopeOf<{ plan: number }>(byClient).data.plan).toBe(abBucket('cart_iframe', 'client-42'));
    });

    it('answers plan 0 for an unknown test, nobody to bucket, or free_trial outside its countries', async () => {
      const unknown = await api.app.inject({ method: 'GET', url: '/v1/common/ab-test?test_code=no_such_test&user_id=u1' });
      expect(envelopeOf(unknown)).toMatchObject({ code: 0, data: { plan: 0 } });
      const nobody = await api.app.inject({ method: 'GET', url: '/v1/common/ab-test?test_code=cart_iframe' });
      expect(envelopeOf(nobody).data).toEqual({ plan: 0 });
      const japan = await api.app.inject({ method: 'GET', url: '/v1/common/ab-test?test_code=free_trial&user_id=u1', headers: { 'cf-ipcountry': 'JP' } });
      expect(envelopeOf(japan).data).toEqual({ plan: 0 });
      const usa = await api.app.inject({ method: 'GET', url: '/v1/common/ab-test?test_code=free_trial&user_id=u1', headers: { 'cf-ipcountry': 'US' } });
      expect(envelopeOf(usa).data).toEqual({ plan: abBucket('free_trial', 'u1') });
      const missing = await api.app.inject({ method: 'GET', url: '/v1/common/ab-test' });
      expect(missing.statusCode).toBe(400);
      expect(envelopeOf(missing)).toMatchObject({ code: 400, data: { plan: 0 } });
    });
  });

  describe('GET /api/cms-data/{base64 path}', () => {
    it('answers tdk and blocks for a route, falling back to the parent route', async () => {
      const home = envelopeOf<CmsResponse>(await api.app.inject({ method: 'GET', url: `/api/cms-data/${b64('/home')}` }));
      expect(home.code).toBe(0);
      expect(home.data.success).toBe(true);
      expect(home.data.error).toBeNull();
      expect(home.data.data!.tdk.title).toMatch(/AI Video Generator/);
      expect(home.data.data!.blocks.content).toContain('<!-- cms:start -->');
      const semantic = envelopeOf<CmsResponse>(await api.app.inject({ method: 'GET', url: `/api/cms-data/${encodeURIComponent(b64('/text-to-video/cinematic?x=1'))}` }));
      expect(semantic.data.data!.tdk.title).toMatch(/^Text to Video/);
      // base64 that contains '/' still routes
      const slashy = b64('/ai-tools/bg-remover');
      const tool = envelopeOf<CmsResponse>(await api.app.inject({ method: 'GET', url: `/api/cms-data/${slashy}` }));
      expect(tool.data.data!.tdk.title).toMatch(/Background Remover/);
      const urlSafe = envelopeOf<CmsResponse>(
        await api.app.inject({ method: 'GET', url: `/api/cms-data/${slashy.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}` }),
      );
      expect(urlSafe.data.success).toBe(true);
    });

    it('says when a route has no content, and refuses what is not a base64 path', async () => {
      const none = envelopeOf<CmsResponse>(await api.app.inject({ method: 'GET', url: `/api/cms-data/${b64('/libraries')}` }));
      expect(none).toMatchObject({ code: 0, data: { success: false, data: null, error: 'No content for /libraries' } });
      const bad = await api.app.inject({ method: 'GET', url: '/api/cms-data/%%%' });
      expect(bad.statusCode).toBe(400);
      expect(decodeCmsPath(b64('not-a-path'))).toBeNull();
      expect(decodeCmsPath(b64('/Home/'))).toBe('/home');
    });
  });

  it('GET /v1/common/prompt_sample and demo/list answer by key', async () => {
    const samples = envelopeOf<PromptSample[]>(await api.app.inject({ method: 'GET', url: '/v1/common/prompt_sample?key=text2video' }));
    expect(samples.data.length).toBeGreaterThanOrEqual(5);
    expect(samples.data[0]).toEqual({ id: expect.any(Number), prompt: expect.any(String), thumbnail: expect.any(String) });
    const none = envelopeOf<PromptSample[]>(await api.app.inject({ method: 'GET', url: '/v1/common/prompt_sample?key=nothing' }));
    expect(none.data).toEqual([]);
    const missing = await api.app.inject({ method: 'GET', url: '/v1/common/prompt_sample' });
    expect(envelopeOf(missing)).toMatchObject({ code: 400, msg: 'Invalid request: querystring.key is required' });
    await api.db.query(`INSERT INTO demo_items (key, title, media, url) VALUES ('text2video', 'A demo', 'video', '/media/demo.mp4')`);
    const demos = envelopeOf(await api.app.inject({ method: 'GET', url: '/v1/common/demo/list?key=text2video' }));
    expect(demos.data).toEqual([{ id: expect.any(Number), title: 'A demo', media: 'video', url: '/media/demo.mp4', thumbnail: '' }]);
  });

  it('GET /v1/buy/sku-info answers the sku catalogue with tiers and the credit plan lists', async () => {
    const body = envelopeOf<{ sku_buy_list: SkuItem[]; zero_buy_checked: boolean }>(await api.app.inject({ method: 'GET', url: '/v1/buy/sku-info' }));
    expect(body.code).toBe(0);
    expect(body.data.zero_buy_checked).toBe(false);
    const byId = new Map(body.data.sku_buy_list.map((sku) => [sku.sku_id, sku]));
    expect(byId.get(24109013)?.extInfo.tier).toBe('STANDARD');
    expect(byId.get(24109014)?.extInfo.tier).toBe('STANDARD');
    expect(byId.get(24109015)?.extInfo.tier).toBe('PREMIUM');
    expect(byId.get(24109016)).toMatchObject({ kind: 'membership', isSubscription: true, period_unit: 'year', extInfo: { tier: 'PREMIUM', faster_generations: true, videos_at_once: 5, monthly_credits: 500 } });
    expect(byId.get(24109013)?.extInfo).toMatchObject({ watermark_free: true, videos_at_once: 3, faster_generations: false, monthly_credits: 100 });

    const credits = (kind: SkuItem['kind'], unit: string) =>
      body.data.sku_buy_list
        .filter((sku) => sku.kind === kind && sku.period_unit === unit)
        .map((sku) => sku.feature_code_list.find((f) => f.feature_code === 'MI-Credits-2024')?.sale_unit_value);
    expect(credits('credits', 'month')).toEqual([100, 200, 300, 500]);
    expect(credits('credits', 'year')).toEqual([100, 200, 500, 1000, 2000]);
    expect(credits('credits', 'week')).toEqual([25, 50]);
    expect(credits('credits10', 'month')).toEqual([10, 25, 50, 100, 200, 300, 500]);
    expect(credits('credits10', 'year')).toEqual([10, 50, 100, 200, 500, 1000, 2000]);
    const yearly = body.data.sku_buy_list.find((sku) => sku.kind === 'credits' && sku.period_unit === 'year');
    expect(yearly?.isSubscription).toBe(false);
    // the highest discount is the premium yearly plan (section 9)
    const discount = (sku: SkuItem) => (sku.original_price - sku.price) / sku.original_price;
    const memberships = body.data.sku_buy_list.filter((sku) => sku.kind === 'membership' && sku.sku_id !== 24149003);
    expect(memberships.reduce((best, sku) => (discount(sku) > discount(best) ? sku : best)).sku_id).toBe(24109016);
    // India's highest-discount sku (section 9), shown there instead of 24109016
    expect(byId.get(24149003)).toMatchObject({ kind: 'membership', period_unit: 'year', extInfo: { tier: 'PREMIUM' } });
    expect(byId.get(24109013)?.buy_url).toBe('/v1/buy/checkout');
  });
});
