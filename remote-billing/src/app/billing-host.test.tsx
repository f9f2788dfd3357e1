import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { createShellDouble, renderWithShell } from '../../../test-support/shell-double';
import { openingTab } from '../purchase/utils/tab';
import { BillingHost } from './billing-host';

// role queries skip the costly visibility check (nothing here is hidden by CSS); keeps the suite fast
configure({ defaultHidden: true });

describe('BillingHost', () => {
  it('renders nothing until billing:open, then a modal dialog that closes on Escape', () => {
    const { shell } = renderWithShell(<BillingHost />);
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => shell.bus.emit('billing:open', { tab: 'credits', reason: 'test' }));
    const dialog = screen.getByRole('dialog', { name: 'Upgrade' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('tab', { name: 'Credits' })).toHaveAttribute('aria-selected', 'true');
    // purchase setup (sku-info) has not answered yet: the buy button waits
    expect(within(dialog).getByRole('status')).toHaveTextContent('Loading plans');
    expect(within(dialog).getByRole('button', { name: 'Buy now' })).toBeDisabled();
    expect(document.activeElement && dialog.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens on membership for a visitor with a smart open, Subscribe disabled until setup, closes with the close button', () => {
    const { shell } = renderWithShell(<BillingHost />);
    act(() => shell.bus.emit('billing:open', { smart: true }));
    expect(screen.getByRole('tab', { name: 'Membership' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('remembers the tab the user chose for the next plain open', () => {
    const { shell } = renderWithShell(<BillingHost />);
    act(() => shell.bus.emit('billing:open', { tab: 'membership' }));
    fireEvent.click(screen.getByRole('tab', { name: 'Credits' }));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    act(() => shell.bus.emit('billing:open', {}));
    expect(screen.getByRole('tab', { name: 'Credits' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is full screen with a back arrow and membership first on phones', () => {
    const { shell } = renderWithShell(<BillingHost />, createShellDouble(375));
    act(() => shell.bus.emit('billing:open', { smart: true }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAttribute('data-layout', 'phone');
    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Membership', 'Credits']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('purchase tracking', () => {
  it('sends the load event once the plans arrive, and closing tracks the tab', async () => {
    const shell = createShellDouble();
    shell.api.call.mockImplementation(async (key: string) => {
      if (key === 'GET /v1/buy/sku-info') return { sku_buy_list: [], zero_buy_checked: false };
      throw new Error(key);
    });
    renderWithShell(<SWRConfig value={{ provider: () => new Map() }}><BillingHost /></SWRConfig>, shell);
    act(() => shell.bus.emit('billing:open', { tab: 'credits', reason: 'test' }));
    await waitFor(() => expect(shell.track).toHaveBeenCalledWith('miai_purchase_interface_load', expect.objectContaining({ result: 'success' })));
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(shell.track).toHaveBeenCalledWith('miai_purchase_interface_click', expect.objectContaining({ button: 'close', tab: 'credits' }));
  });

  it('a failed sku-info is a failed load with 100.15 and a clear message', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const shell = createShellDouble();
    shell.api.call.mockRejectedValue(new Error('down'));
    renderWithShell(<SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}><BillingHost /></SWRConfig>, shell);
    act(() => shell.bus.emit('billing:open', { tab: 'credits' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network fluctuation detected. Please try again later.');
    expect(shell.track).toHaveBeenCalledWith('miai_purchase_interface_load', expect.objectContaining({ result: 'fail', load_time: 100.15 }));
    error.mockRestore();
  });
});

describe('opening tab', () => {
  it('takes the asked tab, else the smart choice by plan, else the last chosen', () => {
    expect(openingTab({ tab: 'credits', smart: true }, 'free', 'membership')).toBe('credits');
    expect(openingTab({ smart: true }, 'free', 'credits')).toBe('membership');
    expect(openingTab({ smart: true }, 'guest', 'credits')).toBe('membership');
    expect(openingTab({ smart: true }, 'vip', 'membership')).toBe('credits');
    expect(openingTab({ smart: true }, 'standard', 'membership')).toBe('credits');
    expect(openingTab({}, 'vip', 'membership')).toBe('membership');
  });
});

describe('the membership-upgrade flag (variant B of ai_price_upgrade)', () => {
  const membership = (sku_id: number, name: string, tier: 'STANDARD' | 'PREMIUM', price: number) => ({
    sku_id, sub_tpl_id: sku_id, sub_tpl_name: name, plan: name, period_unit: 'month', period_val: 1, price, original_price: price, recommend_price: price,
    show_rec_price: false, currency: 'USD', currency_symbol: '$', buy_url: '/v1/buy/checkout', zero_buy: false, zero_buy_url: '',
    retention_promotion: false, retention_promotion_buy_url: '', feature_code_list: [{ feature_code: 'MI-Credits-2024', sale_unit_value: 100 }],
    isSubscription: true, buyZeroChecked: false, kind: 'membership',
    extInfo: { tier, watermark_free: true, ultra_hd: true, frame_interpolation: true, faster_generations: tier === 'PREMIUM', videos_at_once: tier === 'PREMIUM' ? 5 : 3, unlimited_effects: true, monthly_credits: 100 },
  });
  const skus = [membership(24109013, 'Standard Monthly', 'STANDARD', 9.99), membership(24109015, 'Premium Monthly', 'PREMIUM', 29.99)];

  async function membershipPlans(upgradePlan: number): Promise<string[]> {
    const shell = createShellDouble();
    shell.api.call.mockImplementation(async (key: string, options?: { query?: { test_code?: string } }) => {
      if (key === 'GET /v1/buy/sku-info') return { sku_buy_list: skus, zero_buy_checked: false };
      if (key === 'GET /v1/common/ab-test') return { plan: options?.query?.test_code === 'ai_price_upgrade' ? upgradePlan : 0 };
      throw new Error(key);
    });
    const view = renderWithShell(<SWRConfig value={{ provider: () => new Map() }}><BillingHost /></SWRConfig>, shell);
    act(() => shell.bus.emit('billing:open', { tab: 'membership' }));
    await waitFor(() => expect(shell.api.call).toHaveBeenCalledWith('GET /v1/common/ab-test', expect.objectContaining({ query: expect.objectContaining({ test_code: 'ai_price_upgrade' }) })));
    const names = await waitFor(() => {
      const radios = screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label') ?? '');
      expect(radios.length).toBeGreaterThan(0);
      if (upgradePlan === 2) expect(radios.every((name) => name.startsWith('Standard'))).toBe(true);
      return radios;
    });
    view.unmount();
    return names;
  }

  it('switches the membership list from premium to standard plans', async () => {
    expect((await membershipPlans(2)).map((name) => name.split(',')[0])).toEqual(['Standard Monthly']);
    expect((await membershipPlans(1)).map((name) => name.split(',')[0])).toContain('Premium Monthly');
  });
});
