/**
 * The member's billing as the account remote reads it (the calls of shared-contracts billing.ts): their
 * memberships and credit plans, their history, and the plans on sale (for a change to a smaller plan).
 * One SWR key per call, so the panel and the billing dialog share what they fetched.
 */
import useSWR from 'swr';
import type { ShellApi } from 'shared-contracts';

const FRESH = { revalidateOnFocus: true, dedupingInterval: 2000 } as const;

export const useMemberships = (shell: ShellApi, on = true) =>
  useSWR(on ? 'account:memberships' : null, () => shell.api.call('GET /v1/buy/subscriptions', {}), FRESH);

export const useCreditPlans = (shell: ShellApi, on = true) =>
  useSWR(on ? 'account:credit-plans' : null, () => shell.api.call('GET /v1/buy/credit-plans', {}), FRESH);

export const useBillingHistory = (shell: ShellApi, on = true) =>
  useSWR(on ? 'account:billing-history' : null, () => shell.api.call('GET /v1/buy/history', {}), FRESH);

export const useSkuInfo = (shell: ShellApi, on = true) =>
  useSWR(on ? 'account:sku-info' : null, () => shell.api.call('GET /v1/buy/sku-info', {}), { revalidateOnFocus: false, dedupingInterval: 60_000 });
