import type { BusEvents, BuyTab, PlanLevel } from 'shared-contracts';

/**
 * Which tab the purchase dialog opens on (spec section 4, buy dialog): the tab asked for; with a smart
 * open, membership for free users and visitors and credits otherwise; else the last tab the user chose.
 */
export function openingTab(request: BusEvents['billing:open'], planLevel: PlanLevel, lastChosen: BuyTab): BuyTab {
  if (request.tab) return request.tab;
  if (request.smart) return planLevel === 'guest' || planLevel === 'free' ? 'membership' : 'credits';
  return lastChosen;
}

/** Desktop shows Credits then Membership; phones Membership then Credits. */
export function tabOrder(isPhone: boolean): BuyTab[] {
  return isPhone ? ['membership', 'credits'] : ['credits', 'membership'];
}
