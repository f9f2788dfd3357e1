/**
 * The one small script of every account page, as a typed module. `npm run build:client -w services/account`
 * bundles it (esbuild, an ES2017 IIFE) into ../client-script.ts, which the pages put inline with their CSP
 * nonce; a test fails when that bundle is older than this file. It reads the page data (a JSON block
 * written by the server) and:
 * - posts frame messages to window.parent (mode iframe) or window.opener (mode popup), always with the
 *   redirect URI's origin as targetOrigin, never '*': page view on load, then the page's own messages
 *   (register success, auth code, login success, logout request, clear user info, cookie check);
 * - switches between the login and sign-up views (posting show login / show sign-up), and accepts the same
 *   switch from the host only when the message comes from an allowed origin and from the host window;
 * - validates forms before sending, marks fields aria-invalid and announces errors in the alert region;
 * - toggles password visibility.
 */

type View = 'login' | 'register' | 'forgot';

interface PageData {
  kind?: string;
  mode?: string;
  targetOrigin?: string | null;
  allowedOrigins?: string[];
  messages?: { type: string }[];
  texts?: Record<string, string>;
  types?: Record<string, string>;
  noHostText?: string;
  closePopup?: boolean;
  urls?: Partial<Record<View, string>>;
  product?: string;
}

function readData(): PageData {
  const node = document.getElementById('page-data');
  try {
    return JSON.parse((node && node.textContent) || '{}') as PageData;
  } catch {
    return {};
  }
}

const data = readData();
const T = data.texts || {};
const M = data.types || {};
let host: Window | null = null;
if (data.mode === 'iframe' && window.parent && window.parent !== window) host = window.parent;
else if (data.mode === 'popup' && window.opener && window.opener !== window && !(window.opener as Window).closed) host = window.opener as Window;

function post(message: { type: string | undefined }): boolean {
  if (!host || !data.targetOrigin || data.targetOrigin === '*') return false;
  try {
    host.postMessage(message, data.targetOrigin);
    return true;
  } catch {
    return false;
  }
}

function announce(region: Element | null, text: string): void {
  if (!region) return;
  region.textContent = '';
  window.setTimeout(() => {
    region.textContent = text;
  }, 60);
}

// 1. page view (hides the host's loading), then this page's own messages
const messages = data.messages || [];
if (data.kind !== 'cookie-check') post({ type: M.PAGE_VIEW });
let delivered = true;
for (const message of messages) delivered = post(message) && delivered;
if (messages.length && !delivered && data.noHostText) {
  const status = document.getElementById('status');
  if (status) status.textContent = data.noHostText;
}
if (data.closePopup && host && data.mode === 'popup') window.setTimeout(() => window.close(), 300);

// 2. login and sign-up views
const views: Record<View, HTMLElement | null> = {
  login: document.getElementById('view-login'),
  register: document.getElementById('view-register'),
  forgot: document.getElementById('view-forgot'),
};
function showView(view: View, notify: boolean): void {
  const shown = views[view];
  if (!views.login || !views.register || !shown) return;
  (Object.keys(views) as View[]).forEach((name) => {
    const node = views[name];
    if (node) node.hidden = name !== view;
  });
  const heading = shown.querySelector('h1');
  if (heading) {
    document.title = heading.textContent + (data.product ? ' · ' + data.product : '');
    heading.focus();
  }
  const url = data.urls && data.urls[view];
  if (url && window.history && window.history.replaceState) {
    try {
      window.history.replaceState(null, '', url);
    } catch {
      // keep the address
    }
  }
  if (notify && view !== 'forgot') post({ type: view === 'register' ? M.SHOW_SIGNUP : M.SHOW_LOGIN });
}

// Escape inside the frame: the host cannot hear the key (focus is in here), so it is asked to close the dialog
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && data.mode === 'iframe' && host) post({ type: M.CLOSE_REQUEST });
});

document.addEventListener('click', (event) => {
  const target = event.target as Element | null;
  if (!target || !target.closest) return;
  const link = target.closest('[data-switch]');
  if (link && views.login && views.register) {
    event.preventDefault();
    showView(link.getAttribute('data-switch') as View, true);
    return;
  }
  const toggle = target.closest('.pw-toggle');
  if (toggle) {
    const input = document.getElementById(toggle.getAttribute('aria-controls') || '') as HTMLInputElement | null;
    if (!input) return;
    const show = input.type === 'password';
    input.type = show ? 'text' : 'password';
    toggle.setAttribute('aria-pressed', show ? 'true' : 'false');
    toggle.setAttribute('aria-label', show ? T.hidePassword : T.showPassword);
  }
});

// messages from the host: only from an allowed origin, and only from the window that hosts this page
window.addEventListener('message', (event: MessageEvent) => {
  if (!data.allowedOrigins || data.allowedOrigins.indexOf(event.origin) < 0) return;
  if (!host || event.source !== host) return;
  const type = event.data && (event.data as { type?: string }).type;
  if (type === M.SHOW_LOGIN) showView('login', false);
  else if (type === M.SHOW_SIGNUP) showView('register', false);
});

// 3. form checks
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
function check(input: HTMLInputElement): string {
  const rule = input.getAttribute('data-rule');
  const value = input.value || '';
  if (rule === 'email') {
    if (!value.trim()) return T.emailRequired;
    if (!EMAIL.test(value.trim())) return T.emailInvalid;
  } else if (rule === 'password') {
    if (!value) return T.passwordRequired;
  } else if (rule === 'new-password') {
    if (!value) return T.passwordRequired;
    if (value.length < 8) return T.passwordShort;
    if (value.length > 200) return T.passwordLong;
  } else if (rule === 'name') {
    if (value.length > 50) return T.nameLong;
  } else if (rule === 'url') {
    if (!/^https?:\/\/\S+$/i.test(value.trim())) return T.avatarUrlInvalid;
  } else if (rule === 'image') {
    const file = input.files && input.files[0];
    if (!file) return T.avatarMissing;
    if (file.size > 2 * 1024 * 1024) return T.avatarTooLarge;
  } else if (rule === 'consent') {
    if (!input.checked) return T.consentRequired;
  } else if (rule === 'confirm') {
    if (!input.checked) return T.deleteConfirmRequired;
  } else if (rule === 'repeat') {
    const other = document.getElementById(input.getAttribute('data-same-as') || '') as HTMLInputElement | null;
    if (other && other.value !== value) return T.passwordsDiffer;
  }
  return '';
}
function mark(input: HTMLInputElement, message: string): void {
  const error = document.getElementById(input.id + '-error');
  if (error) error.textContent = message || '';
  if (message) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}
document.querySelectorAll<HTMLFormElement>('form[data-validate]').forEach((form) => {
  form.addEventListener('submit', (event) => {
    let first: HTMLInputElement | null = null;
    form.querySelectorAll<HTMLInputElement>('[data-rule]').forEach((input) => {
      const message = check(input);
      mark(input, message);
      if (message && !first) first = input;
    });
    if (first) {
      event.preventDefault();
      announce(document.getElementById(form.getAttribute('data-alert') || ''), T.fixErrors);
      (first as HTMLInputElement).focus();
      return;
    }
    const button = form.querySelector<HTMLButtonElement>('button[type=submit][data-busy]');
    if (button) {
      button.setAttribute('data-label', button.textContent || '');
      button.textContent = button.getAttribute('data-busy');
      window.setTimeout(() => {
        button.disabled = true;
      }, 0);
    }
  });
  form.addEventListener('input', (event) => {
    const input = event.target as HTMLInputElement | null;
    if (input && input.getAttribute && input.getAttribute('aria-invalid') === 'true' && !check(input)) mark(input, '');
  });
});
// coming back through the history restores the buttons
window.addEventListener('pageshow', () => {
  document.querySelectorAll<HTMLButtonElement>('button[data-label]').forEach((button) => {
    button.disabled = false;
    button.textContent = button.getAttribute('data-label');
  });
});

// 4. an error or notice the server rendered is announced, and the first bad field focused
const initial = document.querySelector('.alert[data-initial]');
if (initial && !initial.closest('[hidden]')) {
  announce(initial, initial.textContent || '');
  const bad = initial.parentNode && (initial.parentNode as Element).querySelector<HTMLElement>('[aria-invalid=true]');
  if (bad) bad.focus();
}

export {};
