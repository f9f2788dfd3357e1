/**
 * What a visitor's phone gets on the public routes (issue 25): nothing in view moves while the page renders
 * (the CMS blocks below it start under the fold), the first gallery picture loads at once and at high
 * priority (the rest lazily), and the phone's menu opens with its drawer's code already fetched at idle. Before the
 * shell has run (its main script held back), the header's copy in the first HTML works: the phone's menu (the page
 * behind it locked), the tablet's rail and the desktop sidebar, each carried over as it is when the shell takes over;
 * a main script that fails and the shell's fatal error page each leave one coherent page.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/login';
import { DIRECT } from '../support/origins';

const PHONE = { width: 375, height: 812 };
const CLS_BUDGET = 0.05;

/** Starts counting the layout shifts not caused by input in every document the page loads from now on. */
async function observeLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    // one observer a document, however many times a test asked for one (init scripts add up)
    if (w.__cls !== undefined) return;
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) w.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shift counted so far in the page's document (observeLayoutShift). */
function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

/** The layout shift of the page's load (shifts not caused by input), read once it has settled. */
async function layoutShiftOf(page: Page, path: string, settled?: () => Promise<void>): Promise<number> {
  await observeLayoutShift(page);
  await page.goto(path, { waitUntil: 'networkidle' });
  await settled?.();
  await page.waitForTimeout(1000);
  return layoutShiftSoFar(page);
}

/** Holds the shell's main script back until `release` is called: what works meanwhile is the first HTML's own (a page waits
 * for its deferred scripts before DOMContentLoaded, so the tests wait for the copy itself). */
async function holdShell(page: Page): Promise<() => void> {
  let release = () => undefined as void;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/main\.[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  // the showcase renders in the background on first start (pictures first): wait until the galleries have some
  await expect
    .poll(
      async () => {
        const explore = await (await request.get(`${DIRECT}/v1/workflow/explore/list?page=1&page_size=1`)).json();
        const templates = await (await request.get(`${DIRECT}/v1/workflow/list?fun_module=template&media=image&page=1&page_size=25`)).json();
        return explore.data.paginate.total > 8 && templates.data.paginate.total > 8;
      },
      { intervals: [1000], timeout: 170_000 },
    )
    .toBe(true);
});

test.describe('first screen on a phone, signed out', () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const path of ['/home', '/explore', '/template', '/ai-tools', '/text-to-video', '/image-to-video', '/text-to-music', '/effect/create', '/terms', '/pricing', '/effect', '/ai-tools/video-enhancer']) {
    test(`${path}: nothing in view shifts and the SEO text starts below the first screen`, async ({ page }) => {
      expect(await layoutShiftOf(page, path)).toBeLessThan(CLS_BUDGET);
      // in the shell's slot, or after #root on a page rendered without the shell's layout (/template)
      const seo = page.locator('body [data-cms-injected]').first();
      if ((await seo.count()) > 0) {
        const top = await seo.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
        expect(top).toBeGreaterThanOrEqual(PHONE.height - 60);
      }
    });
  }

  for (const [path, card, tab] of [
    ['/explore', 'explore-card', null],
    ['/template', 'template-card', 'Image'],
  ] as const) {
    test(`${path}: the first picture loads at once at high priority, later ones lazily`, async ({ page }) => {
      await page.goto(path);
      // the image templates render first on a fresh showcase
      if (tab) await page.getByRole('tab', { name: tab, exact: true }).click();
      const pictures = page.getByTestId(card).locator('img');
      await expect(pictures.nth(4)).toBeAttached();
      await expect(pictures.first()).toHaveAttribute('loading', 'eager');
      await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
      expect(await pictures.count()).toBeGreaterThan(4);
      await expect(pictures.nth(4)).toHaveAttribute('loading', 'lazy');
    });
  }

  test("/home: the menu's drawer is fetched at idle, so the first tap opens it without a download", async ({ page }) => {
    const drawerChunk: string[] = [];
    page.on('request', (request) => {
      if (/phone-drawer\.[^/]*\.js$/.test(request.url())) drawerChunk.push(request.url());
    });
    await page.goto('/home', { waitUntil: 'networkidle' });
    await expect.poll(() => drawerChunk.length).toBe(1);
    await page.getByRole('button', { name: 'Open menu' }).tap();
    await expect(page.getByTestId('drawer')).toBeVisible();
    expect(drawerChunk).toHaveLength(1);
  });
});

test.describe("a visitor's /home before any script (issue 26 item 5: remote-explore's components rendered by the gateway)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled: false });

  test('shows the hero and the Trending row, the first picture eager at high priority, plain links', async ({ page }) => {
    await page.goto('/home');
    const copy = page.locator('#home-hero-prerender');
    await expect(copy.getByRole('heading', { level: 1, name: 'Turn your ideas into video, images and music with AI' })).toBeVisible();
    await expect(copy.getByRole('link', { name: 'Start with Image to Video' })).toHaveAttribute('href', '/image-to-video');
    const row = copy.getByRole('region', { name: 'Trending in Explore' });
    await expect(row).toBeVisible();
    const pictures = row.locator('img');
    await expect(pictures.first()).toBeVisible();
    await expect(pictures.first()).toHaveAttribute('loading', 'eager');
    await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
    expect(await pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });
});

test.describe("a visitor's /home once the app has taken over", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test("the app's hero and row replace the first HTML's copy: one of each", async ({ page }) => {
    await page.goto('/home', { waitUntil: 'networkidle' });
    await expect(page.locator('#home-hero-prerender')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Turn your ideas into video, images and music with AI' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Trending in Explore' })).toHaveCount(1);
    await expect(page.getByRole('region', { name: 'Trending in Explore' }).locator('img').first()).toHaveAttribute('fetchpriority', 'high');
  });
});

test.describe("a visitor's header before the shell has run (issue 25: the first working click)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const path of ['/home', '/text-to-video']) {
    test(`${path}: a tap on the menu opens it with its links, and the shell's header then takes the copy's place`, async ({ page }) => {
      const release = await holdShell(page);
      await page.goto(path, { waitUntil: 'commit' });
      const copy = page.locator('#shell-header-prerender');
      await expect(copy.getByRole('link', { name: 'AI Video Generator, home' })).toHaveAttribute('href', '/home');
      await copy.getByRole('button', { name: 'Open menu' }).tap();
      const drawer = page.getByTestId('drawer');
      await expect(drawer).toBeVisible();
      await expect(drawer.getByRole('link', { name: /^Explore/ })).toHaveAttribute('href', '/explore');
      await drawer.getByRole('button', { name: 'Close menu' }).tap();
      await expect(drawer).toBeHidden();
      release();
      // the shell's own header, once: the copy is gone and the shell's menu button opens the shell's drawer
      await expect(page.getByTestId('account-entry')).toBeVisible();
      await expect(copy).toHaveCount(0);
      await expect(page.getByRole('banner')).toHaveCount(1);
      await page.getByRole('button', { name: 'Open menu' }).tap();
      await expect(page.getByTestId('drawer')).toBeVisible();
      await expect(page.getByTestId('drawer')).toHaveCount(1);
    });
  }

  test('a menu opened on the copy stays open when the shell takes over, and a tap on its link goes to that page', async ({ page }) => {
    const release = await holdShell(page);
    await page.goto('/text-to-video', { waitUntil: 'commit' });
    await page.locator('#shell-header-prerender').getByRole('button', { name: 'Open menu' }).tap();
    release();
    await expect(page.locator('#shell-header-prerender')).toHaveCount(0);
    const drawer = page.getByTestId('drawer');
    await expect(drawer).toBeVisible();
    await expect(drawer).toHaveCount(1);
    await drawer.getByRole('link', { name: /^Explore/ }).tap();
    await expect(page).toHaveURL(/\/explore$/);
  });

  test("the page behind the copy's open menu does not scroll; closing it, or the shell's drawer taking over, lets it go again", async ({ page }) => {
    const release = await holdShell(page);
    await page.goto('/text-to-video', { waitUntil: 'commit' });
    const copy = page.locator('#shell-header-prerender');
    await expect(copy.getByRole('button', { name: 'Open menu' })).toBeVisible();
    // a page taller than the screen (the route's page is not there before the shell)
    await page.evaluate(() => document.body.style.setProperty('min-height', '300vh'));
    const overflow = () => page.evaluate(() => getComputedStyle(document.body).overflowY);
    const scrolledBy = async () => {
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.mouse.move(200, 400);
      await page.mouse.wheel(0, 600);
      await page.waitForTimeout(300);
      return page.evaluate(() => window.scrollY);
    };
    expect(await scrolledBy()).toBeGreaterThan(0);
    await copy.getByRole('button', { name: 'Open menu' }).tap();
    await expect(page.getByTestId('drawer')).toBeVisible();
    expect(await overflow()).toBe('hidden');
    expect(await scrolledBy()).toBe(0);
    await page.getByTestId('drawer').getByRole('button', { name: 'Close menu' }).tap();
    expect(await overflow()).toBe('visible');
    expect(await scrolledBy()).toBeGreaterThan(0);
    // open again and let the shell take over: its drawer holds the lock, and gives it back when closed
    await page.evaluate(() => window.scrollTo(0, 0));
    await copy.getByRole('button', { name: 'Open menu' }).tap();
    release();
    await expect(copy).toHaveCount(0);
    await expect(page.getByTestId('drawer')).toHaveCount(1);
    expect(await overflow()).toBe('hidden');
    await page.getByTestId('drawer').getByRole('button', { name: 'Close menu' }).tap();
    await expect(page.getByTestId('drawer')).toHaveCount(0);
    expect(await overflow()).toBe('visible');
  });

  test("a main script that fails to load leaves one page: the notice that the app could not load, not the header's copy above nothing", async ({ page }) => {
    await page.route(/\/main\.[^/]*\.js$/, (route) => route.abort('failed'));
    await page.goto('/home');
    const notice = page.locator('#shell-start-failed');
    await expect(notice.getByRole('heading', { name: 'Connection issue detected' })).toBeVisible();
    await expect(notice.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/home');
    await expect(notice.getByRole('link', { name: 'Try again' })).toBeVisible();
    await expect(page.locator('#shell-header-prerender')).toBeHidden();
    await expect(page.locator('#home-hero-prerender')).toBeHidden();
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test("the shell's fatal error page is the whole page: the header's copy goes", async ({ page }) => {
    const path = '/text-to-video/Not_A_Slug!';
    // the gateway writes the copy for the route's pattern; the shell refuses the address (a fatal error)
    expect(await (await page.request.get(`${DIRECT}${path}`)).text()).toContain('id="shell-header-prerender"');
    await page.goto(path);
    await expect(page.getByText('Page Not Found: /text-to-video/Not_A_Slug!', { exact: true })).toBeVisible();
    await expect(page.locator('#shell-header-prerender')).toHaveCount(0);
    await expect(page.locator('#shell-sidebar-prerender')).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
  });

  test('a tap on Login before the shell has run opens the sign-in once it has', async ({ page }) => {
    const release = await holdShell(page);
    await page.goto('/text-to-video', { waitUntil: 'commit' });
    await page.locator('#shell-header-prerender').getByRole('button', { name: 'Login', exact: true }).tap();
    release();
    await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
  });
});

/** The box of an element as the page lays it out (left edge and width, in CSS pixels). */
async function boxOf(locator: Locator): Promise<{ x: number; width: number }> {
  const box = await locator.boundingBox();
  return { x: Math.round(box?.x ?? NaN), width: Math.round(box?.width ?? NaN) };
}

test.describe("a visitor's sidebar before the shell has run, on a tablet and on desktop (issue 25)", () => {
  for (const [name, viewport] of [
    ['tablet', { width: 900, height: 1000 }],
    ['desktop', { width: 1440, height: 900 }],
  ] as const) {
    test(`${name}: /home, /text-to-video and /explore do not shift when the shell's sidebar takes the copy's place`, async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of ['/text-to-video', '/explore']) expect(await layoutShiftOf(page, path)).toBeLessThan(CLS_BUDGET);
      // /home's customer chat arrives after the page's load: the page (and the first HTML's copy) kept its gutter from the start
      const chatShown = () => expect(page.getByRole('button', { name: 'Customer support' })).toBeVisible({ timeout: 15_000 });
      expect(await layoutShiftOf(page, '/home', chatShown)).toBeLessThan(CLS_BUDGET);
    });

    test(`${name}: a member's /home does not shift: the chat's place is kept from the start (no first HTML marks it) and the rows' answers push nothing down`, async ({ page, signIn }) => {
      await page.setViewportSize(viewport);
      await signIn(page, 'free@demo.local', { goto: '/text-to-video' });
      const chatShown = () => expect(page.getByRole('button', { name: 'Customer support' })).toBeVisible({ timeout: 15_000 });
      expect(await layoutShiftOf(page, '/home', chatShown)).toBeLessThan(CLS_BUDGET);
      await expect(page.getByTestId('account-avatar')).toBeVisible();
    });
  }

  test.describe('tablet', () => {
    test.use({ viewport: { width: 900, height: 1000 }, hasTouch: true });

    test("Expand menu opens the copy's rail wide over the page with its links, and it stays open when the shell takes over", async ({ page }) => {
      const release = await holdShell(page);
      await page.goto('/text-to-video', { waitUntil: 'commit' });
      const copy = page.locator('#shell-sidebar-prerender');
      const rail = copy.getByRole('complementary', { name: 'Sidebar' });
      await expect(rail).toBeVisible();
      expect(await boxOf(rail)).toEqual({ x: 0, width: 84 });
      const expand = page.locator('#shell-header-prerender').getByRole('button', { name: 'Expand menu' });
      await expect(expand).toHaveAttribute('aria-expanded', 'false');
      await expand.tap();
      expect(await boxOf(rail)).toEqual({ x: 0, width: 236 });
      await expect(page.locator('#shell-header-prerender').getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
      await expect(rail.getByRole('link', { name: /^Explore/ })).toHaveAttribute('href', '/explore');
      // a click outside closes it, as the shell's; open it again for the takeover
      await page.mouse.click(700, 600);
      expect(await boxOf(rail)).toEqual({ x: 0, width: 84 });
      await expand.tap();
      release();
      await expect(copy).toHaveCount(0);
      const sidebar = page.locator('#shell-sidebar');
      await expect(sidebar).toHaveAttribute('data-narrow', 'false');
      expect(await boxOf(sidebar)).toEqual({ x: 0, width: 236 });
      await expect(page.getByRole('button', { name: 'Collapse menu' })).toHaveAttribute('aria-expanded', 'true');
      await page.getByTestId('sidebar-scrim').click({ position: { x: 700, y: 600 } });
      await expect(sidebar).toHaveAttribute('data-narrow', 'true');
    });
  });

  test.describe('desktop', () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test("Collapse menu narrows the copy's sidebar and the first screen follows; the shell keeps it collapsed", async ({ page }) => {
      const release = await holdShell(page);
      await page.goto('/home', { waitUntil: 'commit' });
      const side = page.locator('#shell-sidebar-prerender').getByRole('complementary', { name: 'Sidebar' });
      const hero = page.locator('#home-hero-prerender');
      await expect(side).toBeVisible();
      expect(await boxOf(side)).toEqual({ x: 0, width: 236 });
      expect((await boxOf(hero)).x).toBe(236);
      await page.locator('#shell-header-prerender').getByRole('button', { name: 'Collapse menu' }).click();
      expect(await boxOf(side)).toEqual({ x: 0, width: 84 });
      expect((await boxOf(hero)).x).toBe(84);
      await expect(page.locator('#shell-header-prerender').getByRole('button', { name: 'Expand menu' })).toHaveAttribute('aria-expanded', 'false');
      release();
      await expect(page.locator('#shell-header-prerender')).toHaveCount(0);
      const sidebar = page.locator('#shell-sidebar');
      await expect(sidebar).toHaveAttribute('data-narrow', 'true');
      expect(await boxOf(sidebar)).toEqual({ x: 0, width: 84 });
      expect((await boxOf(page.locator('#shell-main'))).x).toBe(84);
      await page.getByRole('button', { name: 'Expand menu' }).click();
      await expect(sidebar).toHaveAttribute('data-narrow', 'false');
    });
  });
});

test.describe("a visitor's creation screen before the shell has run (issue 25: the CreateScreen rendered by the gateway)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const [path, title] of [
    ['/text-to-video', 'Text to Video'],
    ['/image-to-video', 'Image to Video'],
    ['/text-to-music', 'Text to Music'],
  ] as const) {
    test(`${path}: the form's first screen is in the first HTML, and the CreateScreen replaces it with one copy and no shift`, async ({ page }) => {
      await observeLayoutShift(page);
      const release = await holdShell(page);
      await page.goto(path, { waitUntil: 'commit' });
      const copy = page.locator('#first-screen-prerender');
      await expect(copy.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(copy.getByTestId('generate-button')).toBeVisible();
      await expect(copy.getByText('Log in to generate and to see the cost.')).toBeVisible();
      // where the page will be: below the header, full width on a phone
      const before = await copy.locator('form').boundingBox();
      release();
      await expect(copy).toHaveCount(0);
      const heading = page.getByRole('heading', { level: 1, name: title });
      await expect(heading).toHaveCount(1);
      await expect(page.getByTestId('generate-button')).toHaveCount(1);
      // the same place and width (its height grows as the examples arrive below the fold)
      const after = await page.locator('form[aria-labelledby="create-title"]').boundingBox();
      expect(after && before && [after.x, after.y, after.width]).toEqual(before && [before.x, before.y, before.width]);
      await page.waitForTimeout(500);
      expect(await layoutShiftSoFar(page)).toBeLessThan(CLS_BUDGET);
    });
  }
});

test.describe("a visitor's AI tools list before the shell has run (issue 25: the AiToolsPage rendered by the gateway)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('/ai-tools: the list with its tabs and the previews is in the first HTML, its first picture eager at high priority; the page replaces it in place', async ({ page, request }) => {
    // the tools' previews are made at first start: wait until the first card's are
    await expect
      .poll(async () => ((await (await request.get(`${DIRECT}/v1/ai/tools/previews`)).json()) as { data: { previews: { tool: string; status: string }[] } }).data.previews.find((p) => p.tool === 'video-enhancer')?.status, { intervals: [1000], timeout: 120_000 })
      .toBe('ready');
    await observeLayoutShift(page);
    const release = await holdShell(page);
    await page.goto('/ai-tools', { waitUntil: 'commit' });
    const copy = page.locator('#first-screen-prerender');
    await expect(copy.getByRole('heading', { level: 1, name: 'AI Tools' })).toBeVisible();
    await expect(copy.getByRole('tab', { name: 'Hot', selected: true })).toBeVisible();
    const first = copy.locator('li').first();
    await expect(first.getByRole('link')).toHaveAttribute('href', /^\/ai-tools\/video-enhancer/);
    const picture = first.locator('img, video').first();
    await expect(picture).toBeVisible();
    if (await first.locator('img').count()) {
      await expect(first.locator('img').first()).toHaveAttribute('loading', 'eager');
      await expect(first.locator('img').first()).toHaveAttribute('fetchpriority', 'high');
    }
    const before = await first.boundingBox();
    release();
    await expect(copy).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Tools' })).toHaveCount(1);
    const after = await page.locator('li[data-tool="video-enhancer"]').boundingBox();
    expect(after && before && [after.x, after.y, after.width, after.height]).toEqual(before && [before.x, before.y, before.width, before.height]);
    await page.waitForTimeout(500);
    expect(await layoutShiftSoFar(page)).toBeLessThan(CLS_BUDGET);
  });
});

test.describe("a visitor's Explore gallery before the shell has run (issue 25: the ExplorePage rendered by the gateway)", () => {
  for (const viewport of [PHONE, { width: 1440, height: 900 }]) {
    test(`/explore at ${viewport.width} px: the gallery's first page is in the first HTML with as many columns as the page's, the first picture loaded at high priority; the page replaces it in place`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await observeLayoutShift(page);
      const release = await holdShell(page);
      await page.goto('/explore', { waitUntil: 'commit' });
      const copy = page.locator('#first-screen-prerender');
      await expect(copy.getByRole('heading', { level: 1, name: 'Explore' })).toBeVisible();
      await expect(copy.getByRole('heading', { level: 1, name: 'Explore' })).toHaveCount(1);
      const cards = copy.getByTestId('explore-card').filter({ visible: true });
      const picture = cards.first().locator('img');
      await expect(picture).toHaveAttribute('fetchpriority', 'high');
      await expect(picture).toHaveAttribute('loading', 'eager');
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const columns = await copy.locator('.explore-masonry-column').filter({ visible: true }).count();
      const before = await cards.first().boundingBox();
      release();
      await expect(copy).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Explore' })).toHaveCount(1);
      expect(await page.locator('.explore-masonry-column').count()).toBe(columns);
      const after = await page.getByTestId('explore-card').first().boundingBox();
      expect(after && before && [after.x, after.y, after.width, after.height]).toEqual(before && [before.x, before.y, before.width, before.height]);
      await page.waitForTimeout(500);
      expect(await layoutShiftSoFar(page)).toBeLessThan(CLS_BUDGET);
    });
  }
});

test.describe("a visitor's legal page before the shell has run (issue 25: the LegalPage rendered by the gateway)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('/terms: the text is in the first HTML with plain links; the page replaces it in place', async ({ page }) => {
    const release = await holdShell(page);
    await page.goto('/terms', { waitUntil: 'commit' });
    const copy = page.locator('#first-screen-prerender');
    await expect(copy.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
    await expect(copy.getByRole('link', { name: 'Privacy Policy' }).first()).toHaveAttribute('href', '/privacy');
    const before = await copy.getByRole('heading', { level: 1 }).boundingBox();
    release();
    await expect(copy).toHaveCount(0);
    const heading = page.getByRole('heading', { level: 1, name: 'Terms of Service' });
    await expect(heading).toHaveCount(1);
    expect(await heading.boundingBox()).toEqual(before);
  });
});

test.describe("a visitor's Pricing page before the shell has run (issue 25: the PricingPage rendered by the gateway)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  test('/pricing: the month\'s plans with their prices are in the first HTML, inert; the page replaces them in place, one copy', async ({ page }) => {
    await observeLayoutShift(page);
    const release = await holdShell(page);
    await page.goto('/pricing', { waitUntil: 'commit' });
    const copy = page.locator('#first-screen-prerender');
    // inert: out of the accessibility tree until the page takes over, so read the copy's elements themselves
    await expect(copy.locator('h1')).toHaveText('Pricing');
    await expect(copy).toHaveAttribute('inert', '');
    const plan = copy.locator('article[data-sku]').first();
    await expect(plan).toBeVisible();
    await expect(plan).toContainText('/mo');
    await expect(copy).not.toContainText('Loading plans');
    const sku = await plan.getAttribute('data-sku');
    const before = await plan.boundingBox();
    release();
    await expect(copy).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Pricing' })).toHaveCount(1);
    const after = await page.locator(`article[data-sku="${sku}"]`).boundingBox();
    expect(after && before && [after.x, after.y, after.width, after.height]).toEqual(before && [before.x, before.y, before.width, before.height]);
    await expect(page.getByRole('button', { name: 'Buy credit packs' })).toHaveCount(1);
    await page.waitForTimeout(500);
    expect(await layoutShiftSoFar(page)).toBeLessThan(CLS_BUDGET);
  });
});

test.describe("a visitor's AI effects page, tool editor and template browser before the shell has run (issue 25: the EffectPage, ToolEditor and TemplatePage rendered by the gateway)", () => {
  test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

  for (const { path, title, first } of [
    { path: '/effect', title: 'AI Effects', first: '[role="tabpanel"]' },
    { path: '/ai-tools/video-enhancer', title: 'Video Enhancer', first: '[data-testid="tool-action"]' },
    // shown without the shell's header and menu: its copy takes the whole window
    { path: '/template', title: 'Templates', first: '[role="tabpanel"]' },
  ]) {
    test(`${path}: its first screen is in the first HTML, inert; the page replaces it in place, one copy`, async ({ page }) => {
      await observeLayoutShift(page);
      const release = await holdShell(page);
      await page.goto(path, { waitUntil: 'commit' });
      const copy = page.locator('#first-screen-prerender');
      await expect(copy.locator('h1')).toHaveText(title);
      await expect(copy).toHaveAttribute('inert', '');
      const part = copy.locator(first).first();
      await expect(part).toBeVisible();
      const before = await part.boundingBox();
      release();
      await expect(copy).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(1);
      const after = await page.locator(first).first().boundingBox();
      expect(after && before && [after.x, after.y, after.width]).toEqual(before && [before.x, before.y, before.width]);
      await page.waitForTimeout(500);
      expect(await layoutShiftSoFar(page)).toBeLessThan(CLS_BUDGET);
    });
  }
});

