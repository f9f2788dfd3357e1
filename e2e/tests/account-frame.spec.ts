/**
 * The central account service on its own origin: the product page frames its login page, the user signs
 * in there, the frame posts the auth code to the product origin, and the code (with the PKCE verifier)
 * becomes a token the product API accepts.
 */
import { expect, test } from '@playwright/test';
import { ACCOUNT_ORIGIN } from '../support/origins';



interface FrameMessage {
  origin: string;
  data: { type?: string; code?: string; state?: string };
}

test('a demo user logs in inside the account frame; the auth code becomes a token the API accepts', async ({ page, baseURL }) => {
  // a bare document served from the product's origin plays the host, so only this test's listener hears
  // the frame (the product's own login dialog is covered by the account suite)
  const appOrigin = new URL(baseURL ?? '').origin;
  await page.goto('/remotes.json');

  // the product side of the flow, as the login dialog does it: PKCE pair, state, a frame, a message listener
  const authorizeUrl = await page.evaluate(async ({ accountOrigin, redirectUri }) => {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const b64url = (buffer: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    const verifier = b64url(bytes);
    const challenge = b64url(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
    const state = b64url(crypto.getRandomValues(new Uint8Array(16)));
    const w = window as unknown as { __pkce: { verifier: string; state: string }; __messages: FrameMessage[] };
    w.__pkce = { verifier, state };
    w.__messages = [];
    window.addEventListener('message', (event) => w.__messages.push({ origin: event.origin, data: event.data as FrameMessage['data'] }));
    const url = new URL(`${accountOrigin}/account/oauth/authorize`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'studio-web',
      app_key: 'studio-web',
      redirect_uri: redirectUri,
      state,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      mode: 'iframe',
      lang: 'en',
      scope: 'profile',
    }).toString();
    const frame = document.createElement('iframe');
    frame.title = 'Log in';
    frame.width = '400';
    frame.height = '604';
    frame.style.cssText = 'position:fixed;top:0;left:0;z-index:2147483647;background:#fff';
    frame.src = url.toString();
    document.body.appendChild(frame);
    return url.toString();
  }, { accountOrigin: ACCOUNT_ORIGIN, redirectUri: `${appOrigin}/` });
  expect(authorizeUrl.startsWith(ACCOUNT_ORIGIN)).toBe(true);

  const frame = page.frameLocator('iframe[title="Log in"]');
  const loginForm = frame.locator('form[action$="/login"]');
  await loginForm.getByLabel('E-mail').fill('standard@demo.local');
  await loginForm.getByLabel('Password', { exact: true }).fill('demo-password');
  await loginForm.getByRole('button', { name: 'Log in' }).click();

  const authCode = await expect
    .poll(async () =>
      page.evaluate(() => {
        const w = window as unknown as { __messages: FrameMessage[] };
        return w.__messages.find((message) => message.data?.type === 'account:auth-code') ?? null;
      }),
    )
    .not.toBeNull()
    .then(() =>
      page.evaluate(() => (window as unknown as { __messages: FrameMessage[] }).__messages.find((m) => m.data?.type === 'account:auth-code')!),
    );
  expect(authCode.origin).toBe(ACCOUNT_ORIGIN);
  const pkce = await page.evaluate(() => (window as unknown as { __pkce: { verifier: string; state: string } }).__pkce);
  expect(authCode.data.state).toBe(pkce.state);
  expect(authCode.data.code).toBeTruthy();

  // the product API exchanges it for a session, and then knows the user
  const session = await page.evaluate(
    async ({ code, verifier, redirectUri }) => {
      const tokenAnswer = await fetch('/v1/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, code_verifier: verifier, redirect_uri: redirectUri, timezone: 'UTC', landing_page: '/home' }),
      }).then((r) => r.json() as Promise<{ code: number; data: { jwt: string } }>);
      const user = await fetch('/v1/user', { method: 'POST', headers: { authorization: `Bearer ${tokenAnswer.data.jwt}` } }).then(
        (r) => r.json() as Promise<{ code: number; data: { email: string; verify: { level: string } } }>,
      );
      const reused = await fetch('/v1/oauth/token', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code, code_verifier: verifier, redirect_uri: redirectUri }),
      }).then((r) => r.json() as Promise<{ code: number }>);
      return { tokenCode: tokenAnswer.code, user, reusedCode: reused.code };
    },
    { code: authCode.data.code!, verifier: pkce.verifier, redirectUri: `${appOrigin}/` },
  );
  expect(session.tokenCode).toBe(0);
  expect(session.user.code).toBe(0);
  expect(session.user.data.email).toBe('standard@demo.local');
  expect(session.user.data.verify.level).toBe('standard');
  // a code is single-use
  expect(session.reusedCode).not.toBe(0);
});
