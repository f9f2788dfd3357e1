/**
 * The purchase dialog as a member reads it (issue 22): prices that say what is charged and when, one
 * checkout per click, the purchase landing after the dialog closed, Retry on a failed sku-info, the
 * campaign's packs, the tier on offer, the Free plan's daily cap.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { freeDailyCapText, type SkuItem, type User } from 'shared-contracts';
import { createShellDouble, renderWithShell, type ShellDouble } from '../../../../test-support/shell-double';
import { BillingHost } from '../../app/billing-host';
import { clearPending } from '../state/pending-purchase';

configure({ defaultHidden: true });

const ext = (tier: 'BASIC' | 'STANDARD' | 'PREMIUM') => ({
  tier, watermark_free: tier !== 'BASIC', ultra_hd: tier !== 'BASIC', frame_interpolation: tier !== 'BASIC', faster_generations: tier === 'PREMIUM',
  videos_at_once: tier === 'PREMIUM' ? 5 : 3, unlimited_effects: tier !== 'BASIC', monthly_credits: tier === 'PREMIUM' ? 500 : 100,
});
function sku(over: Partial<SkuItem> & { credits?: number }): SkuItem {
  const { credits = 100, ...rest } = over;
  return {
    sku_id: 1, sub_tpl_id: 1, sub_tpl_name: 'x', plan: 'x', period_unit: 'year', period_val: 1, price: 14.99, original_price: 24.9, recommend_price: 14.99,
    show_rec_price: false, currency: 'USD', currency_symbol: '$', buy_url: '/v1/buy/checkout', zero_buy: false, zero_buy_url: '',
    retention_promotion: false, retention_promotion_buy_url: '', feature_code_list: [{ feature_code: 'MI-Credits-2024', sale_unit_value: credits }],
    isSubscription: false, buyZeroChecked: false, kind: 'credits', extInfo: ext('BASIC'), ...rest,
  };
}
const SKUS: SkuItem[] = [
  sku({ sku_id: 24110003, period_unit: 'month', price: 9.99, original_price: 19.9, credits: 100 }),
  sku({ sku_id: 24110007, period_unit: 'year', price: 14.99, credits: 100 }),
  sku({ sku_id: 24110010, period_unit: 'year', price: 99.99, original_price: 249, credits: 1000 }),
  sku({ sku_id: 24111014, kind: 'credits10', period_unit: 'year', price: 2.49, original_price: 2.49, credits: 10 }),
  sku({ sku_id: 24111019, kind: 'credits10', period_unit: 'year', price: 99.99, original_price: 249, credits: 1000 }),
  sku({ sku_id: 24109013, kind: 'membership', sub_tpl_name: 'Standard Monthly', period_unit: 'month', extInfo: ext('STANDARD'), price: 14.99 }),
  sku({ sku_id: 24109015, kind: 'membership', sub_tpl_name: 'Premium Monthly', period_unit: 'month', extInfo: ext('PREMIUM'), price: 39.99 }),
];

function member(shell: ShellDouble, flags: Partial<ShellDouble['session']['state']['flags']> = {}) {
  shell.session.state.user = { uid: 'u1', country: 'US' } as unknown as User;
  shell.session.state.flags = { ...shell.session.state.flags, isLogin: true, isFree: true, curCredits: 5, ...flags };
}

function open(options: { fail?: () => boolean; plans?: Record<string, number>; tab?: 'credits' | 'membership'; width?: number; login?: boolean; trade?: () => number } = {}) {
  const shell = createShellDouble(options.width ?? 1280);
  if (options.login !== false) member(shell);
  shell.api.call.mockImplementation(async (key: string, request?: { query?: { test_code?: string } }) => {
    if (key === 'GET /v1/buy/sku-info') {
      if (options.fail?.()) throw new Error('503');
      return { sku_buy_list: SKUS, zero_buy_checked: false, free_daily_tasks: 20 };
    }
    if (key === 'GET /v1/common/ab-test') return { plan: options.plans?.[request?.query?.test_code ?? ''] ?? 0 };
    if (key === 'GET /v1/buy/quote') return null;
    if (key === 'GET /v1/buy/trade-info') return options.trade?.() ? { total: 1, list: [{ order_id: 'o-1', sku_id_list: [24110007], created_at: 1 }] } : { total: 0, list: [] };
    throw new Error(key);
  });
  renderWithShell(
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>
      <BillingHost />
    </SWRConfig>,
    shell,
  );
  act(() => shell.bus.emit('billing:open', { tab: options.tab ?? 'credits' }));
  return shell;
}

afterEach(() => {
  clearPending();
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('prices that read right', () => {
  it('a pack is one payment and the default; a credit plan says its period and renewal, and is subscribed to', async () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Upgrade' });
    const packs = await within(dialog).findByRole('radiogroup', { name: 'One-time credit packs' });
    const pack = within(packs).getByRole('radio', { name: '100 Credits, $14.99, one-time payment, 40% off' });
    expect(pack).toHaveAttribute('aria-checked', 'true');
    expect(pack).toHaveTextContent('One-time payment');
    expect(pack).not.toHaveTextContent('/mo');
    expect(within(dialog).getByRole('button', { name: 'Buy now' })).toHaveAccessibleDescription('One-time payment of $14.99. The credits are valid for 2 years.');
    const plans = within(dialog).getByRole('radiogroup', { name: 'Monthly credit plans' });
    fireEvent.click(within(plans).getByRole('radio', { name: '100 Credits a month, $9.99 per month, renews every month until cancelled, 50% off' }));
    expect(within(dialog).getByRole('button', { name: 'Subscribe' })).toHaveAccessibleDescription('$9.99 today, then $9.99 every month with 100 credits until you cancel.');
  });

  it("the campaign's 1000 and 2000 packs and their badge show to credits-10 members of the campaign only", async () => {
    const shell = open({ plans: { ad_banner_undefined: 2 } });
    act(() => {
      shell.session.state.flags = { ...shell.session.state.flags, isCredits10User: true };
    });
    const packs = await screen.findByRole('radiogroup', { name: 'One-time credit packs' });
    await waitFor(() => expect(within(packs).getByRole('radio', { name: /^1000 Credits, \$99\.99, one-time payment, 60% off$/ })).toBeInTheDocument());
    expect(within(packs).getByRole('radio', { name: /^10 Credits,/ })).toBeInTheDocument();
  });

  it('outside the campaign the 1000 pack shows no badge', async () => {
    open();
    const packs = await screen.findByRole('radiogroup', { name: 'One-time credit packs' });
    expect(within(packs).getByRole('radio', { name: '1000 Credits, $99.99, one-time payment' })).not.toHaveTextContent('OFF');
  });

  it('tells a Free member the daily cap where credits are sold', async () => {
    open();
    expect(await screen.findByTestId('free-daily-cap')).toHaveTextContent(freeDailyCapText(20));
  });
});

describe('the membership tab (spec sections 6 and 9)', () => {
  it('lists Premium without the upgrade flag, with Premium benefits beside it; Standard with the flag', async () => {
    open({ tab: 'membership' });
    const premium = await screen.findByRole('radiogroup', { name: 'Premium plans' });
    expect(within(premium).getAllByRole('radio').map((radio) => radio.getAttribute('aria-label')?.split(',')[0])).toEqual(['Premium Monthly']);
    const aside = screen.getByRole('complementary', { name: 'Premium benefits' });
    expect(aside).toHaveTextContent('Faster generations');
    expect(aside).toHaveTextContent('Videos generated at once: 5');
  });

  it('with the flag: Standard plans and Standard benefits', async () => {
    open({ tab: 'membership', plans: { ai_price_upgrade: 2 } });
    const standard = await screen.findByRole('radiogroup', { name: 'Standard plans' });
    expect(within(standard).getAllByRole('radio').map((radio) => radio.getAttribute('aria-label')?.split(',')[0])).toEqual(['Standard Monthly']);
    const aside = screen.getByRole('complementary', { name: 'Standard benefits' });
    expect(aside).not.toHaveTextContent('Faster generations');
    expect(within(standard).getByRole('radio')).toHaveAccessibleName('Standard Monthly, $14.99 per month, renews every month until cancelled, 40% off');
  });
});

describe('buying', () => {
  it('a double click opens one checkout', async () => {
    const opened = jest.spyOn(window, 'open').mockImplementation(() => null);
    open();
    const button = await screen.findByRole('button', { name: 'Buy now' });
    await waitFor(() => expect(button).toBeEnabled());
    fireEvent.click(button);
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledTimes(1);
    expect(String(opened.mock.calls[0][0])).toContain('cartItem=24110007');
  });

  it('a purchase paid after the dialog closed still lands: Successful purchase and the refreshed user', async () => {
    jest.spyOn(window, 'open').mockImplementation(() => null);
    let paid = 0;
    const shell = open({ trade: () => paid });
    const button = await screen.findByRole('button', { name: 'Buy now' });
    await waitFor(() => expect(button).toBeEnabled());
    jest.useFakeTimers();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(async () => jest.advanceTimersByTimeAsync(4000));
    expect(shell.toast.success).not.toHaveBeenCalled();
    paid = 1;
    await act(async () => jest.advanceTimersByTimeAsync(2100));
    expect(shell.toast.success).toHaveBeenCalledWith('Successful purchase');
    expect(shell.session.refreshUser).toHaveBeenCalled();
  });

  it('a failed sku-info offers Retry, and the plans come once it answers', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let down = true;
    open({ fail: () => down });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Network fluctuation detected');
    expect(screen.queryByText('Loading plans…')).toBeNull();
    down = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('radiogroup', { name: 'One-time credit packs' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('the keyboard', () => {
  it('the tabs follow the tab pattern and each list of plans is one tab stop, moved through with the arrow keys', async () => {
    open();
    const dialog = screen.getByRole('dialog', { name: 'Upgrade' });
    const credits = within(dialog).getByRole('tab', { name: 'Credits' });
    expect(credits).toHaveAttribute('tabindex', '0');
    expect(within(dialog).getByRole('tab', { name: 'Membership' })).toHaveAttribute('tabindex', '-1');
    const packs = await within(dialog).findByRole('radiogroup', { name: 'One-time credit packs' });
    const radios = within(packs).getAllByRole('radio');
    // one tab stop: the chosen pack
    expect(radios.filter((radio) => radio.tabIndex === 0)).toHaveLength(1);
    const chosen = radios.findIndex((radio) => radio.getAttribute('aria-checked') === 'true');
    act(() => radios[chosen].focus());
    fireEvent.keyDown(radios[chosen], { key: 'ArrowRight' });
    const next = within(packs).getAllByRole('radio')[(chosen + 1) % radios.length];
    expect(next).toHaveAttribute('aria-checked', 'true');
    expect(next).toHaveFocus();
    expect(next.tabIndex).toBe(0);
    fireEvent.keyDown(credits, { key: 'ArrowRight' });
    expect(within(dialog).getByRole('tab', { name: 'Membership' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Membership' })).toHaveFocus();
  });
});

describe('what the opener asks for', () => {
  it("preselects the sku the opener names and sends its activity type with the purchase events; closing clears it", async () => {
    const shell = open({ tab: 'credits' });
    act(() => shell.bus.emit('billing:open', { tab: 'credits', data: { activityType: 'summer_sale', skuId: 24110010 } }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade' });
    const packs = await within(dialog).findByRole('radiogroup', { name: 'One-time credit packs' });
    await waitFor(() => expect(within(packs).getByRole('radio', { checked: true })).toHaveAttribute('data-sku', '24110010'));
    expect(shell.track).toHaveBeenCalledWith('miai_purchase_interface_expose', expect.objectContaining({ activity_type: 'summer_sale' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(shell.track).toHaveBeenLastCalledWith('miai_purchase_interface_click', expect.objectContaining({ button: 'close', activity_type: 'summer_sale' }));
    act(() => shell.bus.emit('billing:open', { tab: 'credits' }));
    const again = await within(screen.getByRole('dialog', { name: 'Upgrade' })).findByRole('radiogroup', { name: 'One-time credit packs' });
    expect(within(again).getByRole('radio', { checked: true })).not.toHaveAttribute('data-sku', '24110010');
  });
});
