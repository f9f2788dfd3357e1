/**
 * The shop's contract beyond the sku and trade-info calls of calls.ts: the caller's memberships, cancel,
 * the money-back refund, and the query a buy URL carries to the checkout page.
 */
import type { PeriodUnit } from './entities.js';

/**
 * A membership as its owner sees it. status: trialing (the 3-day trial), active (a paid period running),
 * scheduled (bought while another of the same level runs: starts when that one ends), expired, refunded,
 * converted (a trial that became a paid plan, which is listed on its own), replaced (ended early by an
 * upgrade, its unused part credited against the new plan).
 */
export type MembershipStatus = 'trialing' | 'active' | 'scheduled' | 'expired' | 'refunded' | 'converted' | 'replaced';

export interface MembershipItem {
  id: number;
  sku_id: number;
  name: string;
  level: 'standard' | 'premium';
  period_unit: PeriodUnit;
  status: MembershipStatus;
  is_trial: boolean;
  /** seconds */
  started_at: number;
  /** seconds: the end of the paid (or trial) period */
  expires_at: number;
  /** renews at expires_at unless cancelled */
  auto_renew: boolean;
  /** cancelled: runs to expires_at and ends */
  cancel_at_period_end: boolean;
  /** the order that bought it, refundable while `refundable` */
  order_id: string | null;
  /** within the 30-day money-back window and not refunded */
  refundable: boolean;
  /** a change scheduled for expires_at (a downgrade): the plan it renews into instead of itself; null when none */
  renews_into: { sku_id: number; name: string } | null;
}

/** A weekly or monthly credit plan: the sku's credits each paid period, renewing unless cancelled. */
export interface CreditPlanItem {
  id: number;
  sku_id: number;
  name: string;
  /** credits each period */
  credits: number;
  period_unit: 'week' | 'month';
  status: 'active' | 'expired' | 'refunded';
  /** seconds: the end of the paid period */
  expires_at: number;
  cancel_at_period_end: boolean;
}

/** The query the purchase dialog adds to a sku's buy_url or zero_buy_url (spec section 4, buy dialog). */
export interface CheckoutQuery {
  cartItem: number;
  /** which dialog the purchase started from */
  source: string;
  /** the session id of this purchase attempt: one order per session id */
  sid: string;
}

/**
 * What a purchase of one sku would do for the caller now (GET /v1/buy/quote, and the checkout page):
 * 'new' starts now; 'upgrade' replaces the running lower plans now, their unused part credited against
 * the price; 'queued' starts when the running plan of the same level ends (that one stops renewing);
 * 'trial' is the free trial. refused: why this purchase is not possible (the text the buyer sees).
 */
export interface PlanQuote {
  sku_id: number;
  change: 'new' | 'upgrade' | 'queued' | 'trial';
  /** the sku's price */
  price: number;
  /** credited for the unused time of the plans an upgrade replaces */
  credit: number;
  /** charged now: price - credit (0 for the trial) */
  due_today: number;
  currency: string;
  currency_symbol: string;
  /** the names of the memberships it replaces (upgrade) or follows (queued) */
  replaces: string[];
  /** seconds: when it starts */
  starts_at: number;
  refused: string | null;
}

/** One line of the caller's billing history: a charge, a renewal or a refund, each with its receipt. */
export interface BillingHistoryItem {
  /** the payment's id (the receipt's) */
  id: string;
  order_id: string | null;
  kind: 'purchase' | 'upgrade' | 'renewal' | 'refund';
  /** what was bought: 'Standard Monthly', '100 Credits' */
  item: string;
  /** charged (or, for a refund, given back), in currency */
  amount: number;
  currency: string;
  currency_symbol: string;
  /** seconds */
  created_at: number;
  /** 'refunded': a refund, or a charge of an order refunded since */
  status: 'paid' | 'refunded';
  card_last4: string;
  /** the receipt page (HTML, opens in its own tab): a path on the API, resolved against the API base like a buy_url */
  receipt_url: string;
}

/**
 * The BroadcastChannel the checkout's success page posts on (same origin as the studio), so a studio tab
 * learns of the purchase at once: `{ type: 'purchase-complete', order_id }`.
 */
export const BILLING_CHANNEL = 'studio:billing';
export interface BillingChannelMessage {
  type: 'purchase-complete';
  order_id: string;
}

/** The feature code user info carries for the "credits 10" plan lists (variant B of the sku_week_10_credits test). */
export const CREDITS_10_FEATURE_CODE = 'sku_week_10_credits';

/** The Free plan's daily task cap, in the words a Free member reads where credits are sold and in the 429. */
export function freeDailyCapText(tasks: number): string {
  return `The Free plan starts up to ${tasks} tasks a day on free credits. Holding bought credits or a membership lifts the limit.`;
}
export function freeDailyLimitText(tasks: number): string {
  return `Daily limit reached: the Free plan starts up to ${tasks} tasks a day. Buy credits or a membership to lift it, or try again tomorrow.`;
}

export const CHECKOUT_SOURCE_DIALOG = 'dialog';
export const CHECKOUT_SOURCE_PRICING = 'pricing';

declare module './calls.js' {
  interface ApiCallMap {
    'GET /v1/buy/subscriptions': { query: void; body: void; data: MembershipItem[] };
    /** cancel at period end: the membership runs to expires_at and is not renewed */
    'POST /v1/buy/subscription/cancel': { query: void; body: { id: number }; data: MembershipItem };
    'GET /v1/buy/credit-plans': { query: void; body: void; data: CreditPlanItem[] };
    /** cancel a credit plan at period end */
    'POST /v1/buy/credit-plan/cancel': { query: void; body: { id: number }; data: { cancelled: boolean } };
    /** undo a cancel before the period ends: the membership renews again */
    'POST /v1/buy/subscription/resume': { query: void; body: { id: number }; data: MembershipItem };
    /** a change to a smaller plan (or back to its own sku), taking effect at the period's end */
    'POST /v1/buy/subscription/change': { query: void; body: { id: number; sku_id: number }; data: MembershipItem };
    'POST /v1/buy/credit-plan/resume': { query: void; body: { id: number }; data: { resumed: boolean } };
    /** what buying this sku would charge now and change (proration of an upgrade) */
    'GET /v1/buy/quote': { query: { sku_id: number; zero_buy?: number }; body: void; data: PlanQuote };
    /** the caller's charges, renewals and refunds, newest first */
    'GET /v1/buy/history': { query: void; body: void; data: BillingHistoryItem[] };
    /** the 30-day money-back refund of one of the caller's orders */
    'POST /v1/buy/refund': { query: void; body: { order_id: string }; data: { order_id: string; status: 'refunded' | 'refund_requested'; credits_taken_back: number } };
  }
}
