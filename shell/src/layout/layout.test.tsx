import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from 'shared-contracts';
import { createTestShell, fakeFetch, fakeResponse, mfDouble, quietConsole, registerAllRemoteDoubles, renderShellAt } from '../../test/shell-test-kit';
import { parseAppConfig } from './app-download';
import { layoutState } from './layout-state';
import { takeOverPrerenderedHeader } from './prerendered-header';

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

const member = {
  uid: 'u1',
  token: 't',
  verify: { level: 'premium', expired_time: 0, is_expired: false },
  integral: { integral: 250 },
  featureCodes: [],
} as unknown as User;

describe('layout', () => {
  let restore: () => void;
  beforeEach(() => {
    mfDouble.__reset();
    registerAllRemoteDoubles();
    layoutState.drawerOpen = false;
    layoutState.sidebarCollapsed = false;
    layoutState.tabletMenuOpen = false;
    localStorage.clear();
    restore = quietConsole();
    setWidth(1280);
  });
  afterEach(() => restore());

  it('shows the title, a logo link to /home, and the side menu groups with their badges', async () => {
    renderShellAt('/explore');
    expect(screen.getByRole('link', { name: 'AI Video Generator, home' })).toHaveAttribute('href', '/home');
    // the side menu's code loads when the sidebar first renders (not on phones: their menu is the drawer)
    const menu = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(menu).getByRole('group', { name: 'AI Video' })).toBeInTheDocument();
    expect(within(menu).getByRole('group', { name: 'AI Image' })).toBeInTheDocument();
    expect(within(menu).getByRole('group', { name: 'AI Audio' })).toBeInTheDocument();
    const link = (name: RegExp) => within(menu).getByRole('link', { name });
    expect(link(/^Image to Video/)).toHaveAttribute('href', '/image-to-video?channel=veo3_campaign');
    expect(link(/^Text to Video/)).toHaveAttribute('href', '/text-to-video?channel=veo3_campaign');
    expect(link(/^Text to Image/)).toHaveAttribute('href', '/text-to-image?channel=veo3_campaign');
    expect(link(/^Text to Music/)).toHaveAttribute('href', '/text-to-music?channel=veo3_campaign');
    expect(link(/^Image to Image/)).toHaveAttribute('href', '/image-to-image');
    expect(link(/^Image to Image/)).toHaveTextContent('Hot');
    expect(link(/^Video to Anime/)).toHaveAttribute('href', '/video-to-anime');
    expect(link(/^Explore/)).toHaveAttribute('aria-current', 'page');
    expect(menu.querySelectorAll('[data-badge="new"]')).toHaveLength(4);
    expect(menu.querySelectorAll('[data-badge="hot"]')).toHaveLength(1);
    expect(menu.querySelectorAll('[data-badge="free"]')).toHaveLength(0);
    await screen.findByTestId('remote-page');
  });

  it("fills the first screen with the route's page, so the CMS slots after it start below the fold", () => {
    renderShellAt('/explore');
    const main = document.getElementById('shell-main') as HTMLElement;
    const area = main.firstElementChild as HTMLElement;
    expect(area).toHaveAttribute('data-route-area');
    expect(getComputedStyle(area).minHeight).toBe('calc(100vh - var(--shell-top-h, 0px))');
    expect([...main.children].map((child) => child.id)).toEqual(['', 'shell-cms-content', 'shell-cms-bottom']);
  });

  it('preloads a remote module when a menu item is hovered', async () => {
    const { shell } = createTestShell();
    const preload = jest.spyOn(shell.internals.runtime, 'preload');
    renderShellAt('/home', { shell });
    fireEvent.mouseEnter(screen.getByRole('link', { name: /^My Creations/ }));
    expect(preload).toHaveBeenCalledWith('remote_create/LibrariesPage');
    await screen.findByTestId('remote-page');
  });

  it("takes the place of the header's copy from the first HTML in its first frame, carrying over an opened menu and a tap on Login", async () => {
    setWidth(375);
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="shell-header-prerender" data-pending="login"><header>copy</header><div id="shell-drawer-prerender"><div role="dialog" aria-label="Menu copy"></div></div></div>',
    );
    const { shell } = createTestShell();
    const asked: unknown[] = [];
    shell.api.bus.on('account:login-required', (request) => asked.push(request));
    renderShellAt('/home', { shell });
    expect(document.getElementById('shell-header-prerender')).toBeNull();
    expect(asked).toEqual([{ reason: 'header-login', dialogType: 'login' }]);
    // the opened menu stays open: its copy until the shell's drawer is drawn, then the drawer alone
    expect(layoutState.drawerOpen).toBe(true);
    const drawer = await screen.findByTestId('drawer');
    expect(drawer).toBeVisible();
    expect(document.getElementById('shell-drawer-prerender')).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
  });

  it("keeps the menu closed when it is closed on the copy before the shell's drawer is drawn", async () => {
    document.body.insertAdjacentHTML('afterbegin', '<div id="shell-header-prerender"><header>copy</header><div id="shell-drawer-prerender"><div role="dialog"></div></div></div>');
    takeOverPrerenderedHeader(createTestShell().shell.api.bus);
    expect(layoutState.drawerOpen).toBe(true);
    // the copy's script closes it (its close button, Escape, its backdrop) while the shell's drawer code loads
    (document.getElementById('shell-drawer-prerender') as HTMLElement).hidden = true;
    await waitFor(() => expect(layoutState.drawerOpen).toBe(false));
    expect(document.getElementById('shell-drawer-prerender')).toBeNull();
  });

  it("drops the header's copy with its closed menu, and carries a tap on the credits over to the purchase dialog", async () => {
    setWidth(375);
    document.body.insertAdjacentHTML('afterbegin', '<div id="shell-header-prerender" data-pending="credits"><header>copy</header><div id="shell-drawer-prerender" hidden></div></div>');
    const { shell } = createTestShell();
    const asked: unknown[] = [];
    shell.api.bus.on('billing:open', (request) => asked.push(request));
    renderShellAt('/home', { shell });
    expect(document.getElementById('shell-header-prerender')).toBeNull();
    expect(document.getElementById('shell-drawer-prerender')).toBeNull();
    expect(layoutState.drawerOpen).toBe(false);
    expect(asked).toEqual([{ smart: true, reason: 'header-credits' }]);
    await screen.findByTestId('remote-page');
  });

  it("carries over the tablet's rail opened wide on the copy: the shell's sidebar is drawn open in the frame the copy goes", async () => {
    setWidth(900);
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="shell-header-prerender"><header>copy</header><div id="shell-drawer-prerender" hidden></div></div><div id="shell-sidebar-prerender" data-open=""><aside>rail copy</aside></div><main id="shell-start-failed" hidden></main>',
    );
    renderShellAt('/home');
    for (const id of ['shell-header-prerender', 'shell-sidebar-prerender', 'shell-start-failed']) expect(document.getElementById(id)).toBeNull();
    expect(layoutState.tabletMenuOpen).toBe(true);
    await waitFor(() => expect(document.getElementById('shell-sidebar')).toHaveAttribute('data-narrow', 'false'));
    expect(screen.getByTestId('sidebar-scrim')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
    // still a rail opened over the page: a click outside closes it
    await userEvent.click(screen.getByTestId('sidebar-scrim'));
    expect(document.getElementById('shell-sidebar')).toHaveAttribute('data-narrow', 'true');
  });

  it('carries over the desktop sidebar collapsed on the copy, the page beside the narrow sidebar', async () => {
    setWidth(1280);
    document.body.insertAdjacentHTML('afterbegin', '<div id="shell-header-prerender"><header>copy</header></div><div id="shell-sidebar-prerender" data-collapsed=""></div>');
    renderShellAt('/home');
    expect(document.getElementById('shell-sidebar-prerender')).toBeNull();
    await waitFor(() => expect(document.getElementById('shell-sidebar')).toHaveAttribute('data-narrow', 'true'));
    expect(getComputedStyle(document.getElementById('shell-main') as Element).marginLeft).toBe('84px');
    expect(screen.getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it("leaves the copy's sidebar as it is when untouched: the shell's wide sidebar on desktop", () => {
    setWidth(1280);
    document.body.insertAdjacentHTML('afterbegin', '<div id="shell-header-prerender"><header>copy</header></div><div id="shell-sidebar-prerender"></div>');
    renderShellAt('/home');
    expect(document.getElementById('shell-sidebar-prerender')).toBeNull();
    expect(document.getElementById('shell-sidebar')).toHaveAttribute('data-narrow', 'false');
    expect(layoutState.sidebarCollapsed).toBe(false);
  });

  it("drops the first HTML's header, menus and first screen when the shell's fatal error page is the page", async () => {
    setWidth(375);
    document.body.insertAdjacentHTML(
      'afterbegin',
      '<div id="shell-header-prerender"><header>copy</header><div id="shell-drawer-prerender"></div></div><div id="shell-sidebar-prerender"></div><main id="shell-start-failed" hidden></main><div id="home-hero-prerender">hero copy</div><div id="first-screen-prerender"><form><header>the route\'s copy</header></form></div>',
    );
    // a page whose address fails validation: the fatal error page, without the layout
    renderShellAt('/text-to-video/Not_A_Slug!');
    expect(await screen.findByText('Page Not Found: /text-to-video/Not_A_Slug!')).toBeInTheDocument();
    for (const id of ['shell-header-prerender', 'shell-drawer-prerender', 'shell-sidebar-prerender', 'shell-start-failed', 'home-hero-prerender', 'first-screen-prerender']) {
      expect(document.getElementById(id)).toBeNull();
    }
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });

  it('shows live credits and the plan level, and the Login fallback when the account remote is down', async () => {
    mfDouble.__failRemote('remote_account/AccountEntry', new Error('down'));
    const { shell } = createTestShell();
    const logins: string[] = [];
    shell.api.bus.on('account:login-required', ({ reason }) => logins.push(reason));
    renderShellAt('/home', { shell });
    await userEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(logins).toEqual(['header-login']);
    expect(screen.getByTestId('header-plan')).toHaveTextContent('Guest');

    await act(async () => shell.session.setUser(member));
    expect(screen.getByTestId('header-credits')).toHaveTextContent('250');
    expect(screen.getByTestId('header-plan')).toHaveTextContent('Premium');
    expect(screen.queryByRole('button', { name: 'Login' })).not.toBeInTheDocument();
    await act(async () => shell.api.bus.emit('credits:changed', { credits: 90 }));
    expect(screen.getByTestId('header-credits')).toHaveTextContent('90');
  });

  it('opens the purchase dialog from the credits button', async () => {
    const { shell } = createTestShell();
    const opened: unknown[] = [];
    shell.api.bus.on('billing:open', (payload) => opened.push(payload));
    renderShellAt('/home', { shell });
    await userEvent.click(screen.getByRole('button', { name: /See plans and credits/ }));
    expect(opened).toEqual([{ smart: true, reason: 'header-credits' }]);
  });

  it('toggles the theme on desktop and keeps it in the preferences', async () => {
    renderShellAt('/home');
    await userEvent.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(JSON.parse(localStorage.getItem('studio_preferences') ?? '{}')).toMatchObject({ theme: 'light' });
    expect(screen.getByRole('button', { name: 'Switch to dark theme' })).toBeInTheDocument();
  });

  it('on phones hides the sidebar, theme toggle and chat; the menu is a drawer that locks page scrolling', async () => {
    setWidth(375);
    const { shell } = createTestShell({ config: { communityInviteUrl: 'https://chat.example/invite' } });
    const { router } = renderShellAt('/home', { shell });
    expect(document.getElementById('shell-sidebar')).toBeNull();
    expect(screen.queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Community chat' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(document.body.style.overflow).toBe('hidden');
    await userEvent.click(within(drawer).getByRole('link', { name: /^Explore/ }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/explore');
    expect(document.body.style.overflow).not.toBe('hidden');
  });

  it('the phone drawer is a modal dialog: focus moved in and kept inside, Escape closes it and gives the focus back', async () => {
    setWidth(375);
    renderShellAt('/home');
    const opener = screen.getByRole('button', { name: 'Open menu' });
    await userEvent.click(opener);
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    expect(drawer).toHaveAttribute('aria-modal', 'true');
    expect(drawer).toHaveAttribute('id', 'shell-drawer');
    expect(drawer.contains(document.activeElement)).toBe(true);
    await userEvent.tab({ shift: true });
    expect(drawer.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('on tablets opens the narrow rail wide over the page with the menu button, and closes it on Escape, a click outside or a navigation', async () => {
    setWidth(768);
    const { shell } = createTestShell({ config: { communityInviteUrl: 'https://chat.example/invite' } });
    const { router } = renderShellAt('/home', { shell });
    const sidebar = () => document.getElementById('shell-sidebar');
    const main = document.getElementById('shell-main');
    const margin = getComputedStyle(main as Element).marginLeft;
    expect(margin).toBe('84px');
    expect(sidebar()).toHaveAttribute('data-narrow', 'true');
    // desktop only: the community chat and the theme toggle
    expect(screen.queryByRole('button', { name: 'Community chat' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Switch to/ })).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Expand menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(button);
    expect(sidebar()).toHaveAttribute('data-narrow', 'false');
    expect(screen.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
    // over the page: the page keeps its place
    expect(getComputedStyle(document.getElementById('shell-main') as Element).marginLeft).toBe(margin);
    fireEvent.keyDown(window, { key: 'Escape' });
    await waitFor(() => expect(sidebar()).toHaveAttribute('data-narrow', 'true'));
    await userEvent.click(screen.getByRole('button', { name: 'Expand menu' }));
    await userEvent.click(screen.getByTestId('sidebar-scrim'));
    expect(sidebar()).toHaveAttribute('data-narrow', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Expand menu' }));
    await userEvent.click(await within(sidebar() as HTMLElement).findByRole('link', { name: /^Explore/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/explore'));
    expect(sidebar()).toHaveAttribute('data-narrow', 'true');
  });

  it('puts the floating promotion at the foot of the sidebar (its phone size on the tablet rail), never over the page', async () => {
    mfDouble.__setRemoteModule('remote_billing/PromotionSlot', {
      default: (props: { placement: string; compact?: boolean }) => <i data-testid={`promo-${props.placement}`} data-compact={String(Boolean(props.compact))} />,
    });
    renderShellAt('/home');
    const promo = await screen.findByTestId('promo-floating-icon', {}, { timeout: 3000 });
    expect(document.getElementById('shell-sidebar')?.contains(promo)).toBe(true);
    expect(document.getElementById('shell-main')?.contains(promo)).toBe(false);
    expect(promo).toHaveAttribute('data-compact', 'false');
  });

  it('uses the narrow sidebar on tablets and the wide one on desktop', () => {
    setWidth(900);
    const tablet = renderShellAt('/home');
    expect(document.getElementById('shell-sidebar')).toHaveAttribute('data-narrow', 'true');
    tablet.unmount();
    setWidth(1280);
    renderShellAt('/home');
    expect(document.getElementById('shell-sidebar')).toHaveAttribute('data-narrow', 'false');
  });

  it('opens the community popup on desktop; Join opens the invite in a new tab', async () => {
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    const { shell } = createTestShell({ config: { communityInviteUrl: 'https://chat.example/invite' } });
    renderShellAt('/home', { shell });
    await userEvent.click(screen.getByRole('button', { name: 'Community chat' }));
    const popup = await screen.findByRole('dialog', { name: 'Join our community' });
    await userEvent.click(within(popup).getByRole('button', { name: 'Join now' }));
    expect(open).toHaveBeenCalledWith('https://chat.example/invite', '_blank', 'noopener,noreferrer');
    open.mockRestore();
  });

  it('shows the app-download entries whose status is 1', async () => {
    const config = [{ code: 'app', value: JSON.stringify({ android: { status: 1, download_code: '/qr/a.png', download_link: 'https://play.example/app' }, ios: { status: 0, download_code: '/qr/i.png', download_link: 'https://apps.example/app' } }) }];
    const fetchImpl = fakeFetch({ '/v1/common/system_config': () => fakeResponse({ body: { code: 0, msg: 'ok', data: config, trace_id: 't' } }) });
    const { shell } = createTestShell({ fetchImpl });
    renderShellAt('/home', { shell });
    const group = await screen.findByRole('group', { name: 'Download the app' }, { timeout: 3000 });
    expect(within(group).getByRole('link', { name: /Android/ })).toHaveAttribute('href', 'https://play.example/app');
    expect(within(group).queryByRole('link', { name: /iOS/ })).not.toBeInTheDocument();
  });
});

describe('app download config', () => {
  it('logs a missing app config and a parse failure, and skips them', () => {
    const info = jest.spyOn(console, 'info').mockImplementation(() => undefined);
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(parseAppConfig([{ code: 'other', value: '{}' }])).toEqual([]);
    expect(info).toHaveBeenCalledWith('no app download config');
    expect(parseAppConfig([{ code: 'app', value: '{not json' }])).toEqual([]);
    expect(error).toHaveBeenCalled();
    info.mockRestore();
    error.mockRestore();
  });

  it('keeps both platforms when both are open', () => {
    const value = JSON.stringify({
      android: { status: 1, download_code: 'a.png', download_link: 'https://a' },
      ios: { status: 1, download_code: 'i.png', download_link: 'https://i' },
    });
    expect(parseAppConfig([{ code: 'app', value }]).map((entry) => entry.platform)).toEqual(['android', 'ios']);
  });
});
