/**
 * Signing in as a person does it in the composed product: the header's Login opens the account service's
 * frame (on its own origin), which signs in or signs up. Shared by the suites that need a signed-in page.
 */
import { expect, type FrameLocator, type Page } from '@playwright/test';

/** the seeded demo accounts' password (services/account/src/seed.ts) */
export const DEMO_PASSWORD = 'demo-password';

export function loginFrame(page: Page): FrameLocator {
  return page.frameLocator('iframe[title$="to AI Video Generator"]');
}

export async function openLogin(page: Page): Promise<void> {
  const entry = page.getByTestId('account-entry');
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeVisible();
}

/** Signs in on the current page through the frame; done when the header shows the avatar. */
export async function logInAs(page: Page, email: string): Promise<void> {
  await openLogin(page);
  const frame = loginFrame(page);
  await frame.locator('#login-email').fill(email);
  await frame.locator('#login-password').fill(DEMO_PASSWORD);
  await frame.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeHidden();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
}

/** Signs up a new account of its own (a Free member) through the frame, so a suite's purchases touch no shared demo account. */
export async function signUp(page: Page, prefix = 'buyer'): Promise<string> {
  await page.goto('/home');
  await openLogin(page);
  const frame = loginFrame(page);
  await frame.getByRole('link', { name: 'Sign up' }).click();
  const email = `${prefix}-${Date.now()}@example.test`;
  await frame.locator('#register-email').fill(email);
  await frame.locator('#register-password').fill('a-long-password-1');
  const confirm = frame.locator('#register-password-confirm');
  if (await confirm.count()) await confirm.fill('a-long-password-1');
  await frame.locator('#view-register').getByRole('button', { name: /sign up|create/i }).click();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
  await expect(page.getByTestId('header-credits')).toHaveText(/^\d+$/);
  return email;
}
