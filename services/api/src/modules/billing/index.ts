/**
 * The shop (issue 10): sku-info and trade-info, the sandbox's hosted checkout or Stripe Checkout behind
 * one PaymentProvider, the Stripe webhook, memberships (list, cancel at period end, money-back refund)
 * and the lifecycle job on the queue. Fulfilment (orders.ts) is the only path that grants.
 */
import path from 'node:path';
import Stripe from 'stripe';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES } from 'shared-contracts';
import { defineCall } from '../../define-call.js';
import { ApiFailure, ok, type TypeBoxProvider } from '../../http.js';
import { SkuInfoSchema } from '../../schemas.js';
import type { ApiModuleDefinition, ApiModulePlugin, ModuleContext } from '../types.js';
import { applyBillingCatalogue } from '../catalogue/apply.js';
import type { BillingConfig } from './config.js';
import { tradeInfo } from './fulfil.js';
import { runBillingLifecycle } from './memberships.js';
import { PROMO_ART_SVG } from './promo-art.js';
import { createSandboxProvider, type PaymentProvider } from './provider.js';
import { registerAccountRoutes } from './routes-account.js';
import { registerCheckoutPage, registerCheckoutPay } from './routes-checkout.js';
import { security, tags } from './routes-shared.js';
import { startLifecycleSchedule } from './scheduler.js';
import { sendBillingMails } from './mails.js';
import { skuInfo } from './sku-info.js';
import { createStripeProvider } from './stripe.js';
import { WebhookRefused, handleStripeWebhook } from './stripe-webhook.js';

export interface BillingModuleOptions {
  config?: Partial<BillingConfig>;
  /** a Stripe client (tests pass one with a dummy key: nothing leaves the machine) */
  stripe?: Stripe;
  now?: () => Date;
}

function billingPlugin(options: BillingModuleOptions = {}): ApiModulePlugin {
  return async (scope: FastifyInstance, ctx: ModuleContext) => {
    const { db, ledger, auth, config: apiConfig } = ctx;
    const config = { ...apiConfig.billing, ...options.config };
    const clock = options.now ?? (() => new Date());
    const stripe = config.payments === 'stripe' ? (options.stripe ?? new Stripe(config.stripeSecretKey)) : null;
    const provider: PaymentProvider = stripe ? createStripeProvider(stripe) : createSandboxProvider();
    await applyBillingCatalogue(db);
    const app = scope.withTypeProvider<TypeBoxProvider>();

    defineCall(scope, 'GET /v1/buy/sku-info', { schema: { tags, summary: 'The sku catalogue with its buy URLs (memberships and credit lists)', response: SkuInfoSchema } }, async () =>
      skuInfo(db, '', apiConfig.tasks.rules.freeDailyTasks),
    );

    defineCall(
      scope,
      'GET /v1/buy/trade-info',
      {
        preHandler: auth.authenticate,
        schema: {
          tags,
          security,
          summary: "The caller's orders paid in the last time_before seconds (the purchase poll)",
          querystring: Type.Object({ time_before: Type.Integer({ minimum: 1, maximum: 86400 }) }),
          response: Type.Object({ total: Type.Integer(), list: Type.Array(Type.Object({ order_id: Type.String(), sku_id_list: Type.Array(Type.Integer()), created_at: Type.Integer() })) }),
        },
      },
      async (request) => tradeInfo(db, request.user!.uid, request.query.time_before, clock()),
    );

    const mailDeps = { db, mailer: ctx.mailer, publicUrl: apiConfig.publicUrl, studioUrl: config.studioUrl };
    const notify = (userId?: string, at = clock()) =>
      sendBillingMails(mailDeps, at, userId).catch((error: unknown) => scope.log.error({ err: error }, 'shop mails could not be queued'));
    const deps = { db, ledger, auth, apiConfig, provider, clock, studioUrl: config.studioUrl, notify };
    registerAccountRoutes(scope, deps);
    registerCheckoutPage(scope, deps);
    registerCheckoutPay(scope, deps);

    app.get('/v1/common/promo-art/:name', { schema: { tags, summary: 'Promotion art (SVG)', params: Type.Object({ name: Type.String({ maxLength: 40 }) }) } }, async (request, reply) => {
      const art = PROMO_ART_SVG[request.params.name.replace(/\.svg$/, '')];
      if (!art) throw new ApiFailure(404, API_CODES.NOT_FOUND, 'No such image');
      return reply.header('cache-control', 'public, max-age=86400').type('image/svg+xml').send(art);
    });

    // QA outside production (APP_ENV not production): an operator runs the lifecycle job and the shop's mails at
    // another moment, so a person (or the e2e suite) sees what a trial, a renewal or a reminder does without waiting days
    if (apiConfig.qaOverrides) {
      app.post(
        '/v1/qa/billing/run',
        { preHandler: auth.authenticate, schema: { hide: true, body: Type.Object({ at: Type.Integer({ minimum: 0 }) }) } },
        async (request) => {
          if (!apiConfig.operatorUids.includes(request.user!.uid)) throw new ApiFailure(403, API_CODES.FORBIDDEN, 'Operators only');
          const at = new Date(request.body.at * 1000);
          const result = await runBillingLifecycle(db, ledger, provider, at);
          const mails = await sendBillingMails(mailDeps, at);
          return ok(request, { ...result, mails });
        },
      );
    }

    if (stripe) {
      await scope.register(async (hook) => {
        hook.removeContentTypeParser('application/json');
        hook.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
        hook.post('/v1/buy/stripe/webhook', { schema: { hide: true } }, async (request, reply) => {
          const signature = request.headers['stripe-signature'];
          try {
            const outcome = await handleStripeWebhook(
              { db, ledger, stripe, provider, webhookSecret: config.stripeWebhookSecret },
              request.body as Buffer,
              typeof signature === 'string' ? signature : undefined,
              clock(),
            );
            request.log.info({ outcome }, 'stripe webhook');
            void notify();
            return reply.send({ received: true, outcome });
          } catch (error) {
            if (error instanceof WebhookRefused) return reply.code(400).send({ received: false, error: error.message });
            throw error;
          }
        });
      });
    }

    if (config.scheduler) {
      const run = async () => {
        await runBillingLifecycle(db, ledger, provider, clock());
        await notify();
      };
      let stop: (() => Promise<void>) | null = null;
      scope.addHook('onReady', async () => {
        stop = await startLifecycleSchedule(db, run, (error) => scope.log.error({ err: error }, 'billing lifecycle job failed'), apiConfig.tasks.queue.schema);
      });
      scope.addHook('onClose', async () => stop?.());
    }
  };
}

export function billingModule(options: BillingModuleOptions = {}): ApiModuleDefinition {
  return { name: 'billing', plugin: billingPlugin(options), migrationsDir: path.resolve(__dirname, 'migrations') };
}

;
;
