/**
 * The promotion rules of spec sections 4, 5 and 6 as pure functions, so each is tested on its own.
 */
import { CAMPAIGN_START_MS, PROMOTION_HIDE_MS, type AdItem, type PromotionFlag } from 'shared-contracts';
import { inCampaignAudience } from '../../lib/campaign';

const FREE_TRIAL_ACTIVITY = '3_days_free';
/** Ads that sell a membership (the trial, a membership discount): a Premium member can buy no higher plan. */
const MEMBERSHIP_ACTIVITIES: ReadonlySet<string> = new Set([FREE_TRIAL_ACTIVITY, 'membership_discount']);
const DAY_MS = 24 * 60 * 60 * 1000;

export interface Viewer {
  isPhone: boolean;
  isLogin: boolean;
  isSubscribed: boolean;
  /** the top plan: no membership is left to sell them */
  isPremium: boolean;
  /** membership-upgrade mode (section 6) */
  upgrade: boolean;
  /** the campaign-audience flag: variant B (plan 2) of the ad_banner_undefined test */
  campaign: boolean;
}

/** A placement shows only if not closed in the last 24 hours and not shown today (showing records today). */
export function mayShowPlacement(flag: PromotionFlag, now: number, today: string): boolean {
  if (flag.closedAt > 0 && now - flag.closedAt < PROMOTION_HIDE_MS) return false;
  return flag.lastShownDate !== today;
}


/** The desktop header banner: desktop, the campaign audience, and only logged out (logged-in users get the pop-up). */
export function showHeaderBanner(viewer: Viewer, now: number): boolean {
  return !viewer.isPhone && !viewer.isLogin && inCampaignAudience(viewer, now);
}

/** The start-up pop-up: the desktop one for logged-in users of the audience; the phone one for the audience on phones. */
export function popupPlacement(viewer: Viewer, now: number): 'pc_popup' | 'mobile_popup' | null {
  if (!inCampaignAudience(viewer, now)) return null;
  if (viewer.isPhone) return 'mobile_popup';
  return viewer.isLogin ? 'pc_popup' : null;
}

/** A sale the viewer cannot take up: a membership offered to a Premium member (who just paid for the top plan). */
function cannotBuy(ad: Pick<AdItem, 'activity'>, viewer: Viewer): boolean {
  return viewer.isPremium && MEMBERSHIP_ACTIVITIES.has(ad.activity);
}

/**
 * Floating ad hidden: on phones when logged out, when closed, when subscribed and the activity is 3_days_free,
 * in upgrade mode; and a membership sale for a Premium member.
 */
export function showFloatingAd(ad: Pick<AdItem, 'activity'>, viewer: Viewer, closed: boolean): boolean {
  if (viewer.isPhone && !viewer.isLogin) return false;
  if (closed) return false;
  if (viewer.isSubscribed && ad.activity === FREE_TRIAL_ACTIVITY) return false;
  if (cannotBuy(ad, viewer)) return false;
  return !viewer.upgrade;
}

/** Header ad hidden in the subscribed 3_days_free and upgrade cases, and a membership sale for a Premium member. */
export function showHeaderAd(ad: Pick<AdItem, 'activity'>, viewer: Viewer): boolean {
  if (viewer.isSubscribed && ad.activity === FREE_TRIAL_ACTIVITY) return false;
  if (cannotBuy(ad, viewer)) return false;
  return !viewer.upgrade;
}

/** The pop-up's countdown: what is left of the current 24-hour cycle since the campaign started, each unit capped at 99. */
export function countdown(now: number, start: number = CAMPAIGN_START_MS): { h: string; m: string; s: string } {
  const elapsed = Math.max(0, now - start);
  const left = Math.floor((DAY_MS - (elapsed % DAY_MS)) / 1000);
  const cap = (n: number) => String(Math.min(99, n)).padStart(2, '0');
  return { h: cap(Math.floor(left / 3600)), m: cap(Math.floor((left % 3600) / 60)), s: cap(left % 60) };
}

/** An empty target means "open the purchase dialog" (both the API seed and this remote read it so). */
export function opensPurchaseDialog(target: string): boolean {
  return target.trim() === '';
}
