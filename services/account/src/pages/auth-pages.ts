/** The login and sign-up page (both views in one document), the completion page, and the small notice pages. */
import { FRAME_MESSAGES, type FrameMessage } from 'shared-contracts';
import { brand, escapeHtml, EYE_ICON, renderDocument, type Theme } from './html.js';
import type { Texts } from './texts.js';

export type FrameMode = 'iframe' | 'popup' | 'redirect';
export type AuthView = 'login' | 'register' | 'forgot';

/** What every page shares. */
export interface PageContext {
  base: string;
  productName: string;
  nonce: string;
  theme: Theme;
  lang: string;
  t: Texts;
}

/** Where the page's messages go and whose messages it hears. */
export interface FrameContext {
  mode: FrameMode | 'page';
  /** the redirect URI's origin; null when the page talks to nobody */
  targetOrigin: string | null;
  allowedOrigins: string[];
}

function clientTexts(t: Texts) {
  return {
    emailRequired: t.emailRequired,
    emailInvalid: t.emailInvalid,
    passwordRequired: t.passwordRequired,
    passwordShort: t.passwordShort,
    passwordLong: t.passwordLong,
    nameLong: t.nameLong,
    fixErrors: t.fixErrors,
    showPassword: t.showPassword,
    hidePassword: t.hidePassword,
    avatarUrlInvalid: t.avatarUrlInvalid,
    avatarTooLarge: t.avatarTooLarge,
    avatarMissing: t.avatarMissing,
    passwordsDiffer: t.passwordsDiffer,
    consentRequired: t.consentRequired,
    deleteConfirmRequired: t.deleteConfirmRequired,
    passkeyFailed: t.passkeyFailed,
    passkeyUnsupported: t.passkeyUnsupported,
  };
}

export function pageData(
  ctx: PageContext,
  frame: FrameContext,
  kind: string,
  extra: { messages?: FrameMessage[]; closePopup?: boolean; noHostText?: string; urls?: Record<string, string>; base?: string } = {},
) {
  return {
    kind,
    mode: frame.mode,
    targetOrigin: frame.targetOrigin,
    allowedOrigins: frame.allowedOrigins,
    types: FRAME_MESSAGES,
    messages: extra.messages ?? [],
    closePopup: extra.closePopup ?? false,
    noHostText: extra.noHostText ?? '',
    urls: extra.urls,
    base: ctx.base,
    product: ctx.productName,
    texts: clientTexts(ctx.t),
  };
}

export interface AuthPageInput {
  view: AuthView;
  /** the flow's parameters, carried as hidden fields to the POST */
  hidden: Record<string, string>;
  /** addresses of the two views (the switch links without script) */
  urls: Record<AuthView, string>;
  frame: FrameContext;
  /** an error to show in one view, with per-field messages keyed by field name */
  error?: { view: AuthView; message: string; fields?: Record<string, string> };
  values?: { email?: string; nickname?: string; country?: string };
  countries: Array<[string, string]>;
  defaultCountry: string;
  /** a full page (redirect mode or account center) gets a framed card on large screens */
  framedCard: boolean;
  /** the product's Terms and Privacy pages (the sign-up consent) */
  legal: { termsUrl: string; privacyUrl: string };
  /** a notice shown above the login form (e.g. after a password reset) */
  notice?: string;
}

function hiddenFields(hidden: Record<string, string>): string {
  return Object.entries(hidden)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('');
}

interface FieldInput {
  id: string;
  name: string;
  label: string;
  type: string;
  autocomplete: string;
  rule: string;
  value?: string;
  error?: string;
  hint?: string;
  optional?: string;
  maxlength: number;
  password?: boolean;
  t: Texts;
}

export function field(input: FieldInput): string {
  const describedBy = [input.hint ? `${input.id}-hint` : '', `${input.id}-error`].filter(Boolean).join(' ');
  const invalid = input.error ? ' aria-invalid="true"' : '';
  const required = input.optional ? '' : ' aria-required="true"';
  const control = `<input id="${input.id}" name="${input.name}" type="${input.type}" autocomplete="${input.autocomplete}" data-rule="${input.rule}" maxlength="${input.maxlength}"${required}${invalid} aria-describedby="${describedBy}"${input.value ? ` value="${escapeHtml(input.value)}"` : ''}>`;
  const wrapped = input.password
    ? `<div class="pw">${control}<button type="button" class="pw-toggle" aria-controls="${input.id}" aria-pressed="false" aria-label="${escapeHtml(input.t.showPassword)}">${EYE_ICON}</button></div>`
    : control;
  return `<div class="field">
<label for="${input.id}">${escapeHtml(input.label)}${input.optional ? ` <span class="optional">${escapeHtml(input.optional)}</span>` : ''}</label>
${wrapped}
${input.hint ? `<p class="hint" id="${input.id}-hint">${escapeHtml(input.hint)}</p>` : ''}
<p class="field-error" id="${input.id}-error">${escapeHtml(input.error ?? '')}</p>
</div>`;
}

export function renderAuthPage(ctx: PageContext, input: AuthPageInput): string {
  const { t } = ctx;
  const errorFor = (view: AuthView) => (input.error?.view === view ? input.error : undefined);
  const loginError = errorFor('login');
  const registerError = errorFor('register');
  const alert = (id: string, message: string | undefined) =>
    `<div class="alert error" role="alert" id="${id}"${message ? ' data-initial' : ''}>${escapeHtml(message ?? '')}</div>`;
  const card = input.framedCard ? 'card framed' : 'card';
  const values = input.values ?? {};
  const country = values.country ?? input.defaultCountry;

  const login = `<main class="${card}" id="view-login" aria-labelledby="login-title"${input.view === 'login' ? '' : ' hidden'}>
${brand(ctx.productName)}
<h1 id="login-title" tabindex="-1">${escapeHtml(t.loginTitle)}</h1>
<p class="sub">${escapeHtml(t.loginSub)}</p>
${input.notice && !loginError ? `<div class="alert ok" role="status" data-initial>${escapeHtml(input.notice)}</div>` : ''}
${alert('login-alert', loginError?.message)}
<form method="post" action="${ctx.base}/login" novalidate data-validate data-alert="login-alert">
${hiddenFields(input.hidden)}
${field({ id: 'login-email', name: 'email', label: t.email, type: 'email', autocomplete: 'username', rule: 'email', maxlength: 254, value: loginError ? values.email : undefined, error: loginError?.fields?.email, t })}
${field({ id: 'login-password', name: 'password', label: t.password, type: 'password', autocomplete: 'current-password webauthn', rule: 'password', maxlength: 200, password: true, error: loginError?.fields?.password, t })}
<p class="forgot"><a href="${escapeHtml(input.urls.forgot)}" data-switch="forgot">${escapeHtml(t.forgotLink)}</a></p>
<button type="submit" class="primary" data-busy="${escapeHtml(t.loginBusy)}">${escapeHtml(t.loginButton)}</button>
</form>
<form method="post" action="${ctx.base}/passkey/login" id="passkey-form" class="passkey" hidden>
${hiddenFields(input.hidden)}<input type="hidden" name="credential" value="">
<p class="or"><span>${escapeHtml(t.or)}</span></p>
<button type="button" class="secondary" data-passkey-login>${escapeHtml(t.passkeyLogin)}</button>
</form>
<p class="switch">${escapeHtml(t.noAccount)} <a href="${escapeHtml(input.urls.register)}" data-switch="register">${escapeHtml(t.signUp)}</a></p>
</main>`;

  const options = input.countries
    .map(([code, name]) => `<option value="${code}"${code === country ? ' selected' : ''}>${escapeHtml(name)}</option>`)
    .join('');
  const countryError = registerError?.fields?.country;
  const register = `<main class="${card}" id="view-register" aria-labelledby="register-title"${input.view === 'register' ? '' : ' hidden'}>
${brand(ctx.productName)}
<h1 id="register-title" tabindex="-1">${escapeHtml(t.registerTitle)}</h1>
<p class="sub">${escapeHtml(t.registerSub)}</p>
${alert('register-alert', registerError?.message)}
<form method="post" action="${ctx.base}/register" novalidate data-validate data-alert="register-alert">
${hiddenFields(input.hidden)}
${field({ id: 'register-email', name: 'email', label: t.email, type: 'email', autocomplete: 'email', rule: 'email', maxlength: 254, value: registerError ? values.email : undefined, error: registerError?.fields?.email, t })}
${field({ id: 'register-password', name: 'password', label: t.password, type: 'password', autocomplete: 'new-password', rule: 'new-password', maxlength: 200, password: true, hint: t.passwordHint, error: registerError?.fields?.password, t })}
${field({ id: 'register-nickname', name: 'nickname', label: t.displayName, type: 'text', autocomplete: 'nickname', rule: 'name', maxlength: 50, optional: t.optional, value: registerError ? values.nickname : undefined, error: registerError?.fields?.nickname, t })}
<div class="field">
<label for="register-country">${escapeHtml(t.country)} <span class="optional">${escapeHtml(t.optional)}</span></label>
<select id="register-country" name="country" autocomplete="country" aria-describedby="register-country-error"${countryError ? ' aria-invalid="true"' : ''}>
<option value=""${country ? '' : ' selected'}>${escapeHtml(t.chooseCountry)}</option>${options}
</select>
<p class="field-error" id="register-country-error">${escapeHtml(countryError ?? '')}</p>
</div>
${consentField(t, input.legal, registerError?.fields?.terms)}
<button type="submit" class="primary" data-busy="${escapeHtml(t.registerBusy)}">${escapeHtml(t.registerButton)}</button>
</form>
<p class="switch">${escapeHtml(t.haveAccount)} <a href="${escapeHtml(input.urls.login)}" data-switch="login">${escapeHtml(t.logIn)}</a></p>
</main>`;

  const forgotError = errorFor('forgot');
  const forgot = `<main class="${card}" id="view-forgot" aria-labelledby="forgot-title"${input.view === 'forgot' ? '' : ' hidden'}>
${brand(ctx.productName)}
<h1 id="forgot-title" tabindex="-1">${escapeHtml(t.forgotTitle)}</h1>
<p class="sub">${escapeHtml(t.forgotSub)}</p>
${alert('forgot-alert', forgotError?.message)}
<form method="post" action="${ctx.base}/password/forgot" novalidate data-validate data-alert="forgot-alert">
${hiddenFields(input.hidden)}
${field({ id: 'forgot-email', name: 'email', label: t.email, type: 'email', autocomplete: 'username', rule: 'email', maxlength: 254, value: forgotError ? values.email : undefined, error: forgotError?.fields?.email, t })}
<button type="submit" class="primary" data-busy="${escapeHtml(t.forgotBusy)}">${escapeHtml(t.forgotButton)}</button>
</form>
<p class="switch"><a href="${escapeHtml(input.urls.login)}" data-switch="login">${escapeHtml(t.backToLogin)}</a></p>
</main>`;

  const titles: Record<AuthView, string> = { login: t.loginTitle, register: t.registerTitle, forgot: t.forgotTitle };
  return renderDocument({
    title: `${titles[input.view]} · ${ctx.productName}`,
    lang: ctx.lang,
    theme: ctx.theme,
    nonce: ctx.nonce,
    body: login + register + forgot,
    data: pageData(ctx, input.frame, 'auth', { urls: input.urls }),
    passkeys: true,
  });
}

/** The sign-up consent: a required box, its links open the product's pages in a new tab. */
function consentField(t: Texts, legal: { termsUrl: string; privacyUrl: string }, error: string | undefined): string {
  const link = (href: string, label: string) =>
    href ? `<a href="${escapeHtml(href)}" target="_blank" rel="noopener">${escapeHtml(label)}</a>` : escapeHtml(label);
  return `<div class="field consent">
<div class="check"><input type="checkbox" id="register-terms" name="terms" value="1" data-rule="consent" aria-required="true" aria-describedby="register-terms-error"${error ? ' aria-invalid="true"' : ''}>
<label for="register-terms">${escapeHtml(t.consentBefore)} ${link(legal.termsUrl, t.terms)} ${escapeHtml(t.consentAnd)} ${link(legal.privacyUrl, t.privacy)}</label></div>
<p class="field-error" id="register-terms-error">${escapeHtml(error ?? '')}</p>
</div>`;
}

/** After a login or sign-up in a frame or pop-up: posts the code to the host, which exchanges it. */
export function renderCompletePage(ctx: PageContext, frame: FrameContext, messages: FrameMessage[]): string {
  const { t } = ctx;
  return renderDocument({
    title: `${t.doneTitle} · ${ctx.productName}`,
    lang: ctx.lang,
    theme: ctx.theme,
    nonce: ctx.nonce,
    body: `<main class="card center-text">
${brand(ctx.productName)}
<div class="done-icon" aria-hidden="true">&#10003;</div>
<h1>${escapeHtml(t.doneTitle)}</h1>
<p class="sub" role="status" id="status">${escapeHtml(t.doneFrame(ctx.productName))}</p>
</main>`,
    data: pageData(ctx, frame, 'complete', { messages, closePopup: true, noHostText: t.doneNoHost }),
  });
}

/** A page with a title and a line of text, optionally posting messages (logout, clear user info). */
export function renderNoticePage(
  ctx: PageContext,
  frame: FrameContext,
  input: { title: string; text: string; messages?: FrameMessage[]; link?: { href: string; label: string }; status?: 'error' | 'ok' },
): string {
  return renderDocument({
    title: `${input.title} · ${ctx.productName}`,
    lang: ctx.lang,
    theme: ctx.theme,
    nonce: ctx.nonce,
    body: `<main class="card center-text${frame.mode === 'iframe' ? '' : ' framed'}">
${brand(ctx.productName)}
<h1>${escapeHtml(input.title)}</h1>
<p class="sub" id="status" role="${input.status === 'error' ? 'alert' : 'status'}">${escapeHtml(input.text)}</p>
${input.link ? `<a class="primary" href="${escapeHtml(input.link.href)}">${escapeHtml(input.link.label)}</a>` : ''}
</main>`,
    data: pageData(ctx, frame, 'notice', { messages: input.messages }),
  });
}

/** The third-party cookie check's answer to its parent. */
export function renderCookieCheckPage(ctx: PageContext, frame: FrameContext, supported: boolean): string {
  return renderDocument({
    title: 'Cookie check',
    lang: ctx.lang,
    theme: ctx.theme,
    nonce: ctx.nonce,
    body: `<p class="sr-only" id="status">${supported ? 'Cookies are available.' : 'Cookies are blocked in this frame.'}</p>`,
    data: pageData(ctx, frame, 'cookie-check', { messages: [{ type: FRAME_MESSAGES.COOKIE_CHECK, supported }] }),
  });
}
