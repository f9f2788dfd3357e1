/**
 * The Stripe provider: Checkout Sessions made with the `stripe` package, and the subscription updates of
 * plan changes (an upgrade prorated and charged at once, a downgrade from the next renewal, cancel and
 * resume). Payments fulfil only through the signed webhook (stripe-webhook.ts).
 */
import Stripe from 'stripe';
import type { ProviderEffects } from './fulfil.js';
import type { CheckoutOrder, PaymentProvider, PlanPrice } from './provider.js';

const cents = (amount: number) => Math.round(amount * 100);

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async startCheckout(order: CheckoutOrder, urls) {
      const metadata = { order_id: order.id, user_id: order.userId, sku_id: String(order.skuId) };
      const priceData: Stripe.Checkout.SessionCreateParams.LineItem.PriceData = {
        currency: order.currency.toLowerCase(),
        unit_amount: cents(order.recurring ? order.price : order.amount),
        product_data: { name: order.name },
        ...(order.recurring ? { recurring: { interval: order.periodUnit } } : {}),
      };
      const session = await stripe.checkout.sessions.create({
        mode: order.recurring ? 'subscription' : 'payment',
        line_items: [{ price_data: priceData, quantity: 1 }],
        client_reference_id: order.id,
        customer_email: order.email || undefined,
        metadata,
        ...(order.recurring
          ? { subscription_data: { metadata, ...(order.trialDays > 0 ? { trial_period_days: order.trialDays } : {}) } }
          : { payment_intent_data: { metadata } }),
        success_url: urls.success,
        cancel_url: urls.cancel,
      });
      return { redirectUrl: session.url, providerRef: session.id };
    },
    async chargeRenewal() {
      return null;
    },
    async refund({ paymentRef }) {
      if (!paymentRef) throw new Error('This order has no Stripe payment to refund.');
      if (paymentRef.startsWith('sub_')) {
        const invoices = await stripe.invoices.list({ subscription: paymentRef, limit: 1 });
        const invoice = invoices.data[0];
        const paymentIntent = invoice ? (invoice as unknown as { payment_intent?: string | null }).payment_intent : null;
        if (!paymentIntent) throw new Error('The membership has no paid invoice to refund.');
        await stripe.refunds.create({ payment_intent: paymentIntent, metadata: { subscription: paymentRef } });
        await stripe.subscriptions.cancel(paymentRef);
      } else {
        await stripe.refunds.create({ payment_intent: paymentRef });
      }
      return 'requested';
    },
    async cancelAtPeriodEnd(providerSubscriptionId) {
      if (providerSubscriptionId) await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },
    async resume(providerSubscriptionId) {
      if (providerSubscriptionId) await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: false });
    },
    async cancelNow(providerSubscriptionId) {
      if (providerSubscriptionId) await stripe.subscriptions.cancel(providerSubscriptionId);
    },
    async changeAtPeriodEnd(providerSubscriptionId, plan) {
      if (!providerSubscriptionId) return;
      const current = await stripe.subscriptions.retrieve(providerSubscriptionId);
      // the next invoice bills the smaller plan; the running period stays as paid
      await stripe.subscriptions.update(providerSubscriptionId, {
        items: [{ id: current.items.data[0].id, price_data: await recurringPrice(stripe, plan) }],
        proration_behavior: 'none',
      });
    },
    async upgradeNow({ providerSubscriptionId, order, prorationDate }) {
      const current = await stripe.subscriptions.retrieve(providerSubscriptionId);
      const metadata = { order_id: order.id, user_id: order.userId, sku_id: String(order.skuId) };
      // a new period from now, the unused part of the old plan credited as of the quote's time (the amount the
      // buyer saw), invoiced and charged at once; a declined card leaves the subscription as it was
      await stripe.subscriptions.update(providerSubscriptionId, {
        items: [{ id: current.items.data[0].id, price_data: await recurringPrice(stripe, { name: order.name, price: order.price, currency: order.currency, interval: order.periodUnit }) }],
        billing_cycle_anchor: { type: 'now' },
        proration_behavior: 'always_invoice',
        proration_date: Math.floor(prorationDate.getTime() / 1000),
        payment_behavior: 'error_if_incomplete',
        metadata,
      });
      return 'requested';
    },
  };
}

/** A subscription item's inline price names a product (Checkout's product_data is not offered here): one per plan name. */
async function recurringPrice(stripe: Stripe, plan: PlanPrice): Promise<Stripe.SubscriptionUpdateParams.Item.PriceData> {
  const product = await stripe.products.create({ name: plan.name, metadata: { plan: plan.name } });
  return { currency: plan.currency.toLowerCase(), unit_amount: cents(plan.price), product: product.id, recurring: { interval: plan.interval } };
}

/** Tells Stripe what a fulfilment ended (an upgrade's replaced plans) or stopped renewing (a queued plan's predecessor). */
export async function applyAtProvider(provider: PaymentProvider, effects: ProviderEffects): Promise<void> {
  for (const id of effects.cancelNow) await provider.cancelNow(id);
  for (const id of effects.cancelAtPeriodEnd) await provider.cancelAtPeriodEnd(id);
}
