/**
 * Watches the pending purchase from the BillingHost, which lives as long as the page: closing the purchase
 * dialog (or buying from /pricing) does not stop it. The poll of spec section 4 asks every 2 s, at most
 * 450 times, while the page is visible; the checkout's success page posts on the billing channel and the
 * tab coming back into view asks at once. On the order: the user is refreshed at once and at 3, 6 and 9 s,
 * purchase_successful is tracked, 'Successful purchase' is said, and onDone closes the dialog.
 */
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { BILLING_CHANNEL, PURCHASE_REFRESH_DELAYS_MS, USER_TEXTS, loadTimeOutcome, trackEvent, useShell, type BillingChannelMessage } from 'shared-contracts';
import { clearPending, pendingPurchase } from '../state/pending-purchase';
import { PurchasePoll } from './purchase-poll';

export function usePurchaseWatcher(onDone: () => void): void {
  const shell = useShell();
  const pending = useSnapshot(pendingPurchase).current;
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (!pending) return;
    const startedAt = pending.startedAt;
    const poll = new PurchasePoll(
      {
        ask: (seconds) => shell.api.call('GET /v1/buy/trade-info', { query: { time_before: seconds } }),
        onSuccess: (order) => {
          clearPending();
          void shell.session.refreshUser();
          for (const delay of PURCHASE_REFRESH_DELAYS_MS) setTimeout(() => void shell.session.refreshUser(), delay);
          trackEvent(shell, 'purchase_successful', { sku_id: order?.sku_id_list[0], order_id: order?.order_id, load_time: loadTimeOutcome(Date.now() - startedAt).load_time });
          if (order) shell.bus.emit('billing:purchased', { orderId: order.order_id });
          shell.toast.success(USER_TEXTS.PURCHASE_SUCCESS);
          done.current();
        },
        onGiveUp: clearPending,
        now: () => Date.now(),
        isVisible: () => document.visibilityState !== 'hidden',
        setTimer: (fn, ms) => window.setTimeout(fn, ms),
        clearTimer: (handle) => window.clearTimeout(handle as number),
      },
      startedAt,
    );
    poll.start();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') poll.stop();
      else {
        poll.start();
        poll.checkNow();
      }
    };
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('focus', onVisibility);
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(BILLING_CHANNEL) : null;
    if (channel) {
      channel.onmessage = (event: MessageEvent<BillingChannelMessage>) => {
        if (event.data?.type === 'purchase-complete') poll.checkNow();
      };
    }
    return () => {
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('focus', onVisibility);
      channel?.close();
      poll.stop();
    };
  }, [pending, shell]);
}
