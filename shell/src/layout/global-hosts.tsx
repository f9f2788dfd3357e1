/**
 * remote_account/AccountHost (login dialog, account panel, check-in...) and remote_billing/BillingHost
 * (purchase dialog, promotions...) are mounted once for the whole app. Each sits in its own boundary that
 * renders nothing when its remote is down. The account host comes at once: the header's account entry
 * loads the same remote anyway, and a Login click must reach a listener inside the click (a pop-up opened
 * later is blocked). The billing host waits until the browser is idle.
 */
import { RemoteArea } from '../federation/remote-area';
import { useIdle } from '../lifecycle/use-idle';

export function GlobalHosts() {
  const idle = useIdle();
  return (
    <>
      <RemoteArea module="remote_account/AccountHost" props={{}} area="Account" fallback="silent" />
      {idle ? <RemoteArea module="remote_billing/BillingHost" props={{}} area="Billing" fallback="silent" /> : null}
    </>
  );
}
