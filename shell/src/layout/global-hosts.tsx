/**
 * remote_account/AccountHost (login dialog, account panel, check-in...) and remote_billing/BillingHost
 * (purchase dialog, promotions...) are mounted once for the whole app, after the first paint. Each sits
 * in its own boundary that renders nothing when its remote is down.
 */
import { useEffect, useState } from 'react';
import { RemoteArea } from '../federation/remote-area';

export function GlobalHosts() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const start = () => setMounted(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(start, { timeout: 1500 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(start, 200);
    return () => clearTimeout(id);
  }, []);
  if (!mounted) return null;
  return (
    <>
      <RemoteArea module="remote_account/AccountHost" props={{}} area="Account" fallback="silent" />
      <RemoteArea module="remote_billing/BillingHost" props={{}} area="Billing" fallback="silent" />
    </>
  );
}
