/**
 * Issue 12's last pieces in the composed product, on the small showcase the product's own engines render
 * on first start: the music form opens remote-explore's template list picker through the shell (a remote
 * never imports another), plays a template's audio preview, and a pick fills the form; explore's pictures
 * open the image-swiper and its videos the video modal, both real dialogs, also at 375 px.
 */
import { expect, test } from '@playwright/test';
import { DIRECT } from '../support/origins';

test.describe.configure({ mode: 'serial' });

const API = DIRECT;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  // the showcase renders in the background: wait for the music templates' previews and a clip in Explore
  await expect
    .poll(
      async () => {
        const music = await (await request.get(`${API}/v1/workflow/ct/list?fun_module=template&media=audio`)).json();
        const videos = await (await request.get(`${API}/v1/workflow/explore/list?page=1&page_size=1&media=video`)).json();
        return (music.data[0]?.categories[0]?.total ?? 0) >= 2 && videos.data.paginate.total >= 1;
      },
      { intervals: [1000], timeout: 170_000 },
    )
    .toBe(true);
});

test("the music form's template picker plays a preview and a pick fills the form", async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (/remote[-_]explore/.test(request.url())) scripts.push(request.url());
  });
  await page.goto('/text-to-music');
  const open = page.getByRole('button', { name: 'Start from a template' });
  await expect(open).toBeVisible();
  const picker = page.getByRole('dialog', { name: 'Music templates' });
  await open.click();
  await expect(picker).toBeVisible();
  // remote-explore was fetched for the picker (the creation screen never imports it)
  expect(scripts.length).toBeGreaterThan(0);
  await expect(picker.getByText('Rainy lofi')).toBeVisible();
  await picker.getByRole('button', { name: 'Play Rainy lofi' }).click();
  await expect(picker.getByRole('button', { name: 'Pause Rainy lofi' })).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => picker.locator('audio').first().evaluate((audio: HTMLAudioElement) => audio.currentTime)).toBeGreaterThan(0);
  await picker.getByRole('button', { name: 'Use Rainy lofi', exact: true }).click();
  await expect(picker).toBeHidden();
  await expect(page).toHaveURL(/\/text-to-music\?tplId=4001$/);
  await expect(page.getByRole('textbox', { name: 'Describe the music' })).toHaveValue('calm lofi piano with soft rain ambience and warm vinyl crackle');
});

test('explore: a picture opens the image-swiper, a video the video modal; Escape closes them', async ({ page }) => {
  await page.goto('/explore');
  // a visitor's first HTML carries the gallery's inert copy (issue 25): the page's own cards are the ones to open
  await expect(page.locator('#first-screen-prerender')).toHaveCount(0);
  await page.getByTestId('explore-card').filter({ hasText: 'Landscape: mountain, trees, dawn' }).click();
  const swiper = page.getByTestId('image-swiper');
  await expect(swiper).toHaveAttribute('role', 'dialog');
  await swiper.hover();
  await expect(swiper).toHaveAccessibleName('Landscape: mountain, trees, dawn');
  await expect(swiper.getByRole('region', { name: 'Prompt' })).toContainText('a calm mountain lake at dawn');
  await expect(swiper.getByRole('button', { name: 'Make the same' })).toBeVisible();
  await swiper.getByRole('button', { name: 'Next picture' }).click();
  await expect(swiper).not.toHaveAccessibleName('Landscape: mountain, trees, dawn');
  await page.keyboard.press('Escape');
  await expect(swiper).toBeHidden();

  await page.getByRole('group', { name: 'Media' }).getByRole('button', { name: 'Video' }).click();
  await page.getByTestId('explore-card').first().click();
  const modal = page.getByTestId('video-modal');
  await expect(modal).toHaveAttribute('role', 'dialog');
  await expect(modal.locator('video')).toHaveAttribute('poster', /.+/);
  await expect(modal.getByRole('button', { name: /Like/ })).toBeVisible();
  await page.keyboard.press('Tab');
  expect(await modal.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(modal).toBeHidden();
});

test('phones: the image-swiper and the video modal fit 375 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/explore');
  // a visitor's first HTML carries the gallery's inert copy (issue 25): the page's own cards are the ones to open
  await expect(page.locator('#first-screen-prerender')).toHaveCount(0);
  await page.getByTestId('explore-card').filter({ hasText: 'Landscape: mountain, trees, dawn' }).click();
  const swiper = page.getByTestId('image-swiper');
  await expect(swiper.getByRole('button', { name: 'Make the same' })).toBeVisible();
  const box = await swiper.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(375);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.keyboard.press('Escape');
  await page.getByRole('group', { name: 'Media' }).getByRole('button', { name: 'Video' }).click();
  await page.getByTestId('explore-card').first().click();
  const video = page.getByTestId('video-modal').locator('video');
  await expect(video).toBeVisible();
  expect((await video.boundingBox())?.height ?? 0).toBeLessThanOrEqual(480);
  await context.close();
});
