/**
 * The app's routes against the contract's calls (shared-contracts ApiCallMap), both ways: every call is served
 * (by defineCall, whose types hold its path, request and answer), and every route is a call or is named in
 * OUTSIDE_THE_CONTRACT below, with what it is. The calls are read from the contract's types by the compiler, so
 * a new call needs no second list.
 */
import path from 'node:path';
import ts from 'typescript';
import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { createHttpAccountClient } from './account-client';
import { testApiConfig } from './config';
import { defineCall, serverPathOf } from './define-call';
import { installEnvelopeHandlers, installNotFound } from './http';
import { loadBillingConfig } from './modules/billing/config';
import { apiPlugin } from './plugin';
import { StubAccountService, openTestDb, type TestDb } from '../test/helpers';

jest.setTimeout(120000);

/** Routes that are no call of the contract: pages, files, webhooks, probes and operators' tools. */
export const OUTSIDE_THE_CONTRACT: Record<string, string> = {
  'GET /health': 'the liveness and readiness probe',
  'GET /metrics': 'Prometheus metrics (METRICS_TOKEN)',
  'GET /developers': "the developer API's guide, an HTML page",
  'GET /v1/docs': 'Swagger UI (API_DOCS)',
  'GET /v1/docs/json': 'the OpenAPI document',
  'GET /v1/docs/yaml': 'the OpenAPI document',
  'GET /v1/docs/static/index.html': 'Swagger UI',
  'GET /v1/docs/static/swagger-initializer.js': 'Swagger UI',
  'GET /v1/docs/static/*': 'Swagger UI',
  'GET /v1/buy/checkout': 'the sandbox checkout page (HTML)',
  'GET /v1/buy/checkout/done': 'the page a checkout returns to (HTML)',
  'GET /v1/buy/checkout/notify.js': "the checkout page's script",
  'POST /v1/buy/checkout/pay': 'the sandbox checkout form',
  'POST /v1/buy/checkout/upgrade': "the sandbox checkout's upgrade form",
  'GET /v1/buy/receipt/:id': 'a receipt (HTML)',
  'POST /v1/buy/stripe/webhook': "Stripe's webhook (signed raw body)",
  'GET /v1/common/promo-art/:name': 'promotion art (SVG)',
  'POST /v1/qa/billing/run': 'QA outside production: the billing lifecycle at another moment',
  'POST /v1/account/events': "the account service's signed events",
  'GET /v1/ops/mail': 'operators: the mail outbox',
  'POST /v1/track': 'the collector of browser events (sendBeacon, not the ApiClient)',
  'GET /v1/track/mine': 'the events recorded about the caller (tests and support)',
  'PUT /v1/common/oss/upload/*': "an UploadGrant's upload_url (the file's bytes)",
  'GET /v1/common/oss/file/*': 'a stored file, by a signed link',
  'GET /v1/ai/download/zip': "a selection's zip, by the signed link POST /v1/ai/download/zip answers",
  'GET /v1/ai/tools/preview-file/:tool/:file': "a tool page's before-and-after files",
  'GET /v1/ai/tts/voice/:id/preview': "a TTS voice's spoken sample",
  'ANY /v1/*': 'the 404 envelope under /v1',
  'ANY /api/*': 'the 404 envelope under /api',
};

/** The call keys of ApiCallMap (its augmentations included), as the compiler reads the contract. */
export function contractCalls(): string[] {
  const entry = path.resolve(__dirname, '../../../shared-contracts/src/index.ts');
  const program = ts.createProgram([entry], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  });
  const checker = program.getTypeChecker();
  const calls = program.getSourceFile(path.resolve(__dirname, '../../../shared-contracts/src/calls.ts'));
  const map = calls?.statements.find((node): node is ts.InterfaceDeclaration => ts.isInterfaceDeclaration(node) && node.name.text === 'ApiCallMap');
  if (!map) throw new Error('ApiCallMap not found in shared-contracts/src/calls.ts');
  return checker.getPropertiesOfType(checker.getTypeAtLocation(map)).map((property) => property.getName());
}

/** What differs: contract calls no route serves, and routes that are neither a call nor named outside it. */
export function routeDifference(routes: readonly string[], calls: readonly string[], outside: Record<string, string>) {
  const served = new Set(routes);
  const callRoutes = new Map(calls.map((key) => [key, [serverPathOf(key), serverPathOf(key, { tail: /\}$/.test(key) })]] as const));
  const asRoute = (at: { method: string; url: string }) => `${at.method} ${at.url}`;
  const known = new Set([...Object.keys(outside), ...[...callRoutes.values()].flat().map(asRoute)]);
  return {
    unserved: calls.filter((key) => !callRoutes.get(key)!.some((at) => served.has(asRoute(at)))),
    outsideContract: routes.filter((route) => !known.has(route)),
  };
}

/**
 * The routes an app registers, one 'METHOD /url' each (HEAD, which Fastify adds for every GET, left out; a route
 * of every method, such as a 404 catch-all, as 'ANY /url').
 */
function recordRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (methods.length > 4) routes.push(`ANY ${route.url}`);
    else for (const method of methods) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  return routes;
}

/** The contract calls an app serves through defineCall (which marks each route with its call's key). */
function recordContractCalls(app: FastifyInstance): Set<string> {
  const served = new Set<string>();
  app.addHook('onRoute', (route) => {
    const key = route.config?.contractCall;
    if (key) served.add(key);
  });
  return served;
}

describe('the routes and the contract', () => {
  let testDb: TestDb;
  let account: StubAccountService;
  let app: FastifyInstance;
  let routes: string[];
  let throughDefineCall: Set<string>;
  const calls = contractCalls();

  beforeAll(async () => {
    testDb = await openTestDb();
    account = new StubAccountService();
    // Stripe payments, so that its webhook is registered too (nothing reaches Stripe: no call is made)
    const billing = loadBillingConfig({ NODE_ENV: 'test', PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_routes', STRIPE_WEBHOOK_SECRET: 'whsec_routes' });
    const config = testApiConfig({ accountInternalUrl: 'http://account.test/account', billing });
    app = Fastify({ logger: false });
    routes = recordRoutes(app);
    throughDefineCall = recordContractCalls(app);
    installEnvelopeHandlers(app);
    installNotFound(app);
    const accountClient = createHttpAccountClient({ baseUrl: config.accountInternalUrl, clientId: account.clientId, clientSecret: config.accountClientSecret, fetchImpl: account.fetch });
    await app.register(apiPlugin, { db: testDb.db, config, accountClient, holdSweepMs: 0 });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await account.app.close();
    await testDb.close();
  });

  it('reads every call of the contract, its augmentations included', () => {
    expect(calls).toEqual(expect.arrayContaining(['GET /api/cms-data/{path}', 'POST /v1/explore/review', 'GET /v1/developer/keys', 'POST /v1/ai/download/zip']));
    expect(calls.length).toBeGreaterThanOrEqual(73);
  });

  it('serves every call of the contract, and every other route is named outside it', () => {
    // an older client's GET of POST /v1/user (defineCall's alsoMethods) is the same call
    const difference = routeDifference(routes.filter((route) => route !== 'GET /v1/user'), calls, OUTSIDE_THE_CONTRACT);
    expect(difference).toEqual({ unserved: [], outsideContract: [] });
  });

  it('serves every call of the contract through defineCall, so its path, request and answer are held to the contract', () => {
    expect(calls.filter((call) => !throughDefineCall.has(call))).toEqual([]);
  });

  it('tells a call served by a plain route at its own path from one served through defineCall', async () => {
    const plain = Fastify({ logger: false });
    const marked = recordContractCalls(plain);
    plain.get('/v1/ai/tools/previews', async () => ({ previews: [] }));
    defineCall(plain, 'POST /v1/logout', { schema: { response: Type.Null() } }, async () => null);
    await plain.ready();
    expect(['GET /v1/ai/tools/previews', 'POST /v1/logout'].filter((call) => !marked.has(call))).toEqual(['GET /v1/ai/tools/previews']);
    await plain.close();
  });

  it('names no route outside the contract that the app does not have', () => {
    expect(Object.keys(OUTSIDE_THE_CONTRACT).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('fails on a call served outside the contract and on a call left unserved', async () => {
    const drifting = Fastify({ logger: false });
    const drifted = recordRoutes(drifting);
    // a call served with a plain route at a path the contract does not have (a typo of /v1/ai/cost/{algorithm})
    drifting.get('/v1/ai/costs/:algorithm', async () => ({}));
    defineCall(drifting, 'POST /v1/logout', { schema: { response: Type.Null() } }, async () => null);
    await drifting.ready();
    const difference = routeDifference(drifted, ['POST /v1/logout', 'GET /v1/ai/cost/{algorithm}'], {});
    expect(difference).toEqual({ unserved: ['GET /v1/ai/cost/{algorithm}'], outsideContract: ['GET /v1/ai/costs/:algorithm'] });
    await drifting.close();
  });
});
