/**
 * remote_account/AccountHost (login dialog, account panel, check-in...) and remote_billing/BillingHost
 * (purchase dialog, promotions...) are mounted once for the whole app, after the first paint. Each sits
 * in its own boundary that renders nothing when its remote is down.
 */
import { RemoteArea } from '../federation/remote-area';
import { useIdle } from '../lifecycle/use-idle';

export function GlobalHosts() {
  const idle = useIdle();
  if (!idle) return null;
  return (
    <>
      <RemoteArea module="remote_account/AccountHost" props={{}} area="Account" fallback="silent" />
      <RemoteArea module="remote_billing/BillingHost" props={{}} area="Billing" fallback="silent" />
    </>
  );
}
