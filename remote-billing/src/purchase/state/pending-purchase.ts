/**
 * The purchase this tab started and has not yet seen paid (one at a time: the latest click). Kept in
 * sessionStorage, so the studio tab still notices the payment after a reload; dropped once the purchase
 * poll's 450 tries (15 minutes) are over.
 */
import { proxy } from 'valtio';
import { PURCHASE_POLL_INTERVAL_MS, PURCHASE_POLL_MAX_TRIES } from 'shared-contracts';

export interface PendingPurchase {
  skuId: number;
  sid: string;
  /** epoch ms of the buy click: the poll asks for orders paid since then */
  startedAt: number;
}

const PENDING_PURCHASE_KEY = 'studio.billing.pending-purchase';
const WATCH_MS = PURCHASE_POLL_INTERVAL_MS * PURCHASE_POLL_MAX_TRIES;

function read(now: number): PendingPurchase | null {
  try {
    const raw = window.sessionStorage.getItem(PENDING_PURCHASE_KEY);
    const value = raw ? (JSON.parse(raw) as PendingPurchase) : null;
    return value && typeof value.startedAt === 'number' && now - value.startedAt < WATCH_MS ? value : null;
  } catch {
    return null;
  }
}

function write(value: PendingPurchase | null): void {
  try {
    if (value) window.sessionStorage.setItem(PENDING_PURCHASE_KEY, JSON.stringify(value));
    else window.sessionStorage.removeItem(PENDING_PURCHASE_KEY);
  } catch (error) {
    console.warn('[purchase] could not keep the pending purchase', error);
  }
}

export const pendingPurchase = proxy<{ current: PendingPurchase | null }>({ current: read(Date.now()) });

export function startPending(purchase: PendingPurchase): void {
  pendingPurchase.current = purchase;
  write(purchase);
}

export function clearPending(): void {
  pendingPurchase.current = null;
  write(null);
}
