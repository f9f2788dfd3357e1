/** The document around every account page: theme, language, styles, the page data and the script. */
import { CLIENT_SCRIPT } from './client-script.js';
import { PASSKEY_SCRIPT } from './passkey-script.js';
import { PAGE_STYLES } from './styles.js';

export type Theme = 'light' | 'dark' | '';

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** JSON that is safe inside a <script> element. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

export function parseTheme(value: unknown): Theme {
  return value === 'dark' || value === 'light' ? value : '';
}

export interface DocumentInput {
  title: string;
  lang: string;
  theme: Theme;
  nonce: string;
  body: string;
  /** read by the page script; see client-script.ts */
  data: unknown;
  /** the page offers passkeys: the passkey script (with @simplewebauthn/browser) comes too */
  passkeys?: boolean;
}

export function renderDocument(input: DocumentInput): string {
  const themeAttr = input.theme ? ` data-theme="${input.theme}"` : '';
  return `<!doctype html>
<html lang="${escapeHtml(input.lang)}"${themeAttr}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="${input.theme || 'light dark'}">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(input.title)}</title>
<style nonce="${input.nonce}">${PAGE_STYLES}</style>
</head>
<body>
${input.body}
<script type="application/json" id="page-data">${jsonForScript(input.data)}</script>
<script nonce="${input.nonce}">${CLIENT_SCRIPT}</script>${input.passkeys ? `\n<script nonce="${input.nonce}">${PASSKEY_SCRIPT}</script>` : ''}
</body>
</html>`;
}

export function brand(productName: string): string {
  return `<div class="brand"><span class="logo" aria-hidden="true"></span><span class="brand-name">${escapeHtml(productName)}</span></div>`;
}

export const EYE_ICON =
  '<svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 5c-5 0-9.3 3.1-11 7 1.7 3.9 6 7 11 7s9.3-3.1 11-7c-1.7-3.9-6-7-11-7Zm0 11.5A4.5 4.5 0 1 1 12 7.5a4.5 4.5 0 0 1 0 9Zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5Z"/></svg>';
