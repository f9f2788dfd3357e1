/**
 * One stylesheet for every page. Laid out for the 400x604 login frame first; the 500x650 pop-up and a full
 * page (redirect mode, account center) centre the same card. Both themes: prefers-color-scheme, overridden by
 * data-theme from the `theme` query. Contrast checked: text >= 4.5:1, borders and focus >= 3:1.
 */
export const PAGE_STYLES = `
:root{--bg:#ffffff;--surface:#ffffff;--fg:#15161c;--muted:#555a66;--border:#7a7f8c;--line:#e3e5ea;--accent:#4f46e5;--accent-hover:#4338ca;
--accent-fg:#ffffff;--link:#4338ca;--error:#b42318;--error-bg:#fef3f2;--ok:#067647;--ok-bg:#ecfdf3;--focus:#4f46e5;--input:#ffffff;--shadow:0 10px 30px rgba(20,22,30,.12)}
:root[data-theme=dark]{--bg:#121318;--surface:#1b1d24;--fg:#f1f2f5;--muted:#a9adb8;--border:#767b8a;--line:#2c2f39;--accent:#5850ec;--accent-hover:#4f46e5;
--accent-fg:#ffffff;--link:#a5b4fc;--error:#fda29b;--error-bg:#2a1416;--ok:#75e0a7;--ok-bg:#10261b;--focus:#a5b4fc;--input:#1b1d24;--shadow:none}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--bg:#121318;--surface:#1b1d24;--fg:#f1f2f5;--muted:#a9adb8;--border:#767b8a;--line:#2c2f39;
--accent:#5850ec;--accent-hover:#4f46e5;--accent-fg:#ffffff;--link:#a5b4fc;--error:#fda29b;--error-bg:#2a1416;--ok:#75e0a7;--ok-bg:#10261b;--focus:#a5b4fc;--input:#1b1d24;--shadow:none}}
*{box-sizing:border-box}
html,body{margin:0;background:var(--bg);color:var(--fg);font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
body{min-height:100vh;display:flex;flex-direction:column;align-items:center}
.card{width:100%;max-width:400px;padding:22px 28px 18px;display:flex;flex-direction:column;background:transparent}
.card.framed{background:var(--surface)}
@media (max-width:519px) and (min-height:520px){body{justify-content:center}}
@media (min-width:520px) and (min-height:680px){body{justify-content:center;padding:24px 0}.card.framed{border:1px solid var(--line);border-radius:16px;box-shadow:var(--shadow)}}
.wide{max-width:560px}
.brand{display:flex;align-items:center;gap:10px;font-weight:600;font-size:15px;margin-bottom:16px}
.logo{width:28px;height:28px;border-radius:8px;background:linear-gradient(135deg,#7c3aed,#4f46e5 55%,#0ea5e9);position:relative;flex:none}
.logo::after{content:"";position:absolute;left:11px;top:8px;border-style:solid;border-width:6px 0 6px 9px;border-color:transparent transparent transparent #fff}
h1{font-size:22px;line-height:1.25;margin:0 0 4px;outline:none}
h2{font-size:17px;margin:0 0 12px}
.sub{margin:0 0 14px;color:var(--muted)}
.alert{border-radius:10px;padding:10px 12px;margin:0 0 14px;font-size:14px}
.alert:empty{display:none}
.alert.error{background:var(--error-bg);color:var(--error);border:1px solid var(--error)}
.alert.ok{background:var(--ok-bg);color:var(--ok);border:1px solid var(--ok)}
form{display:flex;flex-direction:column;gap:10px;margin:0}
.field{display:flex;flex-direction:column;gap:4px}
label{font-weight:600;font-size:14px}
.optional{font-weight:400;color:var(--muted)}
input,select{width:100%;height:40px;border:1px solid var(--border);border-radius:10px;background:var(--input);color:var(--fg);padding:0 12px;font:inherit}
input[type=file]{height:auto;padding:8px}
input:focus-visible,select:focus-visible,button:focus-visible,a:focus-visible{outline:2px solid var(--focus);outline-offset:2px}
input[aria-invalid=true]{border-color:var(--error)}
.hint,.field-error{margin:0;font-size:13px;color:var(--muted)}
.field-error{color:var(--error)}
.field-error:empty{display:none}
.pw{position:relative}
.pw input{padding-right:46px}
.pw-toggle{position:absolute;right:4px;top:4px;width:34px;height:34px;border:0;border-radius:8px;background:transparent;color:var(--muted);cursor:pointer;display:grid;place-items:center}
.pw-toggle[aria-pressed=true]{color:var(--accent)}
button.primary,a.primary{height:44px;border:0;border-radius:10px;background:var(--accent);color:var(--accent-fg);font:inherit;font-weight:600;cursor:pointer;margin-top:4px;
display:flex;align-items:center;justify-content:center;text-decoration:none}
button.primary:hover{background:var(--accent-hover)}
button.primary:disabled{opacity:.7;cursor:progress}
button.secondary{height:40px;border:1px solid var(--border);border-radius:10px;background:transparent;color:var(--fg);font:inherit;cursor:pointer;padding:0 16px}
.switch{margin:14px 0 0;text-align:center;color:var(--muted);font-size:14px}
a{color:var(--link)}
.switch a{font-weight:600}
.center-text{text-align:center;align-items:center}
.done-icon{width:56px;height:56px;border-radius:50%;background:var(--ok-bg);color:var(--ok);display:grid;place-items:center;font-size:28px;margin:28px 0 14px}
.section{border-top:1px solid var(--line);padding-top:18px;margin-top:18px}
.section form+form{margin-top:16px}
.profile{display:flex;align-items:center;gap:14px;margin-bottom:6px}
.avatar{width:56px;height:56px;border-radius:50%;object-fit:cover;background:var(--line);display:grid;place-items:center;font-weight:700;font-size:22px;flex:none}
.row{display:flex;gap:10px}
.row>.field{flex:1}
.muted{color:var(--muted)}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.forgot{margin:-4px 0 0;text-align:right;font-size:14px}
.check{display:flex;gap:10px;align-items:flex-start}.check input{width:20px;height:20px;flex:none;margin:2px 0 0;accent-color:var(--accent)}
.check label{font-weight:400}
.or{display:flex;align-items:center;gap:10px;color:var(--muted);font-size:13px;margin:14px 0 4px}.or::before,.or::after{content:"";flex:1;border-top:1px solid var(--line)}
form.passkey button.secondary{width:100%;height:44px}
.danger{border-color:var(--error)!important;color:var(--error)!important}
ul.keys{list-style:none;margin:0 0 12px;padding:0}ul.keys li{display:flex;justify-content:space-between;align-items:center;gap:10px;padding:8px 0;border-bottom:1px solid var(--line)}
.badge{font-size:12px;font-weight:600;border-radius:999px;padding:2px 8px;border:1px solid currentColor;white-space:nowrap;display:inline-block}
.badge.ok{color:var(--ok)}.badge.warn{color:var(--error)}
[hidden]{display:none!important}
`;
