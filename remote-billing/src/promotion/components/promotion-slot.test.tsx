import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { AdItem, MarketingItem, PromotionSlotProps } from 'shared-contracts';
import { createShellDouble, renderWithShell, type ShellDouble } from '../../../../test-support/shell-double';
import { PromotionSlot } from './promotion-slot';

function renderSlot(placement: PromotionSlotProps['placement'], shell: ShellDouble) {
  return renderWithShell(
    <SWRConfig value={{ provider: () => new Map() }}>
      <PromotionSlot placement={placement} />
    </SWRConfig>,
    shell,
  );
}

function answering(ads: AdItem[], marketing: MarketingItem[] = []): ShellDouble {
  const shell = createShellDouble();
  // the caller is in the campaign audience (plan 2 of ad_banner_undefined)
  shell.api.call.mockImplementation(async (key: string, options?: { query?: { test_code?: string } }) =>
    key === 'GET /v1/common/ad' ? ads : key === 'GET /v1/common/ab-test' ? { plan: options?.query?.test_code === 'ad_banner_undefined' ? 2 : 0 } : marketing,
  );
  return shell;
}

const headerAd: AdItem = { module: 'main_header', activity: 'summer_sale', turn_url: 'https://shop.example/sale', white_thumbnail: 'https://cdn.example/icon.png' };
const banner: MarketingItem = { id: 1, title: '1M AI creations', is_banner: true, is_pop: false, turn_url: '/pricing', image: '', discount: '20% OFF' };

beforeEach(() => window.localStorage.clear());

describe('PromotionSlot', () => {
  it('renders nothing and only logs when the server has no answer', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const shell = createShellDouble();
    const { container } = renderSlot('header-icon', shell);
    await waitFor(() => expect(warn).toHaveBeenCalledWith('[promotion] ads unavailable', expect.anything()));
    expect(shell.api.call).toHaveBeenCalledWith('GET /v1/common/ad', { query: { client: '' } });
    expect(container).toBeEmptyDOMElement();
    warn.mockRestore();
  });

  it('shows the header ad icon only when an item exists, opening outside links in a new tab', async () => {
    renderSlot('header-icon', answering([headerAd]));
    const link = await screen.findByRole('link', { name: 'Promotion: summer sale' });
    expect(link).toHaveAttribute('href', 'https://shop.example/sale');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('takes the art of a path from the resource base when one is configured, else from the API', async () => {
    const art = { ...headerAd, white_thumbnail: '/v1/common/promo-art/gift.svg' };
    const cdn = answering([art]);
    cdn.config.resourceBase = 'https://static.studio.test/assets/';
    const first = renderSlot('header-icon', cdn);
    const link = await screen.findByRole('link', { name: 'Promotion: summer sale' });
    expect(link.querySelector('img')).toHaveAttribute('src', 'https://static.studio.test/assets/v1/common/promo-art/gift.svg');
    first.unmount();
    renderSlot('header-icon', answering([art]));
    const own = await screen.findByRole('link', { name: 'Promotion: summer sale' });
    expect(own.querySelector('img')).toHaveAttribute('src', '/v1/common/promo-art/gift.svg');
  });

  it('sends the activity events of spec section 7: the promotions loaded, the ad shown, the ad pressed', async () => {
    const shell = answering([headerAd]);
    renderSlot('header-icon', shell);
    const link = await screen.findByRole('link', { name: 'Promotion: summer sale' });
    const events = () => (shell.track as jest.Mock).mock.calls.map(([event, props]: [string, unknown]) => [event, props]);
    expect(events()).toContainEqual(['miai_activity_interface_load', expect.objectContaining({ activity: 'ads', result: expect.any(String), load_time: expect.any(Number) })]);
    expect(events()).toContainEqual(['miai_activity_interface_expose', { activity: 'summer_sale', trigger: 'header-ad' }]);
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(events()).toContainEqual(['miai_activity_interface_click', { activity: 'summer_sale', button: 'open', source: 'header-ad' }]);
    // shown once per showing, not on every render
    expect(events().filter(([event]) => event === 'miai_activity_interface_expose')).toHaveLength(1);
  });

  it('hides the free-trial ad from subscribers', async () => {
    const shell = answering([{ ...headerAd, activity: '3_days_free' }]);
    shell.session.state.flags.isSubscribed = true;
    const { container } = renderSlot('header-icon', shell);
    await waitFor(() => expect(shell.api.call).toHaveBeenCalled());
    await act(async () => undefined);
    expect(container).toBeEmptyDOMElement();
  });

  it('shows the header banner from marketing, and closing keeps it hidden for 24 hours', async () => {
    const shell = answering([], [banner]);
    const first = renderSlot('header-banner', shell);
    expect(await screen.findByRole('link', { name: 'Join Now' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('region', { name: 'Promotion' })).toHaveTextContent('1M AI creations20% OFF');
    fireEvent.click(screen.getByRole('button', { name: 'Close promotion banner' }));
    expect(screen.queryByRole('region', { name: 'Promotion' })).toBeNull();
    first.unmount();
    const second = renderSlot('header-banner', answering([], [banner]));
    await act(async () => undefined);
    expect(second.container).toBeEmptyDOMElement();
  });

  it('the floating icon closes for good, and the upgrade entry renders nothing', async () => {
    const floating: AdItem = { module: 'studio_footer', activity: 'x', turn_url: '/pricing', white_thumbnail: 'https://cdn.example/f.png' };
    const first = renderSlot('floating-icon', answering([floating]));
    fireEvent.click(await screen.findByRole('button', { name: 'Close promotion' }));
    expect(screen.queryByRole('link', { name: 'Promotion' })).toBeNull();
    first.unmount();
    const second = renderSlot('floating-icon', answering([floating]));
    await act(async () => undefined);
    expect(second.container).toBeEmptyDOMElement();
    second.unmount();
    const upgrade = renderSlot('upgrade-entry', createShellDouble());
    expect(upgrade.container).toBeEmptyDOMElement();
  });

  it('an empty target opens the purchase dialog, and the seed art resolves against the API', async () => {
    const shell = answering([{ module: 'main_header', activity: '3_days_free', turn_url: '', white_thumbnail: '/v1/common/promo-art/gift.svg' }]);
    shell.api.url = jest.fn((path: string) => `http://api.test${path}`);
    const opened = jest.fn();
    shell.bus.on('billing:open', opened);
    renderSlot('header-icon', shell);
    const button = await screen.findByRole('button', { name: 'Promotion: 3 days free' });
    expect(button.querySelector('img')).toHaveAttribute('src', 'http://api.test/v1/common/promo-art/gift.svg');
    fireEvent.click(button);
    expect(opened).toHaveBeenCalledWith({ smart: true, reason: 'header-ad' });
  });
});
