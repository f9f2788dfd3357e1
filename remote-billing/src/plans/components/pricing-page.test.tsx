import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { SkuItem } from 'shared-contracts';
import { FIRST_SCREEN_DATA_ID, FIRST_SCREEN_PRERENDER_ID } from 'shared-contracts/first-load';
import { createShellDouble, renderWithShell } from '../../../../test-support/shell-double';
import { PricingPage } from './pricing-page';

// role queries skip the costly visibility check (nothing here is hidden by CSS); keeps the suite fast
configure({ defaultHidden: true });

const ext = (tier: 'STANDARD' | 'PREMIUM') => ({ tier, watermark_free: true, ultra_hd: true, frame_interpolation: true, faster_generations: tier === 'PREMIUM', videos_at_once: tier === 'PREMIUM' ? 5 : 3, unlimited_effects: true, monthly_credits: tier === 'PREMIUM' ? 500 : 100 });
const sku = (sku_id: number, tier: 'STANDARD' | 'PREMIUM', period_unit: SkuItem['period_unit'], price: number, zero = false): SkuItem => ({
  sku_id, sub_tpl_id: 1, sub_tpl_name: `${tier === 'PREMIUM' ? 'Premium' : 'Standard'} ${period_unit}`, plan: tier === 'PREMIUM' ? 'Premium' : 'Standard', period_unit, period_val: 1,
  price, original_price: price * 2, recommend_price: price, show_rec_price: false, currency: 'USD', currency_symbol: '$', buy_url: '/v1/buy/checkout',
  zero_buy: zero, zero_buy_url: zero ? '/v1/buy/checkout?zero_buy=1' : '', retention_promotion: false, retention_promotion_buy_url: '',
  feature_code_list: [{ feature_code: 'MI-Credits-2024', sale_unit_value: 100 }], isSubscription: true, buyZeroChecked: false, extInfo: ext(tier), kind: 'membership',
});

describe('PricingPage', () => {
  it('shows the plans of the chosen period from sku-info, and a visitor buying is asked to log in', async () => {
    const shell = createShellDouble();
    shell.api.call.mockImplementation(async (key: string) => {
      if (key === 'GET /v1/buy/sku-info') return { sku_buy_list: [sku(24109013, 'STANDARD', 'month', 14.99, true), sku(24109015, 'PREMIUM', 'month', 39.99), sku(24109016, 'PREMIUM', 'year', 299.88)], zero_buy_checked: false, free_daily_tasks: 20 };
      throw new Error(`unexpected ${key}`);
    });
    const login = jest.fn();
    shell.bus.on('account:login-required', login);
    renderWithShell(
      <SWRConfig value={{ provider: () => new Map() }}>
        <PricingPage />
      </SWRConfig>,
      shell,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Pricing');
    const periods = screen.getByRole('tablist', { name: 'Billing period' });
    expect(within(periods).getAllByRole('tab').map((t) => t.textContent)).toEqual(['Weekly', 'Monthly', 'Yearly']);
    // until the plans are in, nothing is shown below where they will go (it would be pushed down when they come)
    expect(screen.getByRole('status')).toHaveTextContent('Loading plans…');
    expect(screen.queryByRole('button', { name: 'Buy credit packs' })).not.toBeInTheDocument();
    const premium = await screen.findByRole('article', { name: 'Premium month' });
    expect(screen.getByRole('button', { name: 'Buy credit packs' })).toBeInTheDocument();
    expect(premium).toHaveTextContent('$39.99/mo');
    expect(premium).toHaveTextContent('50% OFF');
    expect(within(screen.getByRole('article', { name: 'Standard month' })).getByRole('checkbox')).toBeInTheDocument();
    fireEvent.click(within(periods).getByRole('tab', { name: 'Yearly' }));
    const yearly = screen.getByRole('article', { name: 'Premium year' });
    expect(yearly).toHaveTextContent('$24.99/mo');
    expect(yearly).toHaveTextContent('$299.88 billed yearly, renews until cancelled');
    // a screen reader hears the figure with its period and renewal, not "$24.99 /mo"
    expect(within(yearly).getByRole('group', { name: '$24.99 per month, $299.88 billed yearly, renews every year until cancelled, 50% off' })).toBeInTheDocument();
    expect(screen.getByTestId('free-daily-cap')).toHaveTextContent('The Free plan starts up to 20 tasks a day on free credits');
    await act(async () => {
      fireEvent.click(within(screen.getByRole('article', { name: 'Premium year' })).getByRole('button', { name: 'Subscribe to Premium' }));
    });
    expect(login).toHaveBeenCalledWith({ reason: 'purchase' });
    const table = screen.getByRole('table', { name: 'Plan comparison' });
    expect(within(table).getByText('Credits').closest('tr')).toHaveTextContent('5 sign-up credits100 a month500 a month');
  });

  it("replaces the first HTML's copy (the gateway's, from first-screen/server.tsx) in its first frame, starting from the plans it carried without asking again", () => {
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_PRERENDER_ID;
    copy.innerHTML = '<h1>Pricing</h1>';
    const block = document.createElement('script');
    block.id = FIRST_SCREEN_DATA_ID;
    block.type = 'application/json';
    block.textContent = JSON.stringify({ '/v1/buy/sku-info': { sku_buy_list: [sku(24109015, 'PREMIUM', 'month', 39.99)], zero_buy_checked: false, free_daily_tasks: 20 } });
    document.body.append(copy, block);
    const shell = createShellDouble();
    renderWithShell(
      <SWRConfig value={{ provider: () => new Map() }}>
        <PricingPage />
      </SWRConfig>,
      shell,
    );
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1, name: 'Pricing' })).toHaveLength(1);
    // the plans and everything below them in the first render: nothing is loading, nothing moves when it comes
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Premium month' })).toHaveTextContent('$39.99/mo');
    expect(screen.getByRole('button', { name: 'Buy credit packs' })).toBeInTheDocument();
    expect(shell.api.call).not.toHaveBeenCalledWith('GET /v1/buy/sku-info', expect.anything());
    // handed out once: the page's block no longer has it
    expect(block.textContent).toBe('{}');
    block.remove();
  });
});
