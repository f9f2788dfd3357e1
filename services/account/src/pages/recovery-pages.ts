/** Pages reached from a mail: choose a new password, and confirm an address (the link only shows the form; the POST spends the token). */
import { field, pageData, type PageContext } from './auth-pages.js';
import { brand, escapeHtml, renderDocument } from './html.js';

const PAGE = { mode: 'page' as const, targetOrigin: null, allowedOrigins: [] };

export function renderResetPage(ctx: PageContext, input: { token: string; error?: { message: string; fields?: Record<string, string> } }): string {
  const { t } = ctx;
  const error = input.error;
  const body = `<main class="card framed" aria-labelledby="reset-title">
${brand(ctx.productName)}
<h1 id="reset-title" tabindex="-1">${escapeHtml(t.resetTitle)}</h1>
<p class="sub">${escapeHtml(t.resetSub)}</p>
<div class="alert error" role="alert" id="reset-alert"${error ? ' data-initial' : ''}>${escapeHtml(error?.message ?? '')}</div>
<form method="post" action="${ctx.base}/password/reset" novalidate data-validate data-alert="reset-alert">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
${field({ id: 'reset-new', name: 'new_password', label: t.newPassword, type: 'password', autocomplete: 'new-password', rule: 'new-password', maxlength: 200, password: true, hint: t.passwordHint, error: error?.fields?.new_password, t })}
<div class="field">
<label for="reset-repeat">${escapeHtml(t.confirmPassword)}</label>
<input id="reset-repeat" name="repeat_password" type="password" autocomplete="new-password" data-rule="repeat" data-same-as="reset-new" maxlength="200" aria-required="true" aria-describedby="reset-repeat-error"${error?.fields?.repeat_password ? ' aria-invalid="true"' : ''}>
<p class="field-error" id="reset-repeat-error">${escapeHtml(error?.fields?.repeat_password ?? '')}</p>
</div>
<button type="submit" class="primary" data-busy="${escapeHtml(t.resetBusy)}">${escapeHtml(t.resetButton)}</button>
</form>
</main>`;
  return renderDocument({ title: `${t.resetTitle} · ${ctx.productName}`, lang: ctx.lang, theme: ctx.theme, nonce: ctx.nonce, body, data: pageData(ctx, PAGE, 'reset') });
}

/** A confirmation: one button that spends the token (mail scanners that open links spend nothing). */
export function renderConfirmPage(ctx: PageContext, input: { title: string; text: string; action: string; token: string; button: string }): string {
  const body = `<main class="card framed center-text" aria-labelledby="confirm-title">
${brand(ctx.productName)}
<h1 id="confirm-title">${escapeHtml(input.title)}</h1>
<p class="sub">${escapeHtml(input.text)}</p>
<form method="post" action="${escapeHtml(input.action)}">
<input type="hidden" name="token" value="${escapeHtml(input.token)}">
<button type="submit" class="primary">${escapeHtml(input.button)}</button>
</form>
</main>`;
  return renderDocument({ title: `${input.title} · ${ctx.productName}`, lang: ctx.lang, theme: ctx.theme, nonce: ctx.nonce, body, data: pageData(ctx, PAGE, 'confirm') });
}
