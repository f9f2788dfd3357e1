/**
 * Hardening as a browser meets it: the shell runs under its Content-Security-Policy without a violation
 * (the login frame included), a foreign page cannot frame it, and an API outage keeps a signed-in user
 * signed in, says so, and recovers by itself.
 */
import { expect, test } from '../support/login';

const NETWORK_TEXT = 'Network fluctuation detected. Please try again later.';

test('the shell and the login frame run under the CSP without a violation; a foreign page cannot frame the shell', async ({ page, signIn }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) violations.push(message.text());
  });
  const answer = await page.goto('/home');
  const headers = answer?.headers() ?? {};
  expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'self'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  await signIn(page, 'free@demo.local', { goto: false });
  await page.goto('/explore');
  await expect(page.getByTestId('account-avatar')).toBeVisible();
  expect(violations).toEqual([]);

  // a page of another origin (an opaque about:blank document here) framing the shell gets nothing
  const foreign = await page.context().newPage();
  const refused: string[] = [];
  foreign.on('console', (message) => refused.push(message.text()));
  await foreign.setContent(`<iframe id="victim" src="${new URL('/home', page.url()).href}" width="600" height="400"></iframe>`);
  await expect.poll(() => refused.some((text) => /frame-ancestors|Refused to frame/i.test(text)), { timeout: 10_000 }).toBe(true);
  await foreign.close();
});

test('an API outage keeps the user signed in, says so, and recovers on its own', async ({ page, signIn }) => {
  await signIn(page, 'standard@demo.local');

  // the API goes away: every /v1 call answers 503 as the gateway does
  await page.route('**/v1/**', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ code: 503, msg: NETWORK_TEXT, data: null, trace_id: 'outage' }) }),
  );
  await page.reload();
  await expect(page.getByText(NETWORK_TEXT).first()).toBeVisible();
  await expect(page.getByTestId('account-avatar')).toBeVisible();
  await expect(page.getByTestId('account-entry').getByRole('button', { name: 'Login', exact: true })).toHaveCount(0);

  // the API is back: the shell fetches the user again by itself, no reload
  const refetched = page.waitForResponse((response) => response.url().includes('/v1/user') && response.status() === 200, { timeout: 20_000 });
  await page.unroute('**/v1/**');
  await refetched;
  await expect(page.getByTestId('account-avatar')).toBeVisible();
});
