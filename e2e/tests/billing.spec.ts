/**
 * The money path in the composed product: free@demo.local buys a 100-credit pack through the sandbox
 * checkout in a new tab (declined card first, then the success card) and, back in the first tab, sees
 * 'Successful purchase' and the higher balance without a reload; the phone dialog at 375 px.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

const DEMO_PASSWORD = 'demo-password';

async function logIn(page: Page, email: string): Promise<void> {
  await page.goto('/home');
  await page.getByTestId('account-entry').getByRole('button', { name: 'Login', exact: true }).click();
  const frame = page.frameLocator('iframe[title$="to AI Video Generator"]');
  await frame.locator('#login-email').fill(email);
  await frame.locator('#login-password').fill(DEMO_PASSWORD);
  await frame.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeHidden();
  await expect(page.getByTestId('header-credits')).toHaveText(/^\d+$/);
}

/** A new account of its own (a free user), so the trial does not turn a shared demo account into a member for the suites after this one. */
async function signUp(page: Page): Promise<void> {
  await page.goto('/home');
  await page.getByTestId('account-entry').getByRole('button', { name: 'Login', exact: true }).click();
  const frame = page.frameLocator('iframe[title$="to AI Video Generator"]');
  await frame.getByRole('link', { name: 'Sign up' }).click();
  await frame.locator('#register-email').fill(`trial-${Date.now()}@example.test`);
  await frame.locator('#register-password').fill('a-long-password-1');
  const confirm = frame.locator('#register-password-confirm');
  if (await confirm.count()) await confirm.fill('a-long-password-1');
  await frame.locator('#view-register').getByRole('button', { name: /sign up|create/i }).click();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
  await expect(page.getByTestId('header-credits')).toHaveText(/^\d+$/);
}

/** QA override (outside production): this browser is in the campaign audience, which the suite's config switches off. */
async function joinCampaign(context: BrowserContext, page: Page): Promise<void> {
  await page.goto('/home');
  const { hostname } = new URL(page.url());
  await context.addCookies([{ name: 'ab_override', value: 'ad_banner_undefined=2', domain: hostname, path: '/' }]);
}

test('the campaign: the desktop banner for a visitor, the start-up pop-up with its countdown for a free user', async ({ page, context }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await joinCampaign(context, page);
  await page.goto('/home');
  const banner = page.getByRole('region', { name: 'Promotion' });
  await expect(banner).toContainText('1M AI creations');
  await expect(banner).toContainText('20% OFF');
  await page.screenshot({ path: 'e2e/test-results/billing-banner-1440.png' });
  await banner.getByRole('button', { name: 'Join Now' }).click();
  await expect(page.getByRole('dialog', { name: 'Upgrade' })).toBeVisible();
  await page.keyboard.press('Escape');

  await logIn(page, 'free@demo.local');
  const popup = page.getByRole('dialog', { name: 'Up to 50% OFF' });
  await expect(popup).toBeVisible();
  await expect(popup).toContainText('Limited Time');
  await expect(popup.getByLabel(/^Ends in \d\d hours \d\d minutes \d\d seconds$/)).toBeVisible();
  await page.screenshot({ path: 'e2e/test-results/billing-popup-1440.png' });
  await popup.getByRole('button', { name: 'Upgrade Now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade' });
  await expect(dialog.getByRole('tab', { name: 'Membership' })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: 'e2e/test-results/billing-dialog-1440.png' });
  // shown once a day: a reload does not bring it back
  await page.reload();
  await expect(page.getByTestId('header-credits')).toHaveText(/^\d+$/);
  await expect(page.getByRole('dialog', { name: 'Up to 50% OFF' })).toHaveCount(0);
});

test('a free user buys a credit pack in the sandbox checkout and sees it arrive without reloading', async ({ page, context }) => {
  await logIn(page, 'free@demo.local');
  const before = Number(await page.getByTestId('header-credits').textContent());
  await page.getByTestId('header-credits').click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade' });
  await dialog.getByRole('tab', { name: 'Credits' }).click();
  await dialog.getByRole('radiogroup', { name: 'Pay as you go' }).getByRole('radio', { name: /^100 Credits,/ }).click();
  const [shop] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Buy now' }).click()]);
  await shop.waitForLoadState();
  await expect(shop.getByRole('note')).toContainText('No money moves');
  await shop.getByLabel('Card number').fill('4000 0000 0000 0002');
  await shop.getByLabel('Expiry (MM/YY)').fill('12/34');
  await shop.getByLabel('CVC').fill('123');
  await shop.getByRole('button', { name: /^Pay / }).click();
  await expect(shop.getByRole('alert')).toHaveText('Your card was declined.');
  await shop.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shop.getByLabel('Expiry (MM/YY)').fill('12/34');
  await shop.getByLabel('CVC').fill('123');
  await shop.getByRole('button', { name: /^Pay / }).click();
  await expect(shop.getByRole('heading', { name: 'Successful purchase' })).toBeVisible();
  await shop.close();

  await page.bringToFront();
  await expect(page.getByText('Successful purchase')).toBeVisible({ timeout: 15000 });
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('header-credits')).toHaveText(String(before + 100), { timeout: 15000 });
});

test('a free user takes the 3-day trial, becomes Standard in the account panel, and cancels the renewal', async ({ page, context }) => {
  await signUp(page);
  await page.getByTestId('header-credits').click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade' });
  // smart open: membership for a free user
  await expect(dialog.getByRole('tab', { name: 'Membership' })).toHaveAttribute('aria-selected', 'true');
  await dialog.getByRole('radio', { name: /^Standard Monthly,/ }).click();
  await dialog.getByRole('checkbox', { name: /3-day free trial/ }).check();
  const [shop] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Start 3-day free trial' }).click()]);
  await shop.waitForLoadState();
  await expect(shop.getByText('$0.00')).toBeVisible();
  await shop.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shop.getByLabel('Expiry (MM/YY)').fill('12/34');
  await shop.getByLabel('CVC').fill('123');
  await shop.getByRole('button', { name: 'Start free trial' }).click();
  await expect(shop.getByRole('heading', { name: 'Successful purchase' })).toBeVisible();
  await shop.close();

  await page.bringToFront();
  await expect(page.getByText('Successful purchase')).toBeVisible({ timeout: 15000 });
  await page.getByTestId('account-avatar').click();
  const panel = page.getByRole('dialog', { name: 'Account' });
  await expect(panel.getByTestId('account-plan')).toHaveText('Standard', { timeout: 15000 });
  await panel.getByRole('button', { name: /^Cancel Standard Monthly/ }).click();
  await expect(panel.getByText('Cancelled: ends at the end of the period')).toBeVisible();
  await expect(panel.getByTestId('account-plan')).toHaveText('Standard');
});

test('the phone dialog at 375 px: full screen, membership first, Subscribe', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await logIn(page, 'premium@demo.local');
  await page.getByTestId('header-credits').click();
  await page.getByRole('dialog', { name: 'Upgrade' }).getByRole('tab', { name: 'Membership' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade' });
  await expect(dialog).toHaveAttribute('data-layout', 'phone');
  await expect(dialog.getByRole('tab').first()).toHaveText('Membership');
  const box = await dialog.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(370);
  await expect(dialog.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  // a Premium member is told when a new subscription starts
  await expect(dialog.getByRole('note')).toHaveText(/Your new subscription will start after the current one ends/);
  await page.screenshot({ path: 'e2e/test-results/billing-phone.png' });
  // the sandbox checkout fits a phone too
  await page.goto('/v1/buy/checkout?cartItem=24110007&source=dialog&sid=phone-check-0001');
  await expect(page.getByRole('note')).toContainText('No money moves');
  await expect(page.getByLabel('Card number')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: 'e2e/test-results/billing-checkout-375.png', fullPage: true });
});
