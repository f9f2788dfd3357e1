import { useCallback, useRef, useState } from 'react';
import { trackEvent, useShell, type SkuItem } from 'shared-contracts';
import { startPending } from '../state/pending-purchase';
import { newSessionId, shopUrl } from '../utils/pricing';

/** A second click this soon after a buy click is the same click (a double click): it opens nothing. */
const ONE_CLICK_MS = 1500;

/**
 * A buy click: a visitor gets the login dialog; a user gets the shop in a new tab, once per click, and the
 * purchase becomes pending: the BillingHost's watcher (purchase-watcher.ts) waits for its order whether
 * or not the dialog stays open. `opening` is true for the moments a click is being handled.
 */
export function usePurchase(source: string, activityType = '') {
  const shell = useShell();
  const lastSku = useRef<{ sku: number; sid: string } | null>(null);
  const lastClick = useRef(0);
  const [opening, setOpening] = useState(false);

  const buy = useCallback(
    (sku: SkuItem | null, zeroChecked: boolean, tab: string) => {
      if (!shell.session.state.flags.isLogin) {
        shell.bus.emit('account:login-required', { reason: 'purchase' });
        return;
      }
      // the button is disabled after a click, but a double click lands both clicks before React re-renders
      const now = Date.now();
      if (!sku || now - lastClick.current < ONE_CLICK_MS) return;
      const sid = newSessionId();
      const url = shopUrl(sku, zeroChecked, sid, shell.config.apiBase || window.location.origin, source);
      if (!url) return;
      lastClick.current = now;
      setOpening(true);
      setTimeout(() => setOpening(false), ONE_CLICK_MS);
      lastSku.current = { sku: sku.sku_id, sid };
      trackEvent(shell, 'miai_purchase_interface_click', { button: zeroChecked ? 'free_trial' : 'buy', sku_id: sku.sku_id, sid, tab, ...(activityType ? { activity_type: activityType } : {}) });
      window.open(url, '_blank', 'noopener');
      startPending({ skuId: sku.sku_id, sid, startedAt: now });
    },
    [shell, source, activityType],
  );

  return { buy, lastSku, opening };
}
