/**
 * The sandbox's hosted checkout page: plain HTML with a form and no script (nothing for a content
 * security policy to allow but its own inline style), saying plainly that it is a test checkout and that
 * no money moves.
 */
import { TEST_CARDS } from './provider.js';

export function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const STYLE = `
  :root { color-scheme: light dark; --bg: #f5f6fb; --card: #ffffff; --text: #14161f; --muted: #4d5263; --line: #d7dae5; --accent: #5b3cf0; --bad: #b42318; --good: #067647; }
  @media (prefers-color-scheme: dark) { :root { --bg: #0f1118; --card: #191c26; --text: #f1f2f6; --muted: #b5b9c8; --line: #30344a; --accent: #9d8bff; --bad: #ff8a80; --good: #6ee7a8; } }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; background: var(--bg); color: var(--text); display: flex; justify-content: center; padding: 24px 16px; }
  main { width: 100%; max-width: 460px; min-width: 0; display: flex; flex-direction: column; gap: 16px; }
  .banner { border: 2px dashed var(--accent); border-radius: 12px; padding: 12px 14px; font-weight: 600; }
  .card { background: var(--card); border: 1px solid var(--line); border-radius: 16px; padding: 20px; display: flex; flex-direction: column; gap: 12px; }
  h1 { font-size: 22px; margin: 0; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 6px 16px; margin: 0; }
  dt { color: var(--muted); } dd { margin: 0; text-align: right; font-weight: 600; overflow-wrap: anywhere; }
  label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; color: var(--muted); }
  label, .row > * { min-width: 0; }
  input { width: 100%; min-width: 0; font: inherit; padding: 10px 12px; border-radius: 10px; border: 1px solid var(--line); background: var(--bg); color: var(--text); }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { font: inherit; font-weight: 700; padding: 12px; border: 0; border-radius: 999px; background: var(--accent); color: #fff; cursor: pointer; }
  .error { color: var(--bad); font-weight: 600; margin: 0; }
  .ok { color: var(--good); font-weight: 700; margin: 0; font-size: 20px; }
  ul { margin: 0; padding-left: 20px; color: var(--muted); font-size: 14px; }
  code { font-size: 14px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>
<p class="banner" role="note">Test checkout: this is the studio's sandbox shop. No money moves and no real card is charged.</p>
${body}
</main></body></html>`;
}

export interface CheckoutView {
  orderId: string;
  csrf: string;
  name: string;
  /** "$14.99" */
  dueToday: string;
  /** "then $14.99 a month", or '' for a pack */
  thenText: string;
  credits: number;
  error?: string;
}

export function checkoutPage(view: CheckoutView): string {
  const grid = `<dl><dt>Plan</dt><dd>${esc(view.name)}</dd>
    ${view.credits > 0 ? `<dt>Credits</dt><dd>${esc(view.credits)}</dd>` : ''}
    <dt>Due today</dt><dd>${esc(view.dueToday)}</dd>
    ${view.thenText ? `<dt>After that</dt><dd>${esc(view.thenText)}</dd>` : ''}</dl>`;
  return page(
    'Test checkout',
    `<section class="card" aria-labelledby="order-title"><h1 id="order-title">Your order</h1>${grid}</section>
<form class="card" method="post" action="/v1/buy/checkout/pay" aria-labelledby="pay-title">
  <h1 id="pay-title">Pay with a test card</h1>
  ${view.error ? `<p class="error" role="alert">${esc(view.error)}</p>` : ''}
  <input type="hidden" name="order_id" value="${esc(view.orderId)}">
  <input type="hidden" name="csrf" value="${esc(view.csrf)}">
  <label>Card number<input name="card" inputmode="numeric" autocomplete="off" required maxlength="23" placeholder="4242 4242 4242 4242"></label>
  <div class="row">
    <label>Expiry (MM/YY)<input name="exp" autocomplete="off" required maxlength="5" placeholder="12/34"></label>
    <label>CVC<input name="cvc" inputmode="numeric" autocomplete="off" required maxlength="4" placeholder="123"></label>
  </div>
  <button type="submit">${view.dueToday === '$0.00' ? 'Start free trial' : `Pay ${esc(view.dueToday)}`}</button>
  <ul aria-label="Test cards">
    <li><code>${TEST_CARDS.success.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> succeeds</li>
    <li><code>${TEST_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> is declined</li>
    <li><code>${TEST_CARDS.insufficientFunds.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> fails: insufficient funds</li>
    <li>Any future expiry date and any 3 digits for the CVC.</li>
  </ul>
</form>`,
  );
}

export function messagePage(title: string, message: string, success = false): string {
  return page(
    title,
    `<section class="card" aria-labelledby="msg-title"><h1 id="msg-title">${esc(title)}</h1>
<p class="${success ? 'ok' : ''}" role="status">${esc(message)}</p>
<p>You can close this tab and go back to the studio.</p></section>`,
  );
}
