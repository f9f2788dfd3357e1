/**
 * Standard sign-in and the shop's mail (issue 23) in the composed product: the unmodified openid-client signs
 * in against the account service (a person logs in in Chromium, the library does the rest); a passkey is added
 * in the account center and signs in from the login frame with Chromium's virtual authenticator; a purchase
 * sends its receipt; a trial sends its reminder 24 hours before it converts, on a moved clock.
 */
import type { Page } from '@playwright/test';
import * as client from 'openid-client';
import { APP_ORIGIN } from '../playwright.config';
import { confirmAddress, waitForMail } from '../support/inbox';
import { DEMO_PASSWORD, expect, loginFrame, openLogin, signUp, test } from '../support/login';

const ACCOUNT_ORIGIN = `http://account.studio.test:${process.env.E2E_PORT ?? 8091}`;

test('openid-client signs in against the account service with the authorization code + PKCE', async ({ page }) => {
  const issuer = new URL(`${ACCOUNT_ORIGIN}/account`);
  // only Chromium maps *.studio.test to this machine: the library's own fetch hook sends its calls to loopback
  const loopback: client.CustomFetch = (url, options) => fetch(url.replace('//account.studio.test:', '//127.0.0.1:'), options as RequestInit);
  // the product's own client; the Playwright config gives the product this secret
  const config = await client.discovery(issuer, 'studio-web', 'e2e-client-secret', undefined, { execute: [client.allowInsecureRequests], [client.customFetch]: loopback });
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: `${APP_ORIGIN}/oidc-callback`,
    scope: 'openid email profile',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  await page.goto(url.href);
  await page.locator('#login-email').fill('standard@demo.local');
  await page.locator('#login-password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(/\/oidc-callback\?/);
  const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
  expect(tokens.claims()).toMatchObject({ iss: issuer.href, aud: 'studio-web', sub: '00000000-0000-4000-8000-000000000002', email: 'standard@demo.local' });
  const info = await client.fetchUserInfo(config, tokens.access_token, tokens.claims()!.sub);
  expect(info).toMatchObject({ email: 'standard@demo.local', email_verified: true, name: 'Standard Demo' });
});

async function virtualAuthenticator(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
}

test('a passkey added in the account center signs in from the login frame (virtual authenticator)', async ({ page }) => {
  await virtualAuthenticator(page);
  await signUp(page, 'passkey');
  await page.goto(`${ACCOUNT_ORIGIN}/account/center`);
  const passkeys = page.getByRole('region', { name: 'Passkeys' });
  await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
  await passkeys.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(passkeys.getByRole('status')).toHaveText('Your passkey was added. You can sign in with it now.');
  await expect(passkeys.getByRole('list', { name: 'Passkeys' }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Sign out' }).click();

  await page.goto('/home');
  await page.context().clearCookies({ name: 'studio_token' });
  await page.reload();
  await openLogin(page);
  await loginFrame(page).getByRole('button', { name: 'Log in with a passkey' }).click();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
});

test('a purchase sends a receipt; a trial sends its reminder 24 hours before it converts (moved clock)', async ({ page, browser, signIn }) => {
  const email = await signUp(page, 'receipt');
  const jwt = (await page.context().cookies()).find((cookie) => cookie.name === 'studio_token')?.value ?? '';
  const checkout = await page.context().newPage();
  await checkout.goto(`/v1/buy/checkout?cartItem=24110007&source=dialog&sid=e2e-${Date.now()}`);
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: /^Pay / }).click();
  await expect(checkout.getByText('Successful purchase')).toBeVisible();
  const receipt = await waitForMail(page.request, email, /receipt/i);
  expect(receipt.text).toMatch(/Order\s+\S+/);
  expect(receipt.text).toMatch(/ending in 4242/);

  // the trial (it waits for a confirmed address): its checkout states the renewal right above the button
  await confirmAddress(page, email);
  await checkout.goto(`/v1/buy/checkout?cartItem=24109013&source=dialog&sid=e2e-t-${Date.now()}&zero_buy=1`);
  await expect(checkout.locator('.agreement')).toContainText('until you cancel');
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await checkout.getByLabel('CVC').fill('123');
  await checkout.getByRole('button', { name: 'Start free trial' }).click();
  await expect(checkout.getByText('Successful purchase')).toBeVisible();
  const subs = await page.evaluate(
    async (token) => (await (await fetch('/v1/buy/subscriptions', { headers: { authorization: `Bearer ${token}` } })).json()).data as { is_trial: boolean; expires_at: number }[],
    jwt,
  );
  const trial = subs.find((sub) => sub.is_trial)!;

  // an operator runs the lifecycle on a clock moved to 12 hours before the trial ends (QA, outside production)
  const operator = await (await browser.newContext()).newPage();
  await signIn(operator, 'premium@demo.local');
  const operatorJwt = (await operator.context().cookies()).find((cookie) => cookie.name === 'studio_token')?.value ?? '';
  const run = await operator.evaluate(
    async ([token, at]) => (await fetch('/v1/qa/billing/run', { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify({ at }) })).status,
    [operatorJwt, trial.expires_at - 12 * 3600] as const,
  );
  expect(run).toBe(200);
  const reminder = await waitForMail(page.request, email, /free trial becomes/);
  expect(reminder.text).toMatch(/charged \$\d+\.\d\d/);
  await operator.context().close();
});
