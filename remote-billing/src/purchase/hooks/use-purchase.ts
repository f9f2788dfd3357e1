import { useCallback, useEffect, useRef } from 'react';
import { PURCHASE_REFRESH_DELAYS_MS, USER_TEXTS, loadTimeOutcome, trackEvent, useShell, type SkuItem } from 'shared-contracts';
import { newSessionId, shopUrl } from '../utils/pricing';
import { PurchasePoll } from './purchase-poll';

/**
 * A buy click and what follows: a visitor gets the login dialog; a user gets the shop in a new tab and the
 * purchase poll, which on success refreshes the user at once and at 3, 6 and 9 s, tracks
 * purchase_successful, says 'Successful purchase' and closes the dialog.
 */
export function usePurchase(onClose: () => void, source: string) {
  const shell = useShell();
  const openedAt = useRef(Date.now());
  const pollRef = useRef<PurchasePoll | null>(null);
  const lastSku = useRef<{ sku: number; sid: string } | null>(null);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const poll = new PurchasePoll(
      {
        ask: (seconds) => shell.api.call('GET /v1/buy/trade-info', { query: { time_before: seconds } }),
        onSuccess: (order) => {
          void shell.session.refreshUser();
          for (const delay of PURCHASE_REFRESH_DELAYS_MS) setTimeout(() => void shell.session.refreshUser(), delay);
          trackEvent(shell, 'purchase_successful', {
            sku_id: order?.sku_id_list[0],
            order_id: order?.order_id,
            load_time: loadTimeOutcome(Date.now() - openedAt.current).load_time,
          });
          if (order) shell.bus.emit('billing:purchased', { orderId: order.order_id });
          shell.toast.success(USER_TEXTS.PURCHASE_SUCCESS);
          close.current();
        },
        now: () => Date.now(),
        isVisible: () => document.visibilityState !== 'hidden',
        setTimer: (fn, ms) => window.setTimeout(fn, ms),
        clearTimer: (handle) => window.clearTimeout(handle as number),
      },
      openedAt.current,
    );
    pollRef.current = poll;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') poll.stop();
      else if (poll.tries > 0 || lastSku.current) poll.start();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      poll.stop();
    };
  }, [shell]);

  const buy = useCallback(
    (sku: SkuItem | null, zeroChecked: boolean, tab: string) => {
      if (!shell.session.state.flags.isLogin) {
        shell.bus.emit('account:login-required', { reason: 'purchase' });
        return;
      }
      if (!sku) return;
      const sid = newSessionId();
      const url = shopUrl(sku, zeroChecked, sid, shell.config.apiBase || window.location.origin, source);
      if (!url) return;
      lastSku.current = { sku: sku.sku_id, sid };
      trackEvent(shell, 'miai_purchase_interface_click', { button: zeroChecked ? 'free_trial' : 'buy', sku_id: sku.sku_id, sid, tab });
      window.open(url, '_blank', 'noopener');
      pollRef.current?.start();
    },
    [shell, source],
  );

  return { buy, lastSku };
}
