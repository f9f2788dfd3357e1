/**
 * The Pricing page's first screen as HTML (shared-contracts/first-load's FirstScreenModule), rendered with
 * react-dom/server from the PricingPage itself as a visitor sees it: the billing periods, the month's plans with their
 * prices, the credit packs' button, the plan comparison, from the sku-info answer the gateway asks for
 * (`firstScreenCalls`) and carries in the page, so the page starts from it. Inert: its tabs, trial boxes and buttons
 * do nothing until the page takes over (it removes the copy when it mounts, in the same frame). remote-billing's build
 * bundles it for Node into its versioned folder (`firstScreenFile('remote_billing/PricingPage')`); never part of the
 * remote's browser code.
 */
import type { FirstScreenModule } from 'shared-contracts/first-load';
import { renderFirstScreen } from '@studio/ui-kit/first-screen-server';
import { PricingPage } from '../components/pricing-page';
import { SKU_INFO_PATH } from '../../lib/use-skus';

/** The plans and their prices (one call). */
export const firstScreenCalls: NonNullable<FirstScreenModule['firstScreenCalls']> = () => [SKU_INFO_PATH];

export const firstScreenHtml: FirstScreenModule['firstScreenHtml'] = ({ pathname, apiBase, data }) =>
  renderFirstScreen(<PricingPage />, { pathname, apiBase, data, inert: true });
