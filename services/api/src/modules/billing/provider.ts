/**
 * One interface for taking money. `sandbox` (the embedded default) is our own hosted test checkout:
 * test card numbers as payment providers' test modes use them, no money moves, and the page says so.
 * `stripe` (production) sends the buyer to Stripe Checkout and fulfils only from signed webhooks.
 */
export type ProviderName = 'sandbox' | 'stripe';

export interface CheckoutOrder {
  id: string;
  userId: string;
  email: string;
  skuId: number;
  name: string;
  /** what is charged now (0 for the free trial) */
  amount: number;
  /** the sku's price: what a trial renews at */
  price: number;
  currency: string;
  periodUnit: 'week' | 'month' | 'year';
  /** a membership renews; a credit pack is paid once */
  recurring: boolean;
  trialDays: number;
}

interface CheckoutStart {
  /** where to send the buyer: null means our own checkout page takes the card */
  redirectUrl: string | null;
  /** the provider's id of the checkout (a Stripe Checkout Session id) */
  providerRef: string | null;
}

export type CardOutcome =
  | { status: 'succeeded'; last4: string }
  | { status: 'declined' | 'insufficient_funds'; last4: string; message: string };

export interface PaymentProvider {
  readonly name: ProviderName;
  startCheckout(order: CheckoutOrder, urls: { success: string; cancel: string }): Promise<CheckoutStart>;
  /**
   * Charges one renewal of a membership this provider does not renew itself. null: the provider renews
   * on its own and tells us by webhook (Stripe's invoice.paid).
   */
  chargeRenewal(input: { subscriptionId: number; amount: number; currency: string }): Promise<CardOutcome | null>;
  /** gives an order's money back; 'applied' when done now, 'requested' when a webhook will confirm it */
  refund(input: { orderId: string; paymentRef: string | null; amount: number }): Promise<'applied' | 'requested'>;
  /** tells the provider a membership ends at its period end */
  cancelAtPeriodEnd(providerSubscriptionId: string | null): Promise<void>;
  /** undoes cancelAtPeriodEnd before the period ends */
  resume(providerSubscriptionId: string | null): Promise<void>;
  /** ends a subscription now (a plan an upgrade replaced, a second trial refused) */
  cancelNow(providerSubscriptionId: string | null): Promise<void>;
  /** from the next renewal on, bill this plan instead (a downgrade at the period's end); nothing is prorated */
  changeAtPeriodEnd(providerSubscriptionId: string | null, plan: PlanPrice): Promise<void>;
  /**
   * An upgrade of a subscription the provider bills: charge the new plan now, less the unused part of the old
   * one as of `prorationDate`, and start a new period. null: this provider takes upgrades at its own checkout
   * page (the sandbox); 'requested': a webhook confirms the payment and fulfils the order.
   */
  upgradeNow(input: { providerSubscriptionId: string; order: CheckoutOrder; prorationDate: Date }): Promise<'requested' | null>;
}

/** A plan as a provider bills it. */
export interface PlanPrice {
  name: string;
  price: number;
  currency: string;
  interval: 'week' | 'month' | 'year';
}

/** The sandbox's test cards (the numbers Stripe's test mode uses for the same outcomes). */
export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
} as const;

export const CARD_MESSAGES = {
  declined: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
  unknown: 'This is a test checkout: use the test card 4242 4242 4242 4242. No real card is charged here.',
  expired: 'Your card has expired.',
  badExpiry: 'Enter the expiry as month and year, for example 12 / 34.',
  badCvc: 'Enter the 3 or 4 digit CVC.',
} as const;

/**
 * The expiry as buyers type it: "12/34", "12 / 34", "1234", "12-2034", "12/2034". Answers the month and the
 * four-digit year, or null when it is not a date.
 */
export function parseExpiry(raw: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*[/\-.\s]?\s*(\d{2}|\d{4})\s*$/.exec(raw);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is valid through the last day of its expiry month (as card networks count it). */
export function expiredAt(expiry: { month: number; year: number }, at: Date): boolean {
  return at.getTime() >= Date.UTC(expiry.year, expiry.month, 1);
}

/** What a test card number does; null for a number that is not one of the test cards. */
export function sandboxCardOutcome(rawNumber: string): CardOutcome | null {
  const digits = rawNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return null;
  const last4 = digits.slice(-4);
  if (digits === TEST_CARDS.success) return { status: 'succeeded', last4 };
  if (digits === TEST_CARDS.declined) return { status: 'declined', last4, message: CARD_MESSAGES.declined };
  if (digits === TEST_CARDS.insufficientFunds) return { status: 'insufficient_funds', last4, message: CARD_MESSAGES.insufficient_funds };
  return null;
}

/** The embedded default: our own checkout page takes a test card; renewals and refunds happen at once. */
export function createSandboxProvider(): PaymentProvider {
  return {
    name: 'sandbox',
    async startCheckout() {
      return { redirectUrl: null, providerRef: null };
    },
    // the sandbox keeps no card: a renewal is a test charge that succeeds, as the test card would
    async chargeRenewal() {
      return { status: 'succeeded', last4: TEST_CARDS.success.slice(-4) };
    },
    async refund() {
      return 'applied';
    },
    async cancelAtPeriodEnd() {},
    async resume() {},
    async cancelNow() {},
    async changeAtPeriodEnd() {},
    async upgradeNow() {
      return null;
    },
  };
}
