/**
 * Signing in as a person does it in the composed product: the header's Login opens the account service's
 * frame (on its own origin), which signs in or signs up. The one sign-in of every suite is the `signIn`
 * fixture of the `test` exported here (worker-scoped, so a suite's beforeAll and a page of its own context
 * use it too).
 */
import { expect, test as base, type FrameLocator, type Page } from '@playwright/test';

export { expect };

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

export interface SignInOptions {
  /** the page to open first (default /home); false signs in on the page as it is */
  goto?: string | false;
}

/** Signs a demo account in through the frame; done when the header shows the avatar and the balance. */
export type SignIn = (page: Page, email: string, options?: SignInOptions) => Promise<void>;

async function signIn(page: Page, email: string, { goto = '/home' }: SignInOptions = {}): Promise<void> {
  if (goto !== false) await page.goto(goto);
  await openLogin(page);
  const frame = loginFrame(page);
  await frame.locator('#login-email').fill(email);
  await frame.locator('#login-password').fill(DEMO_PASSWORD);
  await frame.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Log in' })).toBeHidden();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
  await expect(page.getByTestId('header-credits')).toHaveText(/^\d+$/);
}

/** Playwright's test with the suites' one sign-in: `async ({ page, signIn }) => signIn(page, 'free@demo.local')`. */
export const test = base.extend<object, { signIn: SignIn }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern; signIn needs none
  signIn: [async ({}, use) => use(signIn), { scope: 'worker' }],
});

/** the password signUp gives every new account */
export const NEW_PASSWORD = 'a-long-password-1';

/**
 * Signs up a new account of its own (a Free member) through the frame, so a suite's purchases touch no shared
 * demo account; the terms are agreed to as a person must. Answers the new address (not yet confirmed).
 */
export async function signUp(page: Page, prefix = 'buyer'): Promise<string> {
  await page.goto('/home');
  await openLogin(page);
  const frame = loginFrame(page);
  await frame.getByRole('link', { name: 'Sign up' }).click();
  const email = `${prefix}-${Date.now()}@example.test`;
  await frame.locator('#register-email').fill(email);
  await frame.locator('#register-password').fill(NEW_PASSWORD);
  const confirm = frame.locator('#register-password-confirm');
  if (await confirm.count()) await confirm.fill(NEW_PASSWORD);
  await frame.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  await frame.locator('#view-register').getByRole('button', { name: /sign up|create/i }).click();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
  await expect(page.getByTestId('header-credits')).toHaveText(/^\d+$/);
  return email;
}
