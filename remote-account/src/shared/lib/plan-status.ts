/**
 * What a member reads about each of their plans: when it renews, changes, ends or starts, and which
 * actions it offers (cancel only what renews, resume only what was cancelled and still runs, a change to
 * the smaller plan only for a paid Premium).
 */
import dayjs from 'dayjs';
import type { CreditPlanItem, MembershipItem, SkuItem } from 'shared-contracts';

export const dateText = (seconds: number) => dayjs.unix(seconds).format('MMM D, YYYY');

/** A membership that is running or waiting to start. */
export const isLive = (m: MembershipItem) => m.status === 'active' || m.status === 'trialing' || m.status === 'scheduled';

export function membershipStatus(m: MembershipItem): string {
  const end = dateText(m.expires_at);
  if (m.status === 'scheduled') return `Starts on ${dateText(m.started_at)}`;
  if (m.is_trial) return m.auto_renew ? `Free trial until ${end}, then the paid plan starts` : `Free trial ends on ${end} (cancelled; its credits end with it)`;
  if (m.cancel_at_period_end || !m.auto_renew) return `Ends on ${end}, does not renew`;
  if (m.renews_into) return `Changes to ${m.renews_into.name} on ${end}`;
  return `Renews on ${end}`;
}

export function creditPlanStatus(plan: CreditPlanItem): string {
  const end = dateText(plan.expires_at);
  return plan.cancel_at_period_end ? `Ends on ${end}, does not renew` : `Renews on ${end} with ${plan.credits} credits`;
}

/** Cancel: a plan that would renew (a trial too: cancelled before it converts, nothing is charged). */
export const canCancel = (m: MembershipItem) => isLive(m) && m.status !== 'scheduled' && m.auto_renew;

/** Resume: cancelled, still running. The server refuses it while a bought plan waits to follow it. */
export const canResume = (m: MembershipItem) => (m.status === 'active' || m.status === 'trialing') && m.cancel_at_period_end;

/**
 * The smaller plan a running paid Premium can change to at its period's end: Standard of the same period.
 * null when there is none to offer (or a change is already scheduled: then the offer is to keep the plan).
 */
export function smallerPlan(m: MembershipItem, skus: readonly SkuItem[]): SkuItem | null {
  if (m.level !== 'premium' || m.is_trial || m.status !== 'active' || !m.auto_renew || m.renews_into) return null;
  return skus.find((sku) => sku.kind === 'membership' && sku.extInfo.tier === 'STANDARD' && sku.period_unit === m.period_unit) ?? null;
}
