/**
 * The checkout in its own tab: the sandbox's hosted checkout (or the redirect to Stripe Checkout, or the
 * confirmation of a Stripe plan change), the payment, and the pages that follow. Its answers are HTML,
 * not the envelope.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutPage, messagePage, NOTIFY_SCRIPT, type Completed } from './checkout-page.js';
import { namesOf, orderSummary } from './checkout-view.js';
import { fulfilOrder, recordDeclined } from './fulfil.js';
import { PurchaseRefused, checkoutOrderOf, loadSku, openOrder, requote, type OrderRow, type ShopSku } from './orders.js';
import { CARD_MESSAGES, expiredAt, parseExpiry, sandboxCardOutcome } from './provider.js';
import { callerOf, checkoutToken, money, type RouteDeps } from './routes-shared.js';
import { applyAtProvider } from './stripe.js';

const SID = /^[A-Za-z0-9_-]{8,64}$/;

export interface CheckoutDeps extends RouteDeps {
  studioUrl: string;
}

function html(reply: FastifyReply, status: number, body: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
}

/** The facts a success page shows: the order, what it was, what was paid, and the ways on. */
function completedOf(order: OrderRow, sku: ShopSku, deps: CheckoutDeps, paymentId: string | null): Completed {
  return {
    orderId: order.id,
    item: order.zero_buy ? `${sku.sub_tpl_name} (free trial)` : sku.sub_tpl_name,
    amount: money(sku.currency_symbol, Number(order.amount)),
    backUrl: deps.studioUrl,
    // the page is served by the API: its receipt is a path beside it
    receiptUrl: paymentId ? `/v1/buy/receipt/${paymentId}` : deps.studioUrl,
  };
}

async function chargeOf(deps: RouteDeps, orderId: string): Promise<string | null> {
  const row = await deps.db.query<{ id: string }>(
    `SELECT id FROM billing_payments WHERE order_id = $1 AND kind = 'charge' AND status = 'succeeded' ORDER BY created_at LIMIT 1`,
    [orderId],
  );
  return row.rows[0]?.id ?? null;
}

async function successPage(reply: FastifyReply, deps: CheckoutDeps, order: OrderRow, sku: ShopSku, message: string) {
  const completed = completedOf(order, sku, deps, await chargeOf(deps, order.id));
  return html(reply, 200, messagePage('Successful purchase', message, { success: true, completed, sandbox: deps.provider.name === 'sandbox' }));
}

/** The order of a form post, the caller's own and signed for them; or the page that refuses it. */
async function postedOrder(deps: CheckoutDeps, request: Parameters<typeof callerOf>[1], reply: FastifyReply): Promise<{ order: OrderRow; sku: ShopSku; csrf: string } | null> {
  const form = (request.body ?? {}) as Record<string, string | undefined>;
  const user = await callerOf(deps.auth, request);
  if (!user) {
    await html(reply, 401, messagePage('Please sign in first', 'Sign in to the studio, then start the purchase again.', { backUrl: deps.studioUrl }));
    return null;
  }
  const orderId = form.order_id ?? '';
  const expected = /^[0-9a-f-]{36}$/i.test(orderId) ? checkoutToken(deps.apiConfig.jwtSecret, orderId, user.uid) : '';
  const given = form.csrf ?? '';
  if (!expected || expected.length !== given.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(given))) {
    await html(reply, 403, messagePage('This checkout has expired', 'Start the purchase again from the studio.', { backUrl: deps.studioUrl }));
    return null;
  }
  const order = (await deps.db.query<OrderRow>('SELECT * FROM billing_orders WHERE id = $1 AND user_id = $2', [orderId, user.uid])).rows[0];
  const sku = order ? await loadSku(deps.db, order.sku_id) : null;
  if (!order || !sku) {
    await html(reply, 404, messagePage('No such order', 'Start the purchase again from the studio.', { backUrl: deps.studioUrl }));
    return null;
  }
  return { order, sku, csrf: expected };
}

/** The Stripe subscription an upgrade updates (the one paid plan it replaces), if Stripe bills it. */
async function upgradedStripeSub(deps: RouteDeps, order: OrderRow): Promise<string | null> {
  if (deps.provider.name !== 'stripe' || order.change !== 'upgrade') return null;
  const row = await deps.db.query<{ provider_sub_id: string }>(
    `SELECT provider_sub_id FROM subscriptions WHERE id = ANY($1::bigint[]) AND NOT is_trial AND provider_sub_id IS NOT NULL LIMIT 1`,
    [order.replaces.map(Number)],
  );
  return row.rows[0]?.provider_sub_id ?? null;
}

export function registerCheckoutPage(scope: FastifyInstance, deps: CheckoutDeps): void {
  const { db, auth, apiConfig, provider, clock } = deps;
  scope.get('/v1/buy/checkout', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const skuId = Number(query.cartItem);
    const sid = query.sid ?? '';
    if (!Number.isInteger(skuId) || skuId <= 0 || !SID.test(sid)) {
      return html(reply, 400, messagePage('This checkout link is incomplete', 'Start the purchase again from the studio.', { backUrl: deps.studioUrl }));
    }
    const user = await callerOf(auth, request);
    if (!user) return html(reply, 401, messagePage('Please sign in first', 'Sign in to the studio in your other tab, then start the purchase again.', { backUrl: deps.studioUrl }));
    try {
      const at = clock();
      const { order, sku } = await openOrder(db, { userId: user.uid, skuId, sessionId: sid, source: query.source ?? '', zeroBuy: query.zero_buy === '1', provider: provider.name, at });
      if (order.status === 'paid') return successPage(reply, deps, order, sku, 'This purchase is complete.');
      if (order.status !== 'pending') return html(reply, 409, messagePage('This order is closed', 'Start the purchase again from the studio.', { backUrl: deps.studioUrl }));
      const view = orderSummary(order, sku, await namesOf(db, order, sku, at));
      const csrf = checkoutToken(apiConfig.jwtSecret, order.id, user.uid);
      if (await upgradedStripeSub(deps, order)) return html(reply, 200, checkoutPage({ orderId: order.id, csrf, ...view, mode: 'confirm' }));
      if (provider.name === 'stripe') {
        const email = (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [user.uid])).rows[0]?.email ?? '';
        const base = apiConfig.publicUrl.replace(/\/+$/, '');
        const started = await provider.startCheckout(checkoutOrderOf(order, sku, email), {
          success: `${base}/v1/buy/checkout/done?session_id={CHECKOUT_SESSION_ID}`,
          cancel: `${base}/v1/buy/checkout/done?canceled=1`,
        });
        if (started.providerRef) await db.query('UPDATE billing_orders SET provider_ref = $2 WHERE id = $1', [order.id, started.providerRef]);
        if (started.redirectUrl) return reply.redirect(started.redirectUrl, 303);
      }
      return html(reply, 200, checkoutPage({ orderId: order.id, csrf, ...view, mode: 'card' }));
    } catch (error) {
      if (error instanceof PurchaseRefused) return html(reply, 409, messagePage('This purchase is not possible', error.message, { backUrl: deps.studioUrl }));
      throw error;
    }
  });

  // where Stripe Checkout returns: the order once its webhook has fulfilled it
  scope.get('/v1/buy/checkout/done', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query.canceled === '1') return html(reply, 200, messagePage('Checkout cancelled', 'Nothing was charged.', { backUrl: deps.studioUrl, sandbox: false }));
    const user = await callerOf(auth, request);
    const order = user && query.session_id
      ? (await db.query<OrderRow>('SELECT * FROM billing_orders WHERE provider_ref = $1 AND user_id = $2', [query.session_id, user.uid])).rows[0]
      : undefined;
    const sku = order ? await loadSku(db, order.sku_id) : null;
    if (order?.status === 'paid' && sku) return successPage(reply, deps, order, sku, 'Payment received. Your purchase is in the studio now.');
    return html(reply, 200, messagePage('Thank you', 'Your purchase appears in the studio as soon as the payment is confirmed.', { success: true, backUrl: deps.studioUrl, sandbox: false }));
  });

  scope.get('/v1/buy/checkout/notify.js', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send(NOTIFY_SCRIPT),
  );
}

export function registerCheckoutPay(scope: FastifyInstance, deps: CheckoutDeps): void {
  const { db, ledger, provider, clock } = deps;
  if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }

  scope.post('/v1/buy/checkout/pay', { schema: { hide: true } }, async (request, reply) => {
    if (provider.name !== 'sandbox') return html(reply, 404, messagePage('Not available', 'Payments are taken by the payment provider.', { sandbox: false }));
    const posted = await postedOrder(deps, request, reply);
    if (!posted) return reply;
    const { sku, csrf } = posted;
    let { order } = posted;
    if (order.status === 'paid') return successPage(reply, deps, order, sku, 'This purchase is complete.');
    if (order.status !== 'pending') return html(reply, 409, messagePage('This order is closed', 'Start the purchase again from the studio.', { backUrl: deps.studioUrl }));
    const at = clock();
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const again = async (status: number, text: { error?: string; notice?: string }) =>
      html(reply, status, checkoutPage({ orderId: order.id, csrf, ...orderSummary(order, sku, await namesOf(db, order, sku, at)), mode: 'card', ...text }));
    const outcome = sandboxCardOutcome(form.card ?? '');
    if (!outcome) return again(402, { error: CARD_MESSAGES.unknown });
    const expiry = parseExpiry(form.exp ?? '');
    if (!expiry) return again(402, { error: CARD_MESSAGES.badExpiry });
    if (!/^\s*\d{3,4}\s*$/.test(form.cvc ?? '')) return again(402, { error: CARD_MESSAGES.badCvc });
    if (expiredAt(expiry, at)) {
      await recordDeclined(db, order, { status: 'declined', last4: outcome.last4, message: CARD_MESSAGES.expired }, at);
      return again(402, { error: CARD_MESSAGES.expired });
    }
    // the buyer's plans may have moved since the page was shown: charge what is due now, or say so first
    const fresh = await requote(db, order, sku, at);
    if (fresh.refused) return html(reply, 409, messagePage('This purchase is not possible', fresh.refused, { backUrl: deps.studioUrl }));
    order = fresh.order;
    if (fresh.changed) return again(409, { notice: `The amount due is now ${money(sku.currency_symbol, Number(order.amount))}. Check the order and pay again.` });
    if (outcome.status !== 'succeeded') {
      await recordDeclined(db, order, outcome, at);
      return again(402, { error: outcome.message });
    }
    try {
      const result = await fulfilOrder(db, ledger, order.id, { provider: 'sandbox', providerRef: `sandbox:${randomUUID()}`, last4: outcome.last4 }, at);
      await applyAtProvider(provider, result.atProvider);
      return successPage(reply, deps, result.order, sku, 'Payment received (test card, no money moved). Your purchase is in the studio now.');
    } catch (error) {
      if (error instanceof PurchaseRefused) return html(reply, 409, messagePage('This purchase is not possible', error.message, { backUrl: deps.studioUrl }));
      throw error;
    }
  });

  // a Stripe upgrade: the provider charges the prorated amount to the card on file; its webhook fulfils
  scope.post('/v1/buy/checkout/upgrade', { schema: { hide: true } }, async (request, reply) => {
    const posted = await postedOrder(deps, request, reply);
    if (!posted) return reply;
    const { sku } = posted;
    if (posted.order.status === 'paid') return successPage(reply, deps, posted.order, sku, 'This purchase is complete.');
    const at = clock();
    const fresh = await requote(db, posted.order, sku, at);
    if (fresh.refused) return html(reply, 409, messagePage('This change is not possible', fresh.refused, { backUrl: deps.studioUrl, sandbox: false }));
    const subscription = await upgradedStripeSub(deps, fresh.order);
    if (!subscription || fresh.order.status !== 'pending') return html(reply, 409, messagePage('This change is not possible', 'Start it again from the studio.', { backUrl: deps.studioUrl, sandbox: false }));
    const email = (await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [fresh.order.user_id])).rows[0]?.email ?? '';
    try {
      await provider.upgradeNow({ providerSubscriptionId: subscription, order: checkoutOrderOf(fresh.order, sku, email), prorationDate: new Date(fresh.order.quoted_at ?? at) });
    } catch (error) {
      request.log.warn({ err: error }, 'stripe upgrade refused');
      return html(reply, 402, messagePage('The payment did not go through', 'Your plan is unchanged. Check the card your plan is billed to and try again.', { backUrl: deps.studioUrl, sandbox: false }));
    }
    return html(reply, 200, messagePage('Upgrade requested', `${money(sku.currency_symbol, Number(fresh.order.amount))} is being charged; ${sku.sub_tpl_name} starts as soon as the payment is confirmed.`, { success: true, backUrl: deps.studioUrl, sandbox: false }));
  });
}
