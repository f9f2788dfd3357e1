import { BillingHost } from '../app/billing-host';

export default function BillingHostExpose() {
  return <BillingHost />;
}
