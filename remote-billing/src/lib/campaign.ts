/**
 * The campaign audience of spec section 6: variant B (plan 2) of the ad_banner_undefined test, from the
 * campaign's start, without a membership (subscribers are not sold a discount they cannot use). The
 * promotions and the campaign's credit packs (1000 and 2000, with their badge) follow it.
 */
import { useSnapshot } from 'valtio';
import { CAMPAIGN_START_MS, useShell } from 'shared-contracts';
import { useAbPlan } from './ab-test';

export const CAMPAIGN_TEST = 'ad_banner_undefined';

export function inCampaignAudience(viewer: { isSubscribed: boolean; campaign: boolean }, now: number): boolean {
  return viewer.campaign && now >= CAMPAIGN_START_MS && !viewer.isSubscribed;
}

/** Whether the caller is in the campaign audience now. */
export function useCampaignAudience(): boolean {
  const shell = useShell();
  const session = useSnapshot(shell.session.state);
  const campaign = useAbPlan(CAMPAIGN_TEST) === 2;
  return inCampaignAudience({ campaign, isSubscribed: session.flags.isSubscribed }, Date.now());
}
