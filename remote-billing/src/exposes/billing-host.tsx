import { BillingHost } from '../purchase/components/billing-host';

export default function BillingHostExpose() {
  return <BillingHost />;
}
