/**
 * The sandbox's hosted checkout (or the redirect to Stripe Checkout): pages in their own tab, so their
 * answers are HTML, not the envelope.
 */
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { checkoutPage, messagePage } from './checkout-page.js';
import { PurchaseRefused, checkoutOrderOf, fulfilOrder, openOrder, recordDeclined, type OrderRow } from './orders.js';
import { CARD_MESSAGES, sandboxCardOutcome } from './provider.js';
import { callerOf, checkoutToken, money, type RouteDeps } from './routes-shared.js';

const SID = /^[A-Za-z0-9_-]{8,64}$/;

export function registerCheckoutPage(scope: FastifyInstance, { db, auth, apiConfig, provider, clock }: RouteDeps): void {
  const app = scope;
  const sign = (orderId: string, uid: string) => checkoutToken(apiConfig.jwtSecret, orderId, uid);
  const caller = (request: Parameters<typeof callerOf>[1]) => callerOf(auth, request);
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
}

export function registerCheckoutPay(scope: FastifyInstance, { db, ledger, auth, apiConfig, provider, clock }: RouteDeps): void {
  const app = scope;
  const caller = (request: Parameters<typeof callerOf>[1]) => callerOf(auth, request);
  if (!scope.hasContentTypeParser('application/x-www-form-urlencoded')) {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
  }
  app.post('/v1/buy/checkout/pay', { schema: { hide: true } }, async (request, reply) => {
    const html = (status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
    if (provider.name !== 'sandbox') return html(404, messagePage('Not available', 'Payments are taken by the payment provider.'));
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const user = await caller(request);
    if (!user) return html(401, messagePage('Please sign in first', 'Sign in to the studio, then start the purchase again.'));
    const orderId = form.order_id ?? '';
    const expected = /^[0-9a-f-]{36}$/i.test(orderId) ? checkoutToken(apiConfig.jwtSecret, orderId, user.uid) : '';
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
}
