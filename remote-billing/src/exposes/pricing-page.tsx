import { PricingPage } from '../plans/components/pricing-page';

export default function PricingPageExpose() {
  return <PricingPage />;
}
