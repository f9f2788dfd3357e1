/** The account center: display name, avatar and password of the signed-in account. */
import { brand, escapeHtml, renderDocument } from './html.js';
import { field, pageData, type PageContext } from './auth-pages.js';
import type { UserRow } from '../store.js';

export interface CenterPageInput {
  user: UserRow;
  /** the avatar as the page can show it ('' for none) */
  avatarSrc: string;
  csrf: string;
  notice?: { kind: 'ok' | 'error'; message: string; section?: string; fields?: Record<string, string> };
  passkeys: Array<{ id: string; name: string; createdAt: Date }>;
}

export function displayName(user: Pick<UserRow, 'nickname' | 'firstname' | 'lastname' | 'email'>): string {
  const full = [user.firstname, user.lastname].filter(Boolean).join(' ');
  return user.nickname || full || user.email;
}

export function renderCenterPage(ctx: PageContext, input: CenterPageInput): string {
  const { t } = ctx;
  const { user, csrf, notice } = input;
  const name = displayName(user);
  const csrfField = `<input type="hidden" name="_csrf" value="${escapeHtml(csrf)}">`;
  const fieldError = (key: string) => notice?.fields?.[key];
  const sectionAlert = (section: string) => {
    if (notice?.section !== section) return `<div class="alert error" id="${section}-alert" role="alert"></div>`;
    const role = notice.kind === 'error' ? 'alert' : 'status';
    return `<div class="alert ${notice.kind}" id="${section}-alert" role="${role}" data-initial>${escapeHtml(notice.message)}</div>`;
  };
  const avatar = input.avatarSrc
    ? `<img class="avatar" src="${escapeHtml(input.avatarSrc)}" alt="" width="56" height="56">`
    : `<span class="avatar" aria-hidden="true">${escapeHtml(name.slice(0, 1).toUpperCase())}</span>`;

  const body = `<main class="card framed wide" aria-labelledby="center-title">
${brand(ctx.productName)}
<h1 id="center-title">${escapeHtml(t.centerTitle)}</h1>
<p class="sub">${escapeHtml(t.centerSub)}</p>
<div class="profile">${avatar}<div><div><strong>${escapeHtml(name)}</strong></div><div class="muted">${escapeHtml(t.signedInAs)} ${escapeHtml(user.email)}</div></div></div>

<section class="section" aria-labelledby="profile-heading">
<h2 id="profile-heading">${escapeHtml(t.profileSection)}</h2>
${sectionAlert('profile')}
<form method="post" action="${ctx.base}/center/profile" novalidate data-validate data-alert="profile-alert">
${csrfField}
${field({ id: 'center-nickname', name: 'nickname', label: t.displayName, type: 'text', autocomplete: 'nickname', rule: 'name', maxlength: 50, optional: t.optional, value: user.nickname, error: fieldError('nickname'), t })}
<div class="row">
${field({ id: 'center-firstname', name: 'firstname', label: t.firstname, type: 'text', autocomplete: 'given-name', rule: 'name', maxlength: 50, optional: t.optional, value: user.firstname, error: fieldError('firstname'), t })}
${field({ id: 'center-lastname', name: 'lastname', label: t.lastname, type: 'text', autocomplete: 'family-name', rule: 'name', maxlength: 50, optional: t.optional, value: user.lastname, error: fieldError('lastname'), t })}
</div>
<button type="submit" class="primary">${escapeHtml(t.save)}</button>
</form>
</section>

<section class="section" aria-labelledby="avatar-heading">
<h2 id="avatar-heading">${escapeHtml(t.avatarSection)}</h2>
${sectionAlert('avatar')}
<form method="post" action="${ctx.base}/center/avatar" enctype="multipart/form-data" novalidate data-validate data-alert="avatar-alert">
${csrfField}
<div class="field">
<label for="center-avatar-file">${escapeHtml(t.avatarUpload)}</label>
<input id="center-avatar-file" name="avatar" type="file" accept="image/png,image/jpeg,image/gif,image/webp" data-rule="image" aria-describedby="center-avatar-file-hint center-avatar-file-error"${fieldError('avatar') ? ' aria-invalid="true"' : ''}>
<p class="hint" id="center-avatar-file-hint">${escapeHtml(t.avatarUploadHint)}</p>
<p class="field-error" id="center-avatar-file-error">${escapeHtml(fieldError('avatar') ?? '')}</p>
</div>
<button type="submit" class="secondary">${escapeHtml(t.upload)}</button>
</form>
<form method="post" action="${ctx.base}/center/avatar-url" novalidate data-validate data-alert="avatar-alert">
${csrfField}
${field({ id: 'center-avatar-url', name: 'avatar_url', label: t.avatarUrl, type: 'url', autocomplete: 'photo', rule: 'url', maxlength: 2048, value: user.avatar.startsWith('http') ? user.avatar : '', error: fieldError('avatar_url'), t })}
<button type="submit" class="secondary">${escapeHtml(t.useUrl)}</button>
</form>
${user.avatar ? `<form method="post" action="${ctx.base}/center/avatar-url">${csrfField}<input type="hidden" name="avatar_url" value=""><button type="submit" class="secondary">${escapeHtml(t.removeAvatar)}</button></form>` : ''}
</section>

<section class="section" aria-labelledby="password-heading">
<h2 id="password-heading">${escapeHtml(t.passwordSection)}</h2>
${sectionAlert('password')}
<form method="post" action="${ctx.base}/center/password" novalidate data-validate data-alert="password-alert">
${csrfField}
<input type="text" name="username" value="${escapeHtml(user.email)}" autocomplete="username" hidden>
${field({ id: 'center-current', name: 'current_password', label: t.currentPassword, type: 'password', autocomplete: 'current-password', rule: 'password', maxlength: 200, password: true, error: fieldError('current_password'), t })}
${field({ id: 'center-new', name: 'new_password', label: t.newPassword, type: 'password', autocomplete: 'new-password', rule: 'new-password', maxlength: 200, password: true, hint: t.passwordHint, error: fieldError('new_password'), t })}
<div class="field">
<label for="center-repeat">${escapeHtml(t.confirmPassword)}</label>
<input id="center-repeat" name="repeat_password" type="password" autocomplete="new-password" data-rule="repeat" data-same-as="center-new" maxlength="200" aria-required="true" aria-describedby="center-repeat-error"${fieldError('repeat_password') ? ' aria-invalid="true"' : ''}>
<p class="field-error" id="center-repeat-error">${escapeHtml(fieldError('repeat_password') ?? '')}</p>
</div>
<button type="submit" class="primary">${escapeHtml(t.changePassword)}</button>
</form>
</section>

${emailSection(ctx, input, csrfField, sectionAlert('email'), fieldError)}
${passkeySection(ctx, input, csrfField, sectionAlert('passkeys'))}

<section class="section">
<form method="post" action="${ctx.base}/logout">${csrfField}<button type="submit" class="secondary">${escapeHtml(t.signOut)}</button></form>
</section>

${deleteSection(ctx, csrfField, sectionAlert('delete'), fieldError)}
</main>`;
  return renderDocument({
    title: `${t.centerTitle} · ${ctx.productName}`,
    lang: ctx.lang,
    theme: ctx.theme,
    nonce: ctx.nonce,
    body,
    data: pageData(ctx, { mode: 'page', targetOrigin: null, allowedOrigins: [] }, 'center'),
    passkeys: true,
  });
}

type FieldError = (key: string) => string | undefined;

function emailSection(ctx: PageContext, input: CenterPageInput, csrfField: string, alert: string, fieldError: FieldError): string {
  const { t } = ctx;
  const { user } = input;
  const verified = Boolean(user.email_verified_at);
  return `<section class="section" aria-labelledby="email-heading">
<h2 id="email-heading">${escapeHtml(t.emailSection)}</h2>
${alert}
<p>${escapeHtml(user.email)} <span class="badge ${verified ? 'ok' : 'warn'}">${escapeHtml(verified ? t.verified : t.notVerified)}</span></p>
${verified ? '' : `<form method="post" action="${ctx.base}/center/verification">${csrfField}<button type="submit" class="secondary">${escapeHtml(t.sendAgain)}</button></form>`}
<form method="post" action="${ctx.base}/center/email" novalidate data-validate data-alert="email-alert">
${csrfField}
${field({ id: 'center-new-email', name: 'new_email', label: t.newEmail, type: 'email', autocomplete: 'email', rule: 'email', maxlength: 254, error: fieldError('new_email'), t })}
${field({ id: 'center-email-password', name: 'current_password', label: t.currentPassword, type: 'password', autocomplete: 'current-password', rule: 'password', maxlength: 200, password: true, error: fieldError('email_password'), t })}
<button type="submit" class="secondary">${escapeHtml(t.changeEmail)}</button>
</form>
</section>`;
}

function passkeySection(ctx: PageContext, input: CenterPageInput, csrfField: string, alert: string): string {
  const { t } = ctx;
  const list = input.passkeys.length
    ? `<ul class="keys" aria-label="${escapeHtml(t.passkeySection)}">${input.passkeys
        .map(
          (key) => `<li><span>${escapeHtml(key.name)} <span class="muted">· ${escapeHtml(key.createdAt.toISOString().slice(0, 10))}</span></span>
<form method="post" action="${ctx.base}/center/passkey/remove">${csrfField}<input type="hidden" name="credential_id" value="${escapeHtml(key.id)}"><button type="submit" class="secondary" aria-label="${escapeHtml(`${t.passkeyRemove} ${key.name}`)}">${escapeHtml(t.passkeyRemove)}</button></form></li>`,
        )
        .join('')}</ul>`
    : `<p class="muted">${escapeHtml(t.passkeyNone)}</p>`;
  return `<section class="section" aria-labelledby="passkeys-heading">
<h2 id="passkeys-heading">${escapeHtml(t.passkeySection)}</h2>
${alert}
<p class="sub">${escapeHtml(t.passkeyText)}</p>
${list}
<form method="post" action="${ctx.base}/center/passkey" data-alert="passkeys-alert" hidden>${csrfField}<input type="hidden" name="credential" value="">
<button type="button" class="secondary" data-passkey-register>${escapeHtml(t.passkeyAdd)}</button></form>
</section>`;
}

function deleteSection(ctx: PageContext, csrfField: string, alert: string, fieldError: FieldError): string {
  const { t } = ctx;
  const confirmError = fieldError('delete_confirm');
  return `<section class="section" aria-labelledby="delete-heading">
<h2 id="delete-heading">${escapeHtml(t.deleteSection)}</h2>
${alert}
<p class="sub">${escapeHtml(t.deleteText)}</p>
<form method="post" action="${ctx.base}/center/delete" novalidate data-validate data-alert="delete-alert">
${csrfField}
${field({ id: 'center-delete-password', name: 'current_password', label: t.currentPassword, type: 'password', autocomplete: 'current-password', rule: 'password', maxlength: 200, password: true, error: fieldError('delete_password'), t })}
<div class="field"><div class="check"><input type="checkbox" id="center-delete-confirm" name="confirm" value="1" data-rule="confirm" aria-required="true" aria-describedby="center-delete-confirm-error"${confirmError ? ' aria-invalid="true"' : ''}>
<label for="center-delete-confirm">${escapeHtml(t.deleteConfirm)}</label></div>
<p class="field-error" id="center-delete-confirm-error">${escapeHtml(confirmError ?? '')}</p></div>
<button type="submit" class="secondary danger">${escapeHtml(t.deleteButton)}</button>
</form>
</section>`;
}
