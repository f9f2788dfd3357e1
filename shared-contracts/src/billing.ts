/**
 * The shop's contract beyond the sku and trade-info calls of calls.ts: the caller's memberships, cancel,
 * the money-back refund, and the query a buy URL carries to the checkout page.
 */
import type { PeriodUnit } from './entities.js';

/**
 * A membership as its owner sees it. status: trialing (the 3-day trial), active (a paid period running),
 * scheduled (bought while another of the same level runs: starts when that one ends), expired, refunded,
 * converted (a trial that became the paid plan, which is listed on its own).
 */
export type MembershipStatus = 'trialing' | 'active' | 'scheduled' | 'expired' | 'refunded' | 'converted';

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
    /** the 30-day money-back refund of one of the caller's orders */
    'POST /v1/buy/refund': { query: void; body: { order_id: string }; data: { order_id: string; status: 'refunded' | 'refund_requested'; credits_taken_back: number } };
  }
}
