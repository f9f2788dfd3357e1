/**
 * Accounts people can trust (issue 23), as a person meets them in the composed product, with the mail read
 * from the product's own local inbox: forgot password -> the mail -> reset -> the old session ends -> the new
 * password signs in; deleting the account in the account center -> it cannot sign in; an idle studio outlives
 * its token (40 s in this run); Escape inside the login frame closes the dialog and focus comes back.
 */
import { E2E_TOKEN_TTL_SECONDS } from '../playwright.config';
import { linkTo, waitForMail } from '../support/inbox';
import { expect, loginFrame, NEW_PASSWORD, openLogin, signUp, test } from '../support/login';

const ACCOUNT_ORIGIN = `http://account.studio.test:${process.env.E2E_PORT ?? 8091}`;

test('forgot password: the link in the mail resets it, the old session ends, the new password signs in', async ({ page, browser }) => {
  const email = await signUp(page, 'forgetful');

  // another browser, signed out: "Forgot password?" in the login frame
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/home');
  await openLogin(visitor);
  const frame = loginFrame(visitor);
  await frame.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(frame.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await frame.locator('#forgot-email').fill(email);
  await frame.getByRole('button', { name: 'Send the link' }).click();
  await expect(frame.getByRole('status')).toContainText(`If an account uses ${email}`);

  const mail = await waitForMail(visitor.request, email, /Reset your/);
  expect(mail.text).toContain('30 minutes');
  const reset = await other.newPage();
  await reset.goto(linkTo(mail, '/account/password/reset'));
  await reset.locator('#reset-new').fill('short');
  await reset.locator('#reset-repeat').fill('short');
  await reset.getByRole('button', { name: 'Save the new password' }).click();
  await expect(reset.locator('#reset-new-error')).toHaveText('The password must be at least 8 characters.');
  await reset.locator('#reset-new').fill('a-brand-new-password');
  await reset.locator('#reset-repeat').fill('a-brand-new-password');
  await reset.getByRole('button', { name: 'Save the new password' }).click();
  await expect(reset.getByRole('heading', { name: 'Your password was changed' })).toBeVisible();
  await reset.close();

  // the first browser's session is ended (140013): the next call signs it out
  await page.reload();
  await expect(page.getByTestId('account-entry').getByRole('button', { name: 'Login', exact: true })).toBeVisible();

  // the old password no longer works, the new one does (the frame shows the login view since the link was asked for)
  await frame.locator('#login-email').fill(email);
  await frame.locator('#login-password').fill(NEW_PASSWORD);
  await frame.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(frame.getByRole('alert')).toContainText('The e-mail or password is incorrect.');
  await frame.locator('#login-password').fill('a-brand-new-password');
  await frame.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(visitor.getByTestId('account-avatar')).toBeVisible();
  await other.close();
});

test('an account deleted in the account center is gone: the studio signs out and the login is refused', async ({ page }) => {
  const email = await signUp(page, 'leaving');
  const center = await page.context().newPage();
  await center.goto(`${ACCOUNT_ORIGIN}/account/center`);
  await expect(center.getByRole('heading', { name: 'Your account' })).toBeVisible();
  const section = center.getByRole('region', { name: 'Delete account' });
  await section.getByLabel('Current password').fill(NEW_PASSWORD);
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(section.getByText('Tick the box to confirm.')).toBeVisible();
  await section.getByRole('checkbox', { name: 'I understand that this cannot be undone' }).check();
  await section.getByRole('button', { name: 'Delete my account' }).click();
  await expect(center.getByRole('heading', { name: 'Your account was deleted' })).toBeVisible();
  await waitForMail(center.request, email, /account was deleted/);
  await center.close();

  await page.reload();
  await expect(page.getByTestId('account-entry').getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await openLogin(page);
  const frame = loginFrame(page);
  await frame.locator('#login-email').fill(email);
  await frame.locator('#login-password').fill(NEW_PASSWORD);
  await frame.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(frame.getByRole('alert')).toContainText('The e-mail or password is incorrect.');
});

test('keyboard: Escape inside the login frame closes the dialog; after signing in the focus is on the avatar', async ({ page }) => {
  await page.goto('/home');
  const login = page.getByTestId('account-entry').getByRole('button', { name: 'Login', exact: true });
  await login.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  const frame = loginFrame(page);
  await frame.locator('#login-email').focus();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(login).toBeFocused();

  await login.press('Enter');
  await frame.locator('#login-email').fill('standard@demo.local');
  await frame.locator('#login-password').fill('demo-password');
  await frame.locator('#login-password').press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-avatar')).toBeFocused();
});

test('an idle studio outlives its token: the shell renews it before it lapses', async ({ page, context, signIn }) => {
  test.setTimeout(120_000);
  await signIn(page, 'premium@demo.local');
  const tokenNow = async () => (await context.cookies()).find((cookie) => cookie.name === 'studio_token')?.value ?? '';
  const first = await tokenNow();
  const exp = JSON.parse(Buffer.from(first.split('.')[1], 'base64url').toString()).exp as number;
  expect(exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(E2E_TOKEN_TTL_SECONDS);
  // nobody touches the page past the first token's end
  await page.waitForTimeout((exp * 1000 - Date.now()) + 5000);
  const current = await tokenNow();
  expect(current).not.toBe(first);
  const answer = await page.evaluate(async (jwt) => (await fetch('/v1/user', { method: 'POST', headers: { authorization: `Bearer ${jwt}` } })).json(), current);
  expect(answer.code).toBe(0);
  await page.reload();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
});
