/** The local web inbox's two pages (a list and one message), plain HTML in both themes. */
import type { ReceivedMail } from './received-mail.js';

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

// contrast checked in both themes: text >= 4.5:1 on its background, links too
const STYLES = `:root{--bg:#fff;--fg:#15161c;--muted:#555a66;--line:#e3e5ea;--link:#4338ca;--card:#f7f7fa}
:root[data-theme=dark]{--bg:#121318;--fg:#f1f2f5;--muted:#a9adb8;--line:#2c2f39;--link:#a5b4fc;--card:#1b1d24}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#121318;--fg:#f1f2f5;--muted:#a9adb8;--line:#2c2f39;--link:#a5b4fc;--card:#1b1d24}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,sans-serif}
main{max-width:960px;margin:0 auto;padding:20px 16px}h1{font-size:22px;margin:0 0 4px}p{margin:0 0 14px;color:var(--muted)}
a{color:var(--link)}ul{list-style:none;margin:0;padding:0;border-top:1px solid var(--line)}
li a{display:grid;grid-template-columns:1fr auto;gap:4px 12px;padding:12px 4px;border-bottom:1px solid var(--line);text-decoration:none;color:var(--fg)}
li a:hover,li a:focus-visible{background:var(--card)}.subject{font-weight:600;color:var(--link)}.meta{color:var(--muted);font-size:13px}
a:focus-visible{outline:2px solid var(--link);outline-offset:2px}
dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 12px;margin:0 0 16px}dt{color:var(--muted)}dd{margin:0;overflow-wrap:anywhere}
iframe{width:100%;height:560px;border:1px solid var(--line);border-radius:10px;background:#fff}
pre{white-space:pre-wrap;background:var(--card);border:1px solid var(--line);border-radius:10px;padding:12px;overflow-wrap:anywhere}
h2{font-size:17px;margin:20px 0 8px}@media (max-width:600px){li a{grid-template-columns:1fr}iframe{height:480px}}`;

function page(title: string, theme: string | null, body: string): string {
  const attr = theme === 'dark' || theme === 'light' ? ` data-theme="${theme}"` : '';
  return `<!doctype html><html lang="en"${attr}><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>${STYLES}</style></head><body><main>${body}</main></body></html>`;
}

export function renderInboxList(mails: ReceivedMail[], theme: string | null): string {
  const items = mails
    .map(
      (mail) => `<li><a href="/messages/${mail.id}"><span class="subject">${escape(mail.subject || '(no subject)')}</span>
<span class="meta">${escape(new Date(mail.date).toLocaleString('en-GB', { timeZone: 'UTC' }))} UTC</span>
<span class="meta">To ${escape(mail.to.join(', '))}</span></a></li>`,
    )
    .join('');
  return page(
    'Local inbox',
    theme,
    `<h1>Local inbox</h1><p>Every e-mail the product sends while it runs on this machine lands here; nothing leaves the machine. Newest first; reload to see new mail.</p>
${mails.length ? `<ul aria-label="Messages">${items}</ul>` : '<p>No mail yet.</p>'}`,
  );
}

export function renderInboxMessage(mail: ReceivedMail, theme: string | null): string {
  return page(
    `${mail.subject} · Local inbox`,
    theme,
    `<p><a href="/">Back to the inbox</a></p><h1>${escape(mail.subject || '(no subject)')}</h1>
<dl><dt>From</dt><dd>${escape(mail.from)}</dd><dt>To</dt><dd>${escape(mail.to.join(', '))}</dd><dt>Date</dt><dd>${escape(mail.date)}</dd></dl>
${mail.html ? `<iframe title="The message as HTML" src="/messages/${mail.id}/html" sandbox="allow-popups allow-popups-to-escape-sandbox"></iframe>` : ''}
<h2>Plain text</h2><pre>${escape(mail.text)}</pre>`,
  );
}
