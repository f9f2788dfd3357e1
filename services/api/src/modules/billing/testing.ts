/** Test harness of the billing module: the API with only this module, a movable clock, and a buyer. */
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { User } from 'shared-contracts';
import { createHttpAccountClient, type AccountProfile } from '../../account-client';
import { testApiConfig } from '../../config';
import { buildApiApp } from '../../plugin';
import type { ModuleContext } from '../types';
import { StubAccountService, envelopeOf, makeProfile, type TestDb } from '../../../test/helpers';
import { billingModule } from './index';

export interface BillingHarness {
  app: FastifyInstance;
  ctx: ModuleContext;
  clock: { now: Date };
  signIn(profile?: Partial<AccountProfile>): Promise<Buyer>;
  close(): Promise<void>;
}

export interface Buyer {
  uid: string;
  jwt: string;
  headers: Record<string, string>;
  cookie: Record<string, string>;
  user(): Promise<User>;
  balance(): Promise<number>;
  /** opens the sandbox checkout of a sku and pays with a card; answers the final page */
  buy(skuId: number, card?: string, options?: { zeroBuy?: boolean; sid?: string; exp?: string }): Promise<{ status: number; body: string }>;
  /** opens the checkout of a sku (one click) and answers the page */
  open(skuId: number, options?: { zeroBuy?: boolean; sid?: string }): Promise<{ status: number; body: string; orderId: string | null }>;
}

export async function startBillingHarness(testDb: TestDb, options: { stripe?: Stripe; webhookSecret?: string } = {}): Promise<BillingHarness> {
  const account = new StubAccountService();
  const config = testApiConfig({ accountInternalUrl: 'http://account.test/account' });
  const clock = { now: new Date() };
  let ctx: ModuleContext | null = null;
  const module = billingModule({
    now: () => clock.now,
    stripe: options.stripe,
    config: options.stripe
      ? { payments: 'stripe', stripeSecretKey: 'sk_test_offline', stripeWebhookSecret: options.webhookSecret ?? '', scheduler: false }
      : { payments: 'sandbox', scheduler: false },
  });
  const app = await buildApiApp({
    db: testDb.db,
    config,
    accountClient: createHttpAccountClient({ baseUrl: config.accountInternalUrl, clientId: account.clientId, clientSecret: config.accountClientSecret, fetchImpl: account.fetch }),
    logger: false,
    holdSweepMs: 0,
    modules: [module],
    onReady: (built) => {
      ctx = built;
    },
  });
  await app.ready();
  let sidCounter = 0;
  return {
    app,
    ctx: ctx as unknown as ModuleContext,
    clock,
    async signIn(overrides = {}) {
      const profile = makeProfile(overrides);
      const response = await app.inject({ method: 'POST', url: '/v1/oauth/token', payload: account.issue(profile) });
      const jwt = envelopeOf<{ jwt: string }>(response).data.jwt;
      const headers = { authorization: `Bearer ${jwt}` };
      const cookie = { studio_token: jwt };
      const buyer: Buyer = {
        uid: profile.id,
        jwt,
        headers,
        cookie,
        async user() {
          return envelopeOf<User>(await app.inject({ method: 'POST', url: '/v1/user', headers })).data;
        },
        balance: () => (ctx as unknown as ModuleContext).ledger.balance(profile.id, clock.now),
        async open(skuId, openOptions = {}) {
          sidCounter += 1;
          const sid = openOptions.sid ?? `sid-${Date.now()}-${sidCounter}`;
          const page = await app.inject({
            method: 'GET',
            url: `/v1/buy/checkout?cartItem=${skuId}&source=dialog&sid=${sid}${openOptions.zeroBuy ? '&zero_buy=1' : ''}`,
            cookies: cookie,
          });
          return { status: page.statusCode, body: page.body, orderId: /name="order_id" value="([^"]+)"/.exec(page.body)?.[1] ?? null };
        },
        async buy(skuId, card = '4242 4242 4242 4242', buyOptions = {}) {
          sidCounter += 1;
          const sid = buyOptions.sid ?? `sid-${Date.now()}-${sidCounter}`;
          const page = await app.inject({
            method: 'GET',
            url: `/v1/buy/checkout?cartItem=${skuId}&source=dialog&sid=${sid}${buyOptions.zeroBuy ? '&zero_buy=1' : ''}`,
            cookies: cookie,
          });
          const orderId = /name="order_id" value="([^"]+)"/.exec(page.body)?.[1];
          const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1];
          if (!orderId || !csrf) return { status: page.statusCode, body: page.body };
          const paid = await app.inject({
            method: 'POST',
            url: '/v1/buy/checkout/pay',
            cookies: cookie,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: new URLSearchParams({ order_id: orderId, csrf, card, exp: buyOptions.exp ?? '12/34', cvc: '123' }).toString(),
          });
          return { status: paid.statusCode, body: paid.body };
        },
      };
      return buyer;
    },
    async close() {
      await app.close();
      await account.app.close();
    },
  };
}
