import { act, screen, waitFor } from '@testing-library/react';
import { FIRST_SCREEN_PATH_ATTR, FIRST_SCREEN_PRERENDER_ID, HOME_HERO_PRERENDER_ID } from 'shared-contracts/first-load';
import { HOME_FRAME } from 'shared-contracts/home-hero';
import { LAYOUT } from '../theme/theme';
import { mfDouble, quietConsole, registerAllRemoteDoubles, renderShellAt } from '../../test/shell-test-kit';

describe('route effects', () => {
  let restore: () => void;
  beforeEach(() => {
    mfDouble.__reset();
    registerAllRemoteDoubles();
    sessionStorage.clear();
    restore = quietConsole();
  });
  afterEach(() => restore());

  it("emits 'shell:route-changed' on every navigation", async () => {
    const { router, shell } = renderShellAt('/home');
    const paths: string[] = [];
    shell.api.bus.on('shell:route-changed', ({ path }) => paths.push(path));
    await screen.findByTestId('remote-page');
    await act(() => router.navigate('/explore'));
    await act(() => router.navigate('/explore?tab=video'));
    await act(() => router.navigate('/ai-tools'));
    expect(paths).toEqual(['/explore', '/explore', '/ai-tools']);
    expect(shell.api.bus.last('shell:route-changed')).toEqual({ path: '/ai-tools' });
  });

  it('publishes the e-mail campaign arrival on the bus', async () => {
    const { shell } = renderShellAt('/home?pactivity=retention_checkin_credit_for_creation');
    await screen.findByTestId('remote-page');
    expect(shell.api.bus.last('shell:campaign-arrival')).toEqual({ pactivity: 'retention_checkin_credit_for_creation' });
  });

  it('keeps the embed parameters on the landing route and drops them when it is left', async () => {
    const { router } = renderShellAt('/home?embedmode=www-sideapp&embed=1&channel=x');
    await screen.findByTestId('remote-page');
    expect(router.state.location.search).toBe('?embedmode=www-sideapp&embed=1&channel=x');
    expect(sessionStorage.getItem('embedmode')).toBe('www-sideapp');
    await act(() => router.navigate('/explore?embed=1&from_embed=home&channel=x'));
    await waitFor(() => expect(router.state.location.search).toBe('?channel=x'));
    expect(router.state.location.pathname).toBe('/explore');
  });

  it("keeps the first HTML's home hero through the / redirect and drops it when another page is reached first", async () => {
    const copy = document.createElement('div');
    copy.id = HOME_HERO_PRERENDER_ID;
    document.body.appendChild(copy);
    const { router } = renderShellAt('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(document.getElementById(HOME_HERO_PRERENDER_ID)).not.toBeNull();
    await act(() => router.navigate('/explore'));
    expect(document.getElementById(HOME_HERO_PRERENDER_ID)).toBeNull();
  });

  it("keeps another route's first-screen copy through a redirect to its path and drops it on another page", async () => {
    const copy = document.createElement('div');
    copy.id = FIRST_SCREEN_PRERENDER_ID;
    copy.setAttribute(FIRST_SCREEN_PATH_ATTR, '/image-to-video');
    document.body.appendChild(copy);
    const { router } = renderShellAt('/create');
    await waitFor(() => expect(router.state.location.pathname).toBe('/image-to-video'));
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).not.toBeNull();
    await act(() => router.navigate('/explore'));
    expect(document.getElementById(FIRST_SCREEN_PRERENDER_ID)).toBeNull();
  });

  it("places the home hero's first-HTML copy where the layout puts the page (header height, sidebar widths)", () => {
    expect(HOME_FRAME).toMatchObject(LAYOUT);
  });

  it('sets canonical metadata per path', async () => {
    const { router } = renderShellAt('/home');
    await screen.findByTestId('remote-page');
    await act(() => router.navigate('/text-to-video'));
    expect(document.title).toBe('Text to Video | AI Video Generator');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://localhost/ai/text-to-video');
  });

  it('asks for page content only after a route change, for a logged-out visitor', async () => {
    const { router, fetchImpl } = await (async () => {
      const kit = await import('../../test/shell-test-kit');
      const { shell, fetchImpl: f } = kit.createTestShell();
      const view = kit.renderShellAt('/home', { shell });
      return { router: view.router, fetchImpl: f };
    })();
    await screen.findByTestId('remote-page');
    const cmsCalls = () => fetchImpl.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/cms-data/'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(cmsCalls()).toEqual([]);
    await act(() => router.navigate('/explore'));
    await waitFor(() => expect(cmsCalls()).toHaveLength(1), { timeout: 2000 });
    expect(cmsCalls()[0]).toContain(`/api/cms-data/${encodeURIComponent(btoa('/explore'))}`);
    // a search-only change is the same path: no new request
    await act(() => router.navigate('/explore?tab=video'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(cmsCalls()).toHaveLength(1);
  });

  it('asks for page content for the page an embed link led to', async () => {
    const kit = await import('../../test/shell-test-kit');
    const { shell, fetchImpl } = kit.createTestShell();
    const { router } = kit.renderShellAt('/home?embed=1', { shell });
    await screen.findByTestId('remote-page');
    await act(() => router.navigate('/libraries?embed=1'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const cmsCalls = () => fetchImpl.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/cms-data/'));
    await waitFor(() => expect(cmsCalls()).toHaveLength(1), { timeout: 2000 });
    expect(cmsCalls()[0]).toContain(encodeURIComponent(btoa('/libraries')));
  });

  it("drops a visitor's CMS blocks when they sign in, and does not bring them back on the next page", async () => {
    const kit = await import('../../test/shell-test-kit');
    const { shell, fetchImpl } = kit.createTestShell();
    const { router } = kit.renderShellAt('/text-to-video', { shell });
    await screen.findByTestId('remote-page');
    const block = document.createElement('section');
    block.setAttribute('data-cms-injected', '');
    document.getElementById('shell-cms-content')?.appendChild(block);
    const member = { uid: 'u1', token: 't', verify: { level: 'free', expired_time: 0, is_expired: false }, integral: { integral: 5 }, featureCodes: [] };
    await act(async () => shell.session.setUser(member as unknown as Parameters<typeof shell.session.setUser>[0]));
    expect(document.querySelector('[data-cms-injected]')).toBeNull();
    await act(() => router.navigate('/libraries'));
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchImpl.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/api/cms-data/'))).toEqual([]);
    expect(document.querySelector('[data-cms-injected]')).toBeNull();
  });

  it('drops blocks left on the page once the www-sideapp embed is recorded', async () => {
    const { router } = renderShellAt('/home?embedmode=www-sideapp');
    await screen.findByTestId('remote-page');
    const block = document.createElement('section');
    block.setAttribute('data-cms-injected', '');
    document.getElementById('shell-cms-content')?.appendChild(block);
    await act(() => router.navigate('/explore'));
    expect(document.querySelector('[data-cms-injected]')).toBeNull();
  });
});
