import { useEffect, useRef, useState } from 'react';
import { useShell, type BuyTab } from 'shared-contracts';
import { FreeTrialCard } from '../promotion/components/free-trial-card';
import { StartupPopup } from '../promotion/components/startup-popup';
import { PurchaseDialog } from '../purchase/components/purchase-dialog';
import { usePurchaseWatcher } from '../purchase/hooks/purchase-watcher';
import { buyRequestOf, NO_REQUEST, type BuyRequest } from '../purchase/utils/open-request';
import { openingTab } from '../purchase/utils/tab';

/**
 * Mounted once by the shell: opens the purchase dialog whenever anyone emits 'billing:open' (switching
 * tab records it as the default for the next open), watches a pending purchase until it is paid, and holds
 * the start-up pop-up and the free-trial card.
 */
export function BillingHost() {
  const shell = useShell();
  const [tab, setTab] = useState<BuyTab | null>(null);
  const [request, setRequest] = useState<BuyRequest>(NO_REQUEST);
  const lastChosen = useRef<BuyTab>('membership');
  // a purchase lands however the member gets back: the dialog closes if it is still open
  usePurchaseWatcher(() => setTab(null));

  useEffect(
    () =>
      shell.bus.on('billing:open', (request) => {
        const asked = buyRequestOf(request.data);
        shell.track('miai_purchase_interface_expose', { reason: request.reason ?? '', ...(asked.activityType ? { activity_type: asked.activityType } : {}) });
        setRequest(asked);
        setTab(openingTab(request, shell.session.state.planLevel, lastChosen.current));
      }),
    [shell],
  );

  return (
    <>
      <FreeTrialCard />
      {tab ? null : <StartupPopup />}
      {tab ? (
        <PurchaseDialog
          tab={tab}
          onTabChange={(next) => {
            lastChosen.current = next;
            setTab(next);
          }}
          request={request}
          onClose={() => {
            // closing ends the dialog and clears its activity type (spec section 4)
            setRequest(NO_REQUEST);
            setTab(null);
          }}
        />
      ) : null}
    </>
  );
}
