/**
 * remote_account/AccountHost (login dialog, account panel, check-in...) and remote_billing/BillingHost
 * (purchase dialog, promotions...) are mounted once for the whole app. Each sits in its own boundary. The
 * account host comes at once: the header's account entry loads the same remote anyway, and a Login click
 * must reach a listener inside the click (a pop-up opened later is blocked). The billing host waits until
 * the browser is idle. When its remote could not load, a click that asks for the purchase dialog loads it
 * afresh and is handed to it; if it fails again the member is told so, instead of nothing happening.
 */
import { useEffect } from 'react';
import { useShell, type BusEvents } from 'shared-contracts';
import { RemoteArea } from '../federation/remote-area';
import { useIdle } from '../lifecycle/use-idle';

export const BILLING_UNAVAILABLE = 'Plans and purchases could not be loaded. Check your connection and try again.';

/** The request a fresh load was started for: if it comes back here, that load failed too. */
let replayed: BusEvents['billing:open'] | null = null;

function BillingUnavailable({ retry }: { retry(): void }) {
  const { bus, toast } = useShell();
  useEffect(() => {
    let pending: BusEvents['billing:open'] | null = null;
    const off = bus.on('billing:open', (request) => {
      if (request === replayed) {
        replayed = null;
        toast.error(BILLING_UNAVAILABLE);
        return;
      }
      pending = request;
      retry();
    });
    return () => {
      off();
      // asked again while nobody listens: the bus keeps it (the same object) for the host that loads, or for
      // this fallback again
      if (pending) {
        const request = pending;
        replayed = request;
        setTimeout(() => bus.emit('billing:open', request), 0);
      }
    };
  }, [bus, toast, retry]);
  return null;
}

export function GlobalHosts() {
  const idle = useIdle();
  return (
    <>
      <RemoteArea module="remote_account/AccountHost" props={{}} area="Account" fallback="silent" />
      {idle ? <RemoteArea module="remote_billing/BillingHost" props={{}} area="Billing" fallback={(retry) => <BillingUnavailable retry={retry} />} /> : null}
    </>
  );
}
