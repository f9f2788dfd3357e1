/**
 * A by-hand browser check of the login frame across origins (not part of the jest run):
 *
 *   npx tsx services/account/scripts/browser-check.ts [port] [outDir]
 *
 * Serves the account service on 127.0.0.1:PORT (default 8130) with an in-memory PGlite and the demo
 * accounts, plus a host page at /host. Chromium maps *.studio.test to 127.0.0.1, so
 * http://app.studio.test:PORT/host frames http://account.studio.test:PORT/account/oauth/authorize: two
 * origins of one site. It logs in inside the frame, waits for the auth code message, exchanges the code
 * server-side, reloads to see the session reused, runs the cookie check from the same site and from another
 * site (127.0.0.1), and screenshots the pages at 400x604.
 */
import { mkdirSync, mkdtempSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { chromium, type BrowserContext, type Frame, type Page } from 'playwright-core';
import { openDatabase } from '@studio/db';
import { FRAME_MESSAGES, type AccountTokenResponse } from 'shared-contracts';
import { buildAccountApp } from '../src/app.js';
import { seedDemoAccounts } from '../src/seed.js';
import { pkceChallenge } from '../src/crypto.js';

function newPair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

const port = Number(process.argv[2] ?? 8130);
const outDir = path.resolve(process.argv[3] ?? '/tmp/account-browser-check');
const APP = `http://app.studio.test:${port}`;
const ACCOUNT = `http://account.studio.test:${port}`;
const OTHER_SITE = `http://127.0.0.1:${port}`;
const SECRET = 'browser-check-secret';

const HOST_PAGE = (accountOrigin: string, mode: string, pair: { verifier: string; challenge: string }) => `<!doctype html><html><head><title>host</title></head><body>
<h1>Host page</h1><div id="slot"></div>
<script>
window.__messages = [];
window.addEventListener('message', function (event) {
  if (event.origin !== ${JSON.stringify(accountOrigin)}) return;
  window.__messages.push({ origin: event.origin, data: event.data });
});
// crypto.subtle does not exist on a plain-http origin other than localhost: this host page gets its PKCE pair from the server
(function () {
  var verifier = ${JSON.stringify(pair.verifier)};
  var challenge = ${JSON.stringify(pair.challenge)};
  window.__verifier = verifier;
  window.__state = 'st-' + Math.random().toString(36).slice(2);
  var q = new URLSearchParams({ app_key: 'studio-web', product_id: 'studio', source: 'web', scope: 'profile email', lang: 'en',
    response_type: 'code', mode: ${JSON.stringify(mode)}, redirect_uri: location.origin + '/auth/callback', state: window.__state,
    code_challenge: challenge, code_challenge_method: 'S256', theme: new URLSearchParams(location.search).get('theme') || '',
    register_mode: new URLSearchParams(location.search).get('register_mode') || '' });
  var frame = document.createElement('iframe');
  frame.id = 'login'; frame.width = '400'; frame.height = '604'; frame.style.border = '0';
  frame.src = ${JSON.stringify(accountOrigin)} + '/account/oauth/authorize?' + q;
  document.getElementById('slot').appendChild(frame);
})();
</script></body></html>`;

const COOKIE_HOST = (accountOrigin: string) => `<!doctype html><html><body><script>
window.__messages = [];
window.addEventListener('message', function (event) { if (event.origin === ${JSON.stringify(accountOrigin)}) window.__messages.push(event.data); });
var f = document.createElement('iframe'); f.style.display = 'none';
f.src = ${JSON.stringify(accountOrigin)} + '/account/cookie-check?origin=' + encodeURIComponent(location.origin);
document.body.appendChild(f);
</script></body></html>`;

type Results = Record<string, unknown>;
type Message = { origin: string; data: { type: string; code?: string; state?: string } };

async function startServer() {
  const db = await openDatabase({ dataDir: 'memory://' });
  await seedDemoAccounts(db);
  const app = await buildAccountApp({
    db,
    config: {
      clients: [{ id: 'studio-web', name: 'Studio', secret: SECRET, allowedOrigins: [APP, OTHER_SITE] }],
      tokenSecret: 'browser-check-token-secret-0123456789abcdef',
      publicOrigin: ACCOUNT,
    },
  });
  app.get('/host', async (request, reply) => reply.type('text/html').send(HOST_PAGE(ACCOUNT, (request.query as { mode?: string }).mode ?? 'iframe', newPair())));
  app.get('/cookie-host', async (_request, reply) => reply.type('text/html').send(COOKIE_HOST(ACCOUNT)));
  await app.listen({ port, host: '127.0.0.1' });
  return { db, app };
}

/** The host page's view: the frame messages it received, a wait for one type, and the login frame. */
function hostPage(page: Page) {
  const messages = () => page.evaluate(() => (window as unknown as { __messages: Message[] }).__messages);
  const waitFor = async (type: string) => {
    await page.waitForFunction((t) => (window as unknown as { __messages: Array<{ data: { type: string } }> }).__messages.some((m) => m.data.type === t), type, { timeout: 10_000 });
  };
  const loginFrame = async (): Promise<Frame> => {
    const handle = await page.waitForSelector('#login');
    const frame = await handle.contentFrame();
    if (!frame) throw new Error('no frame');
    return frame;
  };
  return { messages, waitFor, loginFrame };
}

/** Steps 1 to 3: the frame loads, a wrong password shows its error, the right one posts the auth code, exchanged server-side. */
async function checkFrameLogin(page: Page, results: Results): Promise<void> {
  const { messages, waitFor, loginFrame } = hostPage(page);
  // 1. the frame loads and posts page view
  await page.goto(`${APP}/host`);
  await waitFor(FRAME_MESSAGES.PAGE_VIEW);
  const frame = await loginFrame();
  await frame.waitForSelector('#login-email');
  await (await page.$('#login'))?.screenshot({ path: path.join(outDir, 'login-frame.png') });

  // 2. a wrong password: the error is shown in the frame
  await frame.fill('#login-email', 'free@demo.local');
  await frame.fill('#login-password', 'wrong-password');
  await frame.click('#view-login button[type=submit]');
  await frame.waitForSelector('#login-alert:not(:empty)');
  results.wrongPassword = await frame.textContent('#login-alert');
  await (await page.$('#login'))?.screenshot({ path: path.join(outDir, 'login-frame-error.png') });

  // 3. the right one: auth code message from the account origin, state echoed
  await frame.fill('#login-email', 'free@demo.local');
  await frame.fill('#login-password', 'demo-password');
  await frame.click('#view-login button[type=submit]');
  await waitFor(FRAME_MESSAGES.LOGIN_SUCCESS);
  const all = await messages();
  const state = await page.evaluate(() => (window as unknown as { __state: string }).__state);
  const verifier = await page.evaluate(() => (window as unknown as { __verifier: string }).__verifier);
  const codeMessage = all.find((m) => m.data.type === FRAME_MESSAGES.AUTH_CODE);
  results.messages = all.map((m) => `${m.origin} ${m.data.type}`);
  results.stateEchoed = codeMessage?.data.state === state;
  const token = await fetch(`http://127.0.0.1:${port}/account/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'authorization_code',
      code: codeMessage?.data.code,
      code_verifier: verifier,
      redirect_uri: `${APP}/auth/callback`,
      client_id: 'studio-web',
      client_secret: SECRET,
    }),
  });
  results.tokenStatus = token.status;
  results.account = ((await token.json()) as AccountTokenResponse).account;
}

/** Steps 4 and 5: the session is reused in the frame after a reload; the cookie check from the same site and another. */
async function checkSessionAndCookies(page: Page, context: BrowserContext, results: Results): Promise<void> {
  const { messages, waitFor } = hostPage(page);
  // 4. reload: the account session cookie reaches the frame (same site), so the code comes at once
  await page.goto(`${APP}/host`);
  await waitFor(FRAME_MESSAGES.AUTH_CODE);
  results.sessionReusedInFrame = (await messages()).map((m) => m.data.type);
  const cookies = await context.cookies(`${ACCOUNT}/account/`);
  results.sessionCookie = cookies.filter((c) => c.name === 'studio_account_session').map((c) => ({ sameSite: c.sameSite, httpOnly: c.httpOnly, secure: c.secure, path: c.path }));

  // 5. the cookie check: same site (supported) and another site (a Lax cookie does not reach a cross-site frame)
  for (const [name, origin] of [['sameSite', APP], ['crossSite', OTHER_SITE]] as const) {
    await page.goto(`${origin}/cookie-host`);
    await page.waitForFunction(() => (window as unknown as { __messages: unknown[] }).__messages.length > 0, undefined, { timeout: 10_000 });
    results[`cookieCheck_${name}`] = await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages);
  }
}

/** Step 6: the pages at the frame size in both themes and views, the pop-up size, a full page (redirect mode), the center. */
async function screenshotPages(page: Page, context: BrowserContext, results: Results): Promise<void> {
  const { loginFrame } = hostPage(page);
  // 6. screenshots of the page itself at the frame size, both themes and both views
  await context.clearCookies();
  await page.setViewportSize({ width: 400, height: 604 });
  for (const [file, query] of [
    ['login-light.png', 'theme=light'],
    ['login-dark.png', 'theme=dark'],
    ['register-light.png', 'theme=light&register_mode=1'],
    ['register-dark.png', 'theme=dark&register_mode=1'],
  ] as const) {
    await page.goto(`${APP}/host?${query}`);
    const f = await loginFrame();
    await f.waitForSelector('main:not([hidden]) h1');
    await (await page.$('#login'))?.screenshot({ path: path.join(outDir, file) });
  }
  // the 500x650 pop-up size, and a full page (redirect mode)
  await page.setViewportSize({ width: 500, height: 650 });
  await page.goto(`${ACCOUNT}/account/oauth/authorize?app_key=studio-web&response_type=code&mode=popup&redirect_uri=${encodeURIComponent(`${APP}/cb`)}&state=s&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256`);
  await page.screenshot({ path: path.join(outDir, 'popup-500x650.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${ACCOUNT}/account/oauth/authorize?app_key=studio-web&response_type=code&mode=redirect&redirect_uri=${encodeURIComponent(`${APP}/cb`)}&state=s&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256`);
  await page.screenshot({ path: path.join(outDir, 'redirect-full-page.png') });
  await page.fill('#login-email', 'premium@demo.local');
  await page.fill('#login-password', 'demo-password');
  const [response] = await Promise.all([page.waitForRequest((r) => r.url().startsWith(`${APP}/cb`)), page.click('#view-login button[type=submit]')]);
  results.redirectMode = response.url().replace(/code=[^&]+/, 'code=…');
  // the account center
  await page.goto(`${ACCOUNT}/account/center`);
  await page.screenshot({ path: path.join(outDir, 'center.png'), fullPage: true });
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const { db, app } = await startServer();
  const context = await chromium.launchPersistentContext(mkdtempSync('/tmp/chr-acc-'), {
    executablePath: '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1000, height: 760 },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP *.studio.test 127.0.0.1'],
  });
  const results: Results = {};
  try {
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log('pageerror:', error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') console.log('console:', message.type(), message.text());
    });
    await checkFrameLogin(page, results);
    await checkSessionAndCookies(page, context, results);
    await screenshotPages(page, context, results);
  } finally {
    await context.close();
    await app.close();
    await db.close();
  }
  console.log(JSON.stringify(results, null, 2));
  console.log(`screenshots in ${outDir}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
