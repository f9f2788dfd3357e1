/**
 * What an opener of the purchase dialog may say beside the tab (spec section 4: "opened with a tab and
 * optional data"): the activity that opened it (the pricing state's activityType, sent with the purchase
 * events and cleared when the dialog closes) and a sku to preselect. (The recommend campaign's default, the
 * first yearly pay-once pack, is every credits tab's default already: the packs are listed first.)
 */
import type { SkuItem } from 'shared-contracts';

export interface BuyRequest {
  activityType: string;
  skuId: number | null;
}

export const NO_REQUEST: BuyRequest = { activityType: '', skuId: null };

export function buyRequestOf(data: Record<string, unknown> | undefined): BuyRequest {
  const activity = data?.activityType ?? data?.activity_type;
  const sku = data?.skuId ?? data?.sku_id;
  return {
    activityType: typeof activity === 'string' ? activity.slice(0, 64) : '',
    skuId: typeof sku === 'number' && Number.isInteger(sku) ? sku : null,
  };
}

/** The sku the opener named, when the tab lists it (else null: the tab's own default). */
export function requestedSku(request: BuyRequest, list: readonly SkuItem[]): SkuItem | null {
  return request.skuId === null ? null : (list.find((sku) => sku.sku_id === request.skuId) ?? null);
}
