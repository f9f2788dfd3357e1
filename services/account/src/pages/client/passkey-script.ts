/**
 * Passkeys on the account pages, with @simplewebauthn/browser (the browser half of @simplewebauthn/server):
 * - the login view's "Log in with a passkey" (shown only where the browser can use one): asks the service
 *   for options, lets the browser's authenticator answer, and posts the answer with the page's own form, so
 *   the service finishes the sign-in exactly like a password login (session, then the code for the host);
 * - the account center's "Add a passkey": the same for a registration.
 * The service checks everything; this script only carries the browser's answer.
 */
import { browserSupportsWebAuthn, startAuthentication, startRegistration } from '@simplewebauthn/browser';

interface PasskeyData {
  base?: string;
  texts?: Record<string, string>;
}

function pageData(): PasskeyData {
  const node = document.getElementById('page-data');
  try {
    return JSON.parse((node && node.textContent) || '{}') as PasskeyData;
  } catch {
    return {};
  }
}

const data = pageData();
const T = data.texts || {};

function say(form: HTMLFormElement, text: string): void {
  const region = document.getElementById(form.getAttribute('data-alert') || 'login-alert');
  if (region) region.textContent = text;
}

async function options(url: string, fields: Record<string, string>): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    credentials: 'same-origin',
  });
  if (!response.ok) throw new Error('options refused');
  return response.json();
}

function fieldsOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string' && key !== 'credential') fields[key] = value;
  });
  return fields;
}

function wire(selector: string, run: (form: HTMLFormElement) => Promise<string>): void {
  document.querySelectorAll<HTMLButtonElement>(selector).forEach((button) => {
    const form = button.closest('form');
    if (!form) return;
    if (!browserSupportsWebAuthn()) return;
    form.hidden = false;
    button.addEventListener('click', () => {
      button.disabled = true;
      run(form)
        .then((answer) => {
          (form.elements.namedItem('credential') as HTMLInputElement).value = answer;
          form.submit();
        })
        .catch(() => {
          button.disabled = false;
          say(form, T.passkeyFailed || '');
        });
    });
  });
}

wire('[data-passkey-login]', async (form) => {
  const optionsJSON = (await options(`${data.base}/passkey/login/options`, fieldsOf(form))) as Parameters<typeof startAuthentication>[0]['optionsJSON'];
  return JSON.stringify(await startAuthentication({ optionsJSON }));
});

wire('[data-passkey-register]', async (form) => {
  const optionsJSON = (await options(`${data.base}/center/passkey/options`, fieldsOf(form))) as Parameters<typeof startRegistration>[0]['optionsJSON'];
  return JSON.stringify(await startRegistration({ optionsJSON }));
});

export {};
