/** The free-trial floating card's rules (spec section 4): who sees it, when, and what it says. */
import { FREE_TRIAL_COLLAPSE_MS, FREE_TRIAL_SHOW_DELAY_MS, SIGNUP_CREDITS, TRIAL_CREDITS, TRIAL_DAYS } from 'shared-contracts';

export type TrialVariant = 'A' | 'B';

export interface CardViewer {
  isPhone: boolean;
  isLogin: boolean;
  isNewUser: boolean;
  isSubscribed: boolean;
}

/** Hidden on phones; shown to visitors and to new users without a membership. */
export function cardAudience(viewer: CardViewer): boolean {
  if (viewer.isPhone || viewer.isSubscribed) return false;
  return !viewer.isLogin || viewer.isNewUser;
}

/**
 * When the card appears and when it collapses, in ms after load: a logged-in new user sees it after
 * 10 ms and it collapses after 15 s; a visitor sees nothing at first and it appears after 15 s.
 */
export function cardTimings(isLogin: boolean): { showAt: number; collapseAt: number | null } {
  return isLogin ? { showAt: FREE_TRIAL_SHOW_DELAY_MS, collapseAt: FREE_TRIAL_SHOW_DELAY_MS + FREE_TRIAL_COLLAPSE_MS } : { showAt: FREE_TRIAL_COLLAPSE_MS, collapseAt: null };
}

export function cardText(isLogin: boolean, variant: TrialVariant): { title: string; body: string; action: string } {
  if (!isLogin) {
    return variant === 'A'
      ? { title: 'Your first video is free', body: 'Sign up and turn one image into a video for free.', action: 'Sign up free' }
      : { title: `${SIGNUP_CREDITS} free credits`, body: `Sign up and get ${SIGNUP_CREDITS} credits to create videos, images and music.`, action: 'Sign up free' };
  }
  return variant === 'A'
    ? { title: 'Your free video is waiting', body: 'Animate one image into a video on us, then try the full studio.', action: 'Try Image to Video' }
    : { title: `${TRIAL_DAYS}-day free trial`, body: `Get ${TRIAL_CREDITS} credits and every Standard feature free for ${TRIAL_DAYS} days. Cancel any time.`, action: 'Start free trial' };
}
