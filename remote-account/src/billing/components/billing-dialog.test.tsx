import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ShellContext, type BillingHistoryItem, type CreditPlanItem, type MembershipItem, type SkuItem } from 'shared-contracts';
import { createFakeShell, makeUser, type FakeShell } from '../../../../test-support/shell-double';
import { BillingDialog } from './billing-dialog';

const membership = (over: Partial<MembershipItem>): MembershipItem => ({
  id: 1, sku_id: 24109015, name: 'Premium Monthly', level: 'premium', period_unit: 'month', status: 'active', is_trial: false,
  started_at: 1_868_000_000, expires_at: 1_900_000_000, auto_renew: true, cancel_at_period_end: false, order_id: 'o1', refundable: true, renews_into: null, ...over,
});
const standardMonthly = { sku_id: 24109013, kind: 'membership', sub_tpl_name: 'Standard Monthly', period_unit: 'month', price: 14.99, currency_symbol: '$', extInfo: { tier: 'STANDARD' } } as unknown as SkuItem;
const plan: CreditPlanItem = { id: 7, sku_id: 24110003, name: '100 Credits Monthly', credits: 100, period_unit: 'month', status: 'active', expires_at: 1_899_000_000, cancel_at_period_end: true };
const history: BillingHistoryItem[] = [
  { id: 'p2', order_id: 'order-2', kind: 'refund', item: 'Premium Monthly', amount: 39.99, currency: 'USD', currency_symbol: '$', created_at: 1_868_100_000, status: 'refunded', card_last4: '', receipt_url: '/v1/buy/receipt/p2' },
  { id: 'p1', order_id: 'order-2', kind: 'purchase', item: 'Premium Monthly', amount: 39.99, currency: 'USD', currency_symbol: '$', created_at: 1_868_000_000, status: 'refunded', card_last4: '4242', receipt_url: '/v1/buy/receipt/p1' },
];

function renderDialog(memberships: MembershipItem[]) {
  const shell: FakeShell = createFakeShell({ user: makeUser({ verify: { level: 'premium', expired_time: 1_900_000_000, is_expired: false } }) });
  const calls: { key: string; body: unknown }[] = [];
  let current = memberships;
  shell.handlers.set('GET /v1/buy/subscriptions', () => current);
  shell.handlers.set('GET /v1/buy/credit-plans', () => [plan]);
  shell.handlers.set('GET /v1/buy/history', () => history);
  shell.handlers.set('GET /v1/buy/sku-info', () => ({ sku_buy_list: [standardMonthly], zero_buy_checked: false, free_daily_tasks: 20 }));
  shell.handlers.set('POST /v1/user', () => shell.session.state.user);
  for (const key of ['POST /v1/buy/subscription/cancel', 'POST /v1/buy/subscription/resume', 'POST /v1/buy/subscription/change', 'POST /v1/buy/credit-plan/resume'] as const) {
    shell.handlers.set(key, ({ body }) => {
      calls.push({ key, body });
      if (key === 'POST /v1/buy/subscription/cancel') current = current.map((m) => ({ ...m, auto_renew: false, cancel_at_period_end: true }));
      return key === 'POST /v1/buy/credit-plan/resume' ? { resumed: true } : current[0];
    });
  }
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <ShellContext.Provider value={shell}>
        <BillingDialog shell={shell} open onClose={() => undefined} />
      </ShellContext.Provider>
    </SWRConfig>,
  );
  return { shell, calls };
}

describe('the billing dialog', () => {
  it('cancels a plan only after a confirmation, then offers Resume', async () => {
    const { calls } = renderDialog([membership({})]);
    const dialog = await screen.findByRole('dialog', { name: 'Billing' });
    const plans = within(dialog).getByRole('region', { name: 'Your plans' });
    expect(await within(plans).findByText('Renews on Mar 17, 2030')).toBeInTheDocument();
    fireEvent.click(within(plans).getByRole('button', { name: 'Cancel Premium Monthly' }));
    const confirm = screen.getByRole('dialog', { name: 'Cancel Premium Monthly?' });
    expect(confirm).toHaveAccessibleDescription('Premium Monthly stays until Mar 17, 2030 and will not renew. You can resume it until then.');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    expect(calls).toEqual([]);
    fireEvent.click(within(plans).getByRole('button', { name: 'Cancel Premium Monthly' }));
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel Premium Monthly?' })).getByRole('button', { name: 'Cancel renewal' }));
    });
    expect(calls).toEqual([{ key: 'POST /v1/buy/subscription/cancel', body: { id: 1 } }]);
    expect(await within(plans).findByText('Ends on Mar 17, 2030, does not renew')).toBeInTheDocument();
    expect(within(plans).getByRole('button', { name: 'Resume Premium Monthly' })).toBeInTheDocument();
  });

  it('switches a Premium plan to Standard at renewal after a confirmation', async () => {
    const { calls } = renderDialog([membership({})]);
    const dialog = await screen.findByRole('dialog', { name: 'Billing' });
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Switch to Standard Monthly at renewal' }));
    const confirm = screen.getByRole('dialog', { name: 'Switch to Standard Monthly?' });
    expect(confirm).toHaveAccessibleDescription('Premium Monthly stays until Mar 17, 2030; then Standard Monthly starts at $14.99 a month. Nothing changes before then.');
    await act(async () => {
      fireEvent.click(within(confirm).getByRole('button', { name: 'Switch at renewal' }));
    });
    expect(calls).toEqual([{ key: 'POST /v1/buy/subscription/change', body: { id: 1, sku_id: 24109013 } }]);
  });

  it('lists the history with order ids, statuses and receipts, and the credit plan with Resume', async () => {
    const { calls } = renderDialog([]);
    const dialog = await screen.findByRole('dialog', { name: 'Billing' });
    const payments = await within(dialog).findByRole('list', { name: 'Payments' });
    const items = within(payments).getAllByTestId('billing-history-item');
    expect(items.map((item) => item.textContent)).toEqual([
      'Refund: Premium Monthly-$39.992029-03-13 · Refunded · Order order-2Receipt',
      'Purchase: Premium Monthly$39.992029-03-12 · Refunded · card ending 4242 · Order order-2Receipt',
    ]);
    expect(within(items[1]).getByRole('link', { name: 'Receipt: purchase of Premium Monthly, $39.99, 2029-03-12' })).toHaveAttribute('href', `${window.location.origin}/v1/buy/receipt/p1`);
    await waitFor(() => expect(within(dialog).getByText('Ends on Mar 6, 2030, does not renew')).toBeInTheDocument());
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Resume 100 Credits Monthly' }));
    });
    expect(calls).toEqual([{ key: 'POST /v1/buy/credit-plan/resume', body: { id: 7 } }]);
  });
});
