/**
 * Billing as a subscription business (issue 22), in the composed product: prices that read right (with
 * their accessible names) beside the tier on offer and the Free plan's daily cap; Retry when the plans fail
 * and a plain message when the billing remote is down; an upgrade from Standard to Premium charged its
 * prorated amount once, leaving one active plan, with the history and its receipt; the campaign's packs for
 * a credits-10 member of the campaign.
 */
import type { Page } from '@playwright/test';
import { expect, signUp, test } from '../support/login';

const DESKTOP = { width: 1440, height: 900 };

async function openCredits(page: Page) {
  await page.getByTestId('header-credits').or(page.getByRole('button', { name: /^Get credits/ })).first().click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade' });
  await dialog.getByRole('tab', { name: 'Credits' }).click();
  return dialog;
}

async function pay(shop: Page, button: RegExp) {
  await shop.waitForLoadState();
  await shop.getByLabel('Card number').fill('4242 4242 4242 4242');
  await shop.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await shop.getByLabel('CVC').fill('123');
  await shop.getByRole('button', { name: button }).click();
  await expect(shop.getByRole('heading', { name: 'Successful purchase' })).toBeVisible();
}

test('a pack and a credit plan read right, with their accessible names, beside Premium and the Free cap', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/pricing');
  await expect(page.getByTestId('free-daily-cap')).toHaveText(/The Free plan starts up to \d+ tasks a day on free credits/);
  const dialog = await openCredits(page);
  await expect(dialog.getByTestId('free-daily-cap')).toBeVisible();
  const pack = dialog.getByRole('radiogroup', { name: 'One-time credit packs' }).getByRole('radio', { name: '100 Credits, $14.99, one-time payment, 40% off' });
  await expect(pack).toHaveAttribute('aria-checked', 'true');
  await expect(pack).not.toContainText('/mo');
  await expect(dialog.getByRole('button', { name: 'Buy now' })).toBeVisible();
  const plan = dialog.getByRole('radiogroup', { name: 'Monthly credit plans' }).getByRole('radio', { name: '100 Credits a month, $9.99 per month, renews every month until cancelled, 50% off' });
  await plan.click();
  await expect(plan).toContainText('Billed monthly, renews until cancelled');
  await expect(dialog.getByRole('button', { name: 'Subscribe' })).toHaveAccessibleDescription('$9.99 today, then $9.99 every month with 100 credits until you cancel.');
  await page.screenshot({ path: 'e2e/test-results/billing-credits-1440.png' });
  // membership: the Premium plans (no upgrade flag) beside Premium's benefits
  await dialog.getByRole('tab', { name: 'Membership' }).click();
  const plans = dialog.getByRole('radiogroup', { name: 'Premium plans' });
  await expect(plans.getByRole('radio')).toHaveCount(3);
  await expect(plans.getByRole('radio', { name: /^Premium Yearly, \$24\.99 per month, \$299\.88 billed yearly, renews every year until cancelled/ })).toBeVisible();
  await expect(dialog.getByRole('complementary', { name: 'Premium benefits' })).toContainText('Faster generations');
  await page.screenshot({ path: 'e2e/test-results/billing-membership-1440.png' });
});

test('a failed plans call offers Retry; a billing remote that cannot load says so', async ({ page }) => {
  await page.route('**/v1/buy/sku-info**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":503,"msg":"down","data":null}' }));
  await page.goto('/home');
  const dialog = await openCredits(page);
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText('Network fluctuation detected', { timeout: 15000 });
  await expect(dialog.getByText('Loading plans…')).toHaveCount(0);
  await page.unroute('**/v1/buy/sku-info**');
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(dialog.getByRole('radiogroup', { name: 'One-time credit packs' })).toBeVisible();

  const down = await page.context().newPage();
  await down.route('**/remotes/remote-billing/**', (route) => route.abort('connectionrefused'));
  await down.goto('/home');
  await down.getByRole('button', { name: /^Get credits/ }).first().click();
  await expect(down.getByRole('alert').filter({ hasText: 'Plans and purchases could not be loaded' })).toBeVisible({ timeout: 15000 });
  await down.unroute('**/remotes/remote-billing/**');
  await down.getByRole('button', { name: /^Get credits/ }).first().click();
  await expect(down.getByRole('dialog', { name: 'Upgrade' })).toBeVisible({ timeout: 15000 });
  await down.close();
});

test('Standard -> Premium: charged Premium less the unused Standard once, one active plan, the history and its receipt', async ({ page, context }) => {
  await page.setViewportSize(DESKTOP);
  await signUp(page, 'upgrade');
  await page.goto('/pricing');
  const [first] = await Promise.all([context.waitForEvent('page'), page.getByRole('article', { name: 'Standard Monthly' }).getByRole('button', { name: 'Subscribe to Standard' }).click()]);
  await pay(first, /^Pay \$14\.99$/);
  await first.close();
  await page.bringToFront();
  await expect(page.getByTestId('header-plan')).toHaveText('Standard', { timeout: 15000 });

  await page.getByTestId('header-credits').click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade' });
  await dialog.getByRole('tab', { name: 'Membership' }).click();
  await dialog.getByRole('radio', { name: /^Premium Monthly,/ }).click();
  const summary = dialog.getByTestId('purchase-summary');
  await expect(summary).toHaveText(/^Upgrade at once: \$\d+\.\d\d is credited for the unused part of your Standard Monthly, which ends now\. Due today: \$(\d+\.\d\d), then \$39\.99 every month until you cancel\.$/);
  const due = /Due today: \$(\d+\.\d\d)/.exec((await summary.textContent()) ?? '')?.[1] ?? '';
  await page.screenshot({ path: 'e2e/test-results/billing-upgrade-dialog-1440.png' });
  const [shop] = await Promise.all([context.waitForEvent('page'), dialog.getByRole('button', { name: 'Subscribe' }).click()]);
  await shop.waitForLoadState();
  await expect(shop.getByText('Credit for the unused part of Standard Monthly')).toBeVisible();
  await shop.screenshot({ path: 'e2e/test-results/billing-upgrade-checkout.png', fullPage: true });
  await pay(shop, new RegExp(`^Pay \\$${due.replace('.', '\\.')}$`));
  const orderId = await shop.locator('dt:text-is("Order") + dd').textContent();
  await expect(shop.locator('dt:text-is("Amount paid") + dd')).toHaveText(`$${due}`);
  await shop.close();

  await page.bringToFront();
  await expect(page.getByText('Successful purchase').first()).toBeVisible({ timeout: 15000 });
  await expect(page.getByTestId('header-plan')).toHaveText('Premium', { timeout: 15000 });
  await page.getByTestId('account-avatar').click();
  const panel = page.getByRole('dialog', { name: 'Account' });
  await expect(panel.getByTestId('subscription-status')).toHaveText([/^Renews on /]);
  await panel.getByRole('button', { name: 'Billing and receipts' }).click();
  const billing = page.getByRole('dialog', { name: 'Billing' });
  await expect(billing.getByRole('region', { name: 'Your plans' }).getByRole('listitem')).toHaveText([/^Premium MonthlyRenews on /]);
  const items = billing.getByTestId('billing-history-item');
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(`Upgrade: Premium Monthly$${due}`);
  await expect(items.nth(0)).toContainText(`Order ${orderId}`);
  await expect(items.nth(1)).toContainText('Purchase: Standard Monthly$14.99');
  await page.screenshot({ path: 'e2e/test-results/billing-history-1440.png' });
  const [receipt] = await Promise.all([context.waitForEvent('page'), items.nth(0).getByRole('link', { name: /^Receipt: upgrade of Premium Monthly/ }).click()]);
  await expect(receipt.getByRole('heading', { name: 'Receipt' })).toBeVisible();
  await expect(receipt.getByText(orderId ?? 'missing')).toBeVisible();
  await expect(receipt.getByText('Credit for the unused part of the replaced plan')).toBeVisible();
  await receipt.close();
});

test("the campaign's 1000 and 2000 packs, with their badge, for a credits-10 member of the campaign", async ({ page, context, signIn }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto('/home');
  const { hostname } = new URL(page.url());
  await context.addCookies([{ name: 'ab_override', value: 'ad_banner_undefined=2,sku_week_10_credits=2', domain: hostname, path: '/' }]);
  await signIn(page, 'checkin@demo.local', { goto: false });
  // the campaign's start-up pop-up comes first for this audience
  await expect(page.getByRole('dialog', { name: /^Up to \d+% OFF$/ })).toBeVisible();
  await page.keyboard.press('Escape');
  const dialog = await openCredits(page);
  const packs = dialog.getByRole('radiogroup', { name: 'One-time credit packs' });
  await expect(packs.getByRole('radio', { name: /^10 Credits, \$2\.49, one-time payment$/ })).toBeVisible();
  await expect(packs.getByRole('radio', { name: /^1000 Credits, \$99\.99, one-time payment, \d+% off$/ })).toContainText('% OFF');
  await expect(packs.getByRole('radio', { name: /^2000 Credits, \$179\.99, one-time payment, \d+% off$/ })).toBeVisible();
});
