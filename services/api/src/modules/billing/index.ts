/**
 * The shop (issue 10): sku-info and trade-info, the sandbox's hosted checkout or Stripe Checkout behind
 * one PaymentProvider, the Stripe webhook, memberships (list, cancel at period end, money-back refund)
 * and the lifecycle job on the queue. Fulfilment (orders.ts) is the only path that grants.
 */
import path from 'node:path';
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES, MONEY_BACK_DAYS, type MembershipItem } from 'shared-contracts';
import { bearerOf, type AuthUser } from '../../auth.js';
import { ApiFailure, ok, responses, type TypeBoxProvider } from '../../http.js';
import { SkuInfoSchema } from '../../schemas.js';
import type { ApiModuleDefinition, ApiModulePlugin, ModuleContext } from '../types.js';
import { applyBillingCatalogue } from './catalogue/apply.js';
import { checkoutPage, messagePage } from './checkout-page.js';
import { loadBillingConfig, type BillingConfig } from './config.js';
import { cancelCreditPlan, listCreditPlans } from './credit-plans.js';
import { MembershipError, cancelMembership, listMemberships, runBillingLifecycle } from './memberships.js';
import {
  PurchaseRefused,
  applyRefund,
  checkoutOrderOf,
  fulfilOrder,
  openOrder,
  recordDeclined,
  refundableError,
  tradeInfo,
  type OrderRow,
} from './orders.js';
import { PROMO_ART_SVG } from './promo-art.js';
import { CARD_MESSAGES, createSandboxProvider, sandboxCardOutcome, type PaymentProvider } from './provider.js';
import { startLifecycleSchedule } from './scheduler.js';
import { skuInfo } from './sku-info.js';
import { WebhookRefused, createStripeProvider, handleStripeWebhook } from './stripe.js';

/** The shell's token cookie (shell/src/session/session-store.ts): the checkout tab is a plain page load. */
const TOKEN_COOKIE = 'studio_token';
const SID = /^[A-Za-z0-9_-]{8,64}$/;

export interface BillingModuleOptions {
  config?: Partial<BillingConfig>;
  /** a Stripe client (tests pass one with a dummy key: nothing leaves the machine) */
  stripe?: Stripe;
  now?: () => Date;
}

function cookieToken(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE && rest.length) return decodeURIComponent(rest.join('='));
  }
  return null;
}

const MembershipSchema = Type.Object({
  id: Type.Integer(),
  sku_id: Type.Integer(),
  name: Type.String(),
  level: Type.Union([Type.Literal('standard'), Type.Literal('premium')]),
  period_unit: Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('year')]),
  status: Type.Union(['trialing', 'active', 'scheduled', 'expired', 'refunded', 'converted'].map((s) => Type.Literal(s))),
  is_trial: Type.Boolean(),
  started_at: Type.Integer(),
  expires_at: Type.Integer(),
  auto_renew: Type.Boolean(),
  cancel_at_period_end: Type.Boolean(),
  order_id: Type.Union([Type.String(), Type.Null()]),
  refundable: Type.Boolean(),
});

function money(symbol: string, amount: number): string {
  return `${symbol}${amount.toFixed(2)}`;
}

export function billingPlugin(options: BillingModuleOptions = {}): ApiModulePlugin {
  return async (scope: FastifyInstance, ctx: ModuleContext) => {
    const { db, ledger, auth, config: apiConfig } = ctx;
    const config = { ...loadBillingConfig(), ...options.config };
    const clock = options.now ?? (() => new Date());
    const stripe = config.payments === 'stripe' ? (options.stripe ?? new Stripe(config.stripeSecretKey)) : null;
    const provider: PaymentProvider = stripe ? createStripeProvider(stripe) : createSandboxProvider();
    await applyBillingCatalogue(db);
    const app = scope.withTypeProvider<TypeBoxProvider>();
    const tags = ['billing'];
    const security = [{ bearer: [] }];
    const sign = (orderId: string, uid: string) => createHmac('sha256', apiConfig.jwtSecret).update(`checkout:${orderId}:${uid}`).digest('base64url');

    async function caller(request: FastifyRequest): Promise<AuthUser | null> {
      const jwt = bearerOf(request) ?? cookieToken(request.headers.cookie);
      if (!jwt) return null;
      try {
        return await auth.verify(jwt);
      } catch {
        return null;
      }
    }

    if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
      scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
    }

    app.get('/v1/buy/sku-info', { schema: { tags, summary: 'The sku catalogue with its buy URLs (memberships and credit lists)', response: responses(SkuInfoSchema) } }, async (request) =>
      ok(request, await skuInfo(db, '')),
    );

    app.get(
      '/v1/buy/trade-info',
      {
        preHandler: auth.authenticate,
        schema: {
          tags,
          security,
          summary: "The caller's orders paid in the last time_before seconds (the purchase poll)",
          querystring: Type.Object({ time_before: Type.Integer({ minimum: 1, maximum: 86400 }) }),
          response: responses(Type.Object({ total: Type.Integer(), list: Type.Array(Type.Object({ order_id: Type.String(), sku_id_list: Type.Array(Type.Integer()), created_at: Type.Integer() })) })),
        },
      },
      async (request) => ok(request, await tradeInfo(db, request.user!.uid, request.query.time_before, clock())),
    );

    app.get('/v1/buy/subscriptions', { preHandler: auth.authenticate, schema: { tags, security, summary: "The caller's memberships", response: responses(Type.Array(MembershipSchema)) } }, async (request) =>
      ok(request, await listMemberships(db, request.user!.uid, clock())),
    );

    app.post(
      '/v1/buy/subscription/cancel',
      { preHandler: auth.authenticate, schema: { tags, security, summary: 'Cancel at period end', body: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: responses(MembershipSchema) } },
      async (request) => {
        try {
          const item: MembershipItem = await cancelMembership(db, provider, request.user!.uid, request.body.id, clock());
          return ok(request, item);
        } catch (error) {
          if (error instanceof MembershipError) throw new ApiFailure(409, API_CODES.CONFLICT, error.message);
          throw error;
        }
      },
    );

    app.get(
      '/v1/buy/credit-plans',
      {
        preHandler: auth.authenticate,
        schema: {
          tags,
          security,
          summary: "The caller's weekly and monthly credit plans",
          response: responses(Type.Array(Type.Object({ id: Type.Integer(), sku_id: Type.Integer(), name: Type.String(), credits: Type.Integer(), period_unit: Type.Union([Type.Literal('week'), Type.Literal('month')]), status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('refunded')]), expires_at: Type.Integer(), cancel_at_period_end: Type.Boolean() }))),
        },
      },
      async (request) => ok(request, await listCreditPlans(db, request.user!.uid)),
    );

    app.post(
      '/v1/buy/credit-plan/cancel',
      { preHandler: auth.authenticate, schema: { tags, security, summary: 'Cancel a credit plan at period end', body: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: responses(Type.Object({ cancelled: Type.Boolean() })) } },
      async (request) => {
        if (!(await cancelCreditPlan(db, request.user!.uid, request.body.id))) throw new ApiFailure(409, API_CODES.CONFLICT, 'No running credit plan with this id.');
        return ok(request, { cancelled: true });
      },
    );

    app.post(
      '/v1/buy/refund',
      {
        preHandler: auth.authenticate,
        schema: {
          tags,
          security,
          summary: `The ${MONEY_BACK_DAYS}-day money-back refund of one of the caller's orders`,
          body: Type.Object({ order_id: Type.String({ format: 'uuid' }) }),
          response: responses(Type.Object({ order_id: Type.String(), status: Type.Union([Type.Literal('refunded'), Type.Literal('refund_requested')]), credits_taken_back: Type.Integer() })),
        },
      },
      async (request) => {
        const at = clock();
        const found = await db.query<OrderRow>('SELECT * FROM billing_orders WHERE id = $1', [request.body.order_id]);
        const refusal = refundableError(found.rows[0], request.user!.uid, at);
        if (refusal) throw new ApiFailure(409, API_CODES.CONFLICT, refusal);
        const payment = await db.query<{ provider_ref: string | null }>(
          `SELECT provider_ref FROM billing_payments WHERE order_id = $1 AND kind = 'charge' AND status = 'succeeded' ORDER BY created_at LIMIT 1`,
          [request.body.order_id],
        );
        const result = await provider.refund({ orderId: request.body.order_id, paymentRef: payment.rows[0]?.provider_ref ?? null, amount: Number(found.rows[0].amount) });
        if (result === 'requested') return ok(request, { order_id: request.body.order_id, status: 'refund_requested' as const, credits_taken_back: 0 });
        const applied = await applyRefund(db, request.body.order_id, at);
        return ok(request, { order_id: request.body.order_id, status: 'refunded' as const, credits_taken_back: applied.taken });
      },
    );

    app.get('/v1/common/promo-art/:name', { schema: { tags, summary: 'Promotion art (SVG)', params: Type.Object({ name: Type.String({ maxLength: 40 }) }) } }, async (request, reply) => {
      const art = PROMO_ART_SVG[request.params.name.replace(/\.svg$/, '')];
      if (!art) throw new ApiFailure(404, API_CODES.NOT_FOUND, 'No such image');
      return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(art);
    });

    // the checkout: a page in its own tab, so its answers are HTML, not the envelope
    app.get('/v1/buy/checkout', { schema: { hide: true } }, async (request, reply) => {
      const query = request.query as Record<string, string | undefined>;
      const html = (status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
      const skuId = Number(query.cartItem);
      const sid = query.sid ?? '';
      if (!Number.isInteger(skuId) || skuId <= 0 || !SID.test(sid)) {
        return html(400, messagePage('This checkout link is incomplete', 'Start the purchase again from the studio.'));
      }
      const user = await caller(request);
      if (!user) return html(401, messagePage('Please sign in first', 'Sign in to the studio in your other tab, then start the purchase again.'));
      try {
        const { order, sku } = await openOrder(db, { userId: user.uid, skuId, sessionId: sid, source: query.source ?? '', zeroBuy: query.zero_buy === '1', provider: provider.name, at: clock() });
        if (order.status === 'paid') return html(200, messagePage('Successful purchase', 'This purchase is complete.', true));
        if (order.status !== 'pending') return html(409, messagePage('This order is closed', 'Start the purchase again from the studio.'));
        const email = (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [user.uid])).rows[0]?.email ?? '';
        const checkout = checkoutOrderOf(order, sku, email);
        if (provider.name === 'stripe') {
          const base = apiConfig.publicUrl.replace(/\/+$/, '');
          const started = await provider.startCheckout(checkout, { success: `${base}/v1/buy/checkout/done`, cancel: `${base}/v1/buy/checkout/done?canceled=1` });
          if (started.providerRef) await db.query('UPDATE billing_orders SET provider_ref = $2 WHERE id = $1', [order.id, started.providerRef]);
          if (started.redirectUrl) return reply.redirect(started.redirectUrl, 303);
        }
        const unit = { week: 'a week', month: 'a month', year: 'a year' }[checkout.periodUnit];
        return html(
          200,
          checkoutPage({
            orderId: order.id,
            csrf: sign(order.id, user.uid),
            name: checkout.name,
            dueToday: money(sku.currency_symbol, checkout.amount),
            thenText: checkout.recurring ? `${money(sku.currency_symbol, checkout.price)} ${unit}${checkout.trialDays ? ` from day ${checkout.trialDays + 1}` : ''}, until cancelled` : '',
            credits: sku.kind === 'membership' ? 0 : sku.credits,
          }),
        );
      } catch (error) {
        if (error instanceof PurchaseRefused) return html(409, messagePage('This purchase is not possible', error.message));
        throw error;
      }
    });

    app.get('/v1/buy/checkout/done', { schema: { hide: true } }, async (request, reply) => {
      const canceled = (request.query as Record<string, string>).canceled === '1';
      return reply
        .type('text/html; charset=utf-8')
        .send(canceled ? messagePage('Checkout cancelled', 'Nothing was charged.') : messagePage('Thank you', 'Your purchase appears in the studio as soon as the payment is confirmed.', true));
    });

    app.post('/v1/buy/checkout/pay', { schema: { hide: true } }, async (request, reply) => {
      const html = (status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
      if (provider.name !== 'sandbox') return html(404, messagePage('Not available', 'Payments are taken by the payment provider.'));
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const user = await caller(request);
      if (!user) return html(401, messagePage('Please sign in first', 'Sign in to the studio, then start the purchase again.'));
      const orderId = form.order_id ?? '';
      const expected = /^[0-9a-f-]{36}$/i.test(orderId) ? sign(orderId, user.uid) : '';
      const given = form.csrf ?? '';
      if (!expected || expected.length !== given.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(given))) {
        return html(403, messagePage('This checkout has expired', 'Start the purchase again from the studio.'));
      }
      const found = await db.query<OrderRow & { sub_tpl_name: string; credits: number; price: string | number; currency_symbol: string; period_unit: 'week' | 'month' | 'year'; sku_kind: string }>(
        `SELECT o.*, k.sub_tpl_name, k.credits, k.price, k.currency_symbol, k.period_unit, k.kind AS sku_kind FROM billing_orders o JOIN skus k ON k.sku_id = o.sku_id WHERE o.id = $1 AND o.user_id = $2`,
        [orderId, user.uid],
      );
      const order = found.rows[0];
      if (!order) return html(404, messagePage('No such order', 'Start the purchase again from the studio.'));
      if (order.status === 'paid') return html(200, messagePage('Successful purchase', 'This purchase is complete.', true));
      const outcome = sandboxCardOutcome(form.card ?? '');
      const again = (error: string) =>
        html(
          402,
          checkoutPage({
            orderId,
            csrf: expected,
            name: order.zero_buy ? `${order.sub_tpl_name}: free trial` : order.sub_tpl_name,
            dueToday: money(order.currency_symbol, Number(order.amount)),
            thenText: order.kind === 'membership' ? `${money(order.currency_symbol, Number(order.price))} a ${order.period_unit}, until cancelled` : '',
            credits: order.kind === 'membership' ? 0 : order.credits,
            error,
          }),
        );
      if (!outcome) return again(CARD_MESSAGES.unknown);
      if (!/^\s*(0[1-9]|1[0-2])\s*\/\s*\d{2}\s*$/.test(form.exp ?? '') || !/^\s*\d{3,4}\s*$/.test(form.cvc ?? '')) {
        return again('Enter the expiry as MM/YY and a 3 or 4 digit CVC.');
      }
      if (outcome.status !== 'succeeded') {
        await recordDeclined(db, order, outcome, clock());
        return again(outcome.message);
      }
      await fulfilOrder(db, ledger, orderId, { provider: 'sandbox', providerRef: `sandbox:${randomUUID()}`, last4: outcome.last4 }, clock());
      return html(200, messagePage('Successful purchase', 'Payment received (test card, no money moved). Your purchase is in the studio now.', true));
    });

    if (stripe) {
      await scope.register(async (hook) => {
        hook.removeContentTypeParser('application/json');
        hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
        hook.post('/v1/buy/stripe/webhook', { schema: { hide: true } }, async (request, reply) => {
          const signature = request.headers['stripe-signature'];
          try {
            const outcome = await handleStripeWebhook(
              { db, ledger, stripe, webhookSecret: config.stripeWebhookSecret },
              request.body as Buffer,
              typeof signature === 'string' ? signature : undefined,
              clock(),
            );
            request.log.info({ outcome }, 'stripe webhook');
            return reply.send({ received: true, outcome });
          } catch (error) {
            if (error instanceof WebhookRefused) return reply.code(400).send({ received: false, error: error.message });
            throw error;
          }
        });
      });
    }

    if (config.scheduler) {
      const run = () => runBillingLifecycle(db, ledger, provider, clock());
      let stop: (() => Promise<void>) | null = null;
      scope.addHook('onReady', async () => {
        stop = await startLifecycleSchedule(db, run, (error) => scope.log.error({ err: error }, 'billing lifecycle job failed'));
      });
      scope.addHook('onClose', async () => stop?.());
    }
  };
}

export function billingModule(options: BillingModuleOptions = {}): ApiModuleDefinition {
  return { name: 'billing', plugin: billingPlugin(options), migrationsDir: path.resolve(__dirname, 'migrations') };
}

export { runBillingLifecycle } from './memberships.js';
export { createSandboxProvider } from './provider.js';
