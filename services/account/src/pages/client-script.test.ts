/** Runs the pages' script in jsdom with a host window, to check what it posts and what it accepts. */
import { JSDOM, type DOMWindow } from 'jsdom';
import { FRAME_MESSAGES, type FrameMessage } from 'shared-contracts';
import { renderAuthPage, renderCompletePage, type FrameContext, type PageContext } from './auth-pages.js';
import { CLIENT_SCRIPT } from './client-script.js';
import { EN } from './texts.js';

const ACCOUNT = 'http://account.studio.test:8130';
const APP = 'http://app.studio.test:8080';

function ctx(): PageContext {
  return { base: '/account', productName: 'AI Video Generator', nonce: 'n', theme: '', lang: 'en', t: EN };
}

function authHtml(frame: FrameContext): string {
  return renderAuthPage(ctx(), {
    view: 'login',
    hidden: { client_id: 'studio-web' },
    urls: { login: '/account/oauth/authorize?x=1', register: '/account/oauth/authorize?x=1&register_mode=1', forgot: '/account/password/forgot?x=1' },
    frame,
    countries: [['FR', 'France']],
    defaultCountry: '',
    framedCard: false,
    legal: { termsUrl: 'http://app.test/terms', privacyUrl: 'http://app.test/privacy' },
  });
}

interface Hosted {
  page: DOMWindow;
  host: DOMWindow;
  posted: Array<[FrameMessage, string]>;
}

/** Loads the page as if inside a frame (or pop-up) of a page on the app origin, then runs its script. */
function load(html: string, as: 'parent' | 'opener'): Hosted {
  const host = new JSDOM('<p>host</p>', { url: `${APP}/home` }).window;
  const posted: Array<[FrameMessage, string]> = [];
  host.postMessage = ((message: FrameMessage, targetOrigin: string) => {
    posted.push([message, targetOrigin]);
  }) as DOMWindow['postMessage'];
  const page = new JSDOM(html, { url: `${ACCOUNT}/account/oauth/authorize`, runScripts: 'outside-only', pretendToBeVisual: true }).window;
  if (as === 'parent') (page as unknown as { parent: DOMWindow }).parent = host;
  else (page as unknown as { opener: DOMWindow }).opener = host;
  page.close = jest.fn() as unknown as DOMWindow['close'];
  page.eval(CLIENT_SCRIPT);
  return { page, host, posted };
}

const iframe: FrameContext = { mode: 'iframe', targetOrigin: APP, allowedOrigins: [APP] };

describe('the account pages script', () => {
  test('posts page view to the parent, addressed to the redirect origin only', () => {
    const { posted } = load(authHtml(iframe), 'parent');
    expect(posted).toEqual([[{ type: FRAME_MESSAGES.PAGE_VIEW }, APP]]);
  });

  test('the completion page posts register success, the code with its state and login success, in order', () => {
    const messages: FrameMessage[] = [
      { type: FRAME_MESSAGES.REGISTER_SUCCESS },
      { type: FRAME_MESSAGES.AUTH_CODE, code: 'c0de', state: 'st4te' },
      { type: FRAME_MESSAGES.LOGIN_SUCCESS },
    ];
    const { posted } = load(renderCompletePage(ctx(), iframe, messages), 'parent');
    expect(posted).toEqual([[{ type: FRAME_MESSAGES.PAGE_VIEW }, APP], ...messages.map((m): [FrameMessage, string] => [m, APP])]);
  });

  test('in a pop-up it posts to the opener and then closes itself', async () => {
    const { page, posted } = load(
      renderCompletePage(ctx(), { ...iframe, mode: 'popup' }, [{ type: FRAME_MESSAGES.AUTH_CODE, code: 'c', state: 's' }]),
      'opener',
    );
    expect(posted.map(([m]) => m.type)).toEqual([FRAME_MESSAGES.PAGE_VIEW, FRAME_MESSAGES.AUTH_CODE]);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(page.close).toHaveBeenCalled();
  });

  test('without a host (opened directly) it says so instead of pretending', () => {
    const page = new JSDOM(renderCompletePage(ctx(), iframe, [{ type: FRAME_MESSAGES.AUTH_CODE, code: 'c', state: 's' }]), {
      url: `${ACCOUNT}/account/login`,
      runScripts: 'outside-only',
    }).window;
    page.eval(CLIENT_SCRIPT);
    expect(page.document.getElementById('status')?.textContent).toBe(EN.doneNoHost);
  });

  test('switching to sign-up shows that view and tells the host', () => {
    const { page, posted } = load(authHtml(iframe), 'parent');
    const link = page.document.querySelector<HTMLAnchorElement>('[data-switch="register"]');
    link?.click();
    expect(page.document.getElementById('view-register')?.hidden).toBe(false);
    expect(page.document.getElementById('view-login')?.hidden).toBe(true);
    expect(posted.at(-1)).toEqual([{ type: FRAME_MESSAGES.SHOW_SIGNUP }, APP]);
    expect(page.location.search).toContain('register_mode=1');
  });

  test('a host message switches the view only from an allowed origin and from the host window', () => {
    const { page, host } = load(authHtml(iframe), 'parent');
    const send = (origin: string, source: DOMWindow) =>
      page.dispatchEvent(new page.MessageEvent('message', { origin, source: source as unknown as Window, data: { type: FRAME_MESSAGES.SHOW_SIGNUP } }));
    const stranger = new JSDOM('', { url: 'https://evil.test/' }).window;
    send('https://evil.test', host);
    expect(page.document.getElementById('view-register')?.hidden).toBe(true);
    send(APP, stranger);
    expect(page.document.getElementById('view-register')?.hidden).toBe(true);
    send(APP, host);
    expect(page.document.getElementById('view-register')?.hidden).toBe(false);
  });

  test('an empty login form is not sent: fields marked invalid and the error announced', async () => {
    const { page } = load(authHtml(iframe), 'parent');
    const formElement = page.document.querySelector<HTMLFormElement>('#view-login form');
    let sent = true;
    formElement?.addEventListener('submit', (event) => {
      sent = !event.defaultPrevented;
    });
    formElement?.requestSubmit();
    expect(sent).toBe(false);
    expect(page.document.getElementById('login-email')?.getAttribute('aria-invalid')).toBe('true');
    expect(page.document.getElementById('login-email-error')?.textContent).toBe(EN.emailRequired);
    expect(page.document.activeElement?.id).toBe('login-email');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(page.document.getElementById('login-alert')?.textContent).toBe(EN.fixErrors);
  });

  test('the password toggle shows and hides the password and says which', () => {
    const { page } = load(authHtml(iframe), 'parent');
    const toggle = page.document.querySelector<HTMLButtonElement>('#view-login .pw-toggle');
    const input = page.document.getElementById('login-password') as HTMLInputElement;
    toggle?.click();
    expect(input.type).toBe('text');
    expect(toggle?.getAttribute('aria-label')).toBe(EN.hidePassword);
    expect(toggle?.getAttribute('aria-pressed')).toBe('true');
    toggle?.click();
    expect(input.type).toBe('password');
  });
});
