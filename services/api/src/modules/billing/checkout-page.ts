/**
 * The checkout's pages: the sandbox's hosted checkout, the confirmation of a Stripe plan change, the
 * outcome pages and the receipt. Plain HTML with forms; the one script, on a success page, is our own file
 * (notify.js: tells the studio's tabs of the purchase), so the content security policy allows nothing
 * inline. The sandbox says plainly that it is a test checkout and that no money moves.
 */
import { BILLING_CHANNEL, MONEY_BACK_DAYS, routePath } from 'shared-contracts';
import { TEST_CARDS } from './provider.js';

function esc(value: unknown): string {
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
  dl { display: flex; flex-direction: column; gap: 6px; margin: 0; }
  /* a label and its value share a line while they fit; a long one moves the value to the next line */
  .kv { display: flex; flex-wrap: wrap; justify-content: space-between; gap: 2px 16px; }
  dt { color: var(--muted); } dd { margin: 0 0 0 auto; text-align: right; font-weight: 600; overflow-wrap: anywhere; min-width: 0; }
  label { display: flex; flex-direction: column; gap: 4px; font-size: 14px; color: var(--muted); }
  label, .row > * { min-width: 0; }
  input { width: 100%; min-width: 0; font: inherit; padding: 10px 12px; border-radius: 10px; border: 1px solid var(--line); background: var(--bg); color: var(--text); }
  input:focus-visible, button:focus-visible, a:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
  .row { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
  button { font: inherit; font-weight: 700; padding: 12px; border: 0; border-radius: 999px; background: var(--accent); color: #fff; cursor: pointer; }
  .error { color: var(--bad); font-weight: 600; margin: 0; }
  .ok { color: var(--good); font-weight: 700; margin: 0; font-size: 20px; }
  .notice { margin: 0; font-weight: 600; }
  .muted { color: var(--muted); font-size: 14px; margin: 0; }
  .agreement { font-size: 14px; margin: 4px 0 0; line-height: 1.5; }
  a { color: var(--accent); font-weight: 600; }
  .back { display: inline-block; text-align: center; padding: 12px; border-radius: 999px; border: 2px solid var(--accent); text-decoration: none; }
  ul { margin: 0; padding-left: 20px; color: var(--muted); font-size: 14px; }
  code { font-size: 14px; }
`;

const SANDBOX_NOTE = `<p class="banner" role="note">Test checkout: this is the studio's sandbox shop. No money moves and no real card is charged.</p>`;

function page(title: string, body: string, options: { sandbox?: boolean; script?: string } = {}): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>
${options.sandbox === false ? '' : SANDBOX_NOTE}
${body}
</main>${options.script ?? ''}</body></html>`;
}

/** notify.js: posts the purchase on the studio's BroadcastChannel, so an open studio tab shows it at once. */
export const NOTIFY_SCRIPT = `(function () {
  var me = document.currentScript;
  var id = me && me.getAttribute('data-order');
  if (!id || typeof BroadcastChannel !== 'function') return;
  var channel = new BroadcastChannel(${JSON.stringify(BILLING_CHANNEL)});
  channel.postMessage({ type: 'purchase-complete', order_id: id });
  channel.close();
})();
`;

/** One row of the order summary: "Due today", "$9.99". */
export type SummaryRow = [label: string, value: string];

export interface CheckoutView {
  orderId: string;
  csrf: string;
  /** the order summary: plan, credits, what an upgrade replaces, its credit, then what is due */
  rows: SummaryRow[];
  /** "$14.99" */
  dueToday: string;
  /** what follows the payment: renewals, the trial's rules */
  notes: string[];
  /** the card form (sandbox) or a confirmation of a plan change the provider charges to the card on file */
  mode: 'card' | 'confirm';
  error?: string;
  /** a change since the buyer last saw the page (a new quote) */
  notice?: string;
}

function pair([label, value]: SummaryRow): string {
  return `<div class="kv"><dt>${esc(label)}</dt><dd>${esc(value)}</dd></div>`;
}

function summary(view: Pick<CheckoutView, 'rows' | 'notes'>): string {
  const rows = view.rows.map(pair).join('');
  const notes = view.notes.map((note) => `<p class="muted">${esc(note)}</p>`).join('');
  return `<section class="card" aria-labelledby="order-title"><h1 id="order-title">Your order</h1><dl>${rows}</dl>${notes}</section>`;
}

/**
 * Right above the pay button: what renews and how to stop it, and the terms the payment agrees to (the
 * summary says it too, but a buyer reads the line by the button).
 */
function agreement(view: Pick<CheckoutView, 'notes'>): string {
  const renewal = view.notes.find((note) => note.includes('until you cancel'));
  const terms = `<a href="${routePath('Terms')}" target="_blank" rel="noopener">Terms of Service</a>`;
  const refunds = `<a href="${routePath('RefundPolicy')}" target="_blank" rel="noopener">refund policy</a>`;
  return `<p class="agreement">${renewal ? `<strong>${esc(renewal)}</strong> Cancel any time in the account panel before the renewal date. ` : ''}By paying you agree to the ${terms} and the ${refunds} (${MONEY_BACK_DAYS}-day money back).</p>`;
}

export function checkoutPage(view: CheckoutView): string {
  const alerts = `${view.notice ? `<p class="notice" role="alert">${esc(view.notice)}</p>` : ''}${view.error ? `<p class="error" role="alert">${esc(view.error)}</p>` : ''}`;
  const hidden = `<input type="hidden" name="order_id" value="${esc(view.orderId)}"><input type="hidden" name="csrf" value="${esc(view.csrf)}">`;
  if (view.mode === 'confirm') {
    return page(
      'Confirm your plan change',
      `${summary(view)}
<form class="card" method="post" action="/v1/buy/checkout/upgrade" aria-labelledby="pay-title">
  <h1 id="pay-title">Confirm the change</h1>${alerts}${hidden}
  <p class="muted">${esc(view.dueToday)} is charged now to the card your plan is billed to.</p>
  ${agreement(view)}
  <button type="submit">Upgrade and pay ${esc(view.dueToday)}</button>
</form>`,
      { sandbox: false },
    );
  }
  const free = Number(view.dueToday.replace(/[^0-9.]/g, '')) === 0;
  return page(
    'Test checkout',
    `${summary(view)}
<form class="card" method="post" action="/v1/buy/checkout/pay" aria-labelledby="pay-title">
  <h1 id="pay-title">Pay with a test card</h1>${alerts}${hidden}
  <label>Card number<input name="card" inputmode="numeric" autocomplete="off" required maxlength="23" placeholder="4242 4242 4242 4242"></label>
  <div class="row">
    <label>Expiry (MM / YY)<input name="exp" autocomplete="off" required maxlength="9" placeholder="MM / YY"></label>
    <label>CVC<input name="cvc" inputmode="numeric" autocomplete="off" required maxlength="4" placeholder="123"></label>
  </div>
  ${agreement(view)}
  <button type="submit">${free ? 'Start free trial' : `Pay ${esc(view.dueToday)}`}</button>
  <ul aria-label="Test cards">
    <li><code>${TEST_CARDS.success.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> succeeds</li>
    <li><code>${TEST_CARDS.declined.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> is declined</li>
    <li><code>${TEST_CARDS.insufficientFunds.replace(/(\d{4})(?=\d)/g, '$1 ')}</code> fails: insufficient funds</li>
    <li>Any expiry date in the future (a past one is declined) and any 3 digits for the CVC.</li>
  </ul>
</form>`,
  );
}

/** What the success page shows: the order, the amount, and the way back to the studio. */
export interface Completed {
  orderId: string;
  amount: string;
  item: string;
  backUrl: string;
  receiptUrl: string;
}

export function messagePage(title: string, message: string, options: { success?: boolean; completed?: Completed; backUrl?: string; sandbox?: boolean } = {}): string {
  const done = options.completed;
  const facts = done
    ? `<dl>${pair(['Order', done.orderId])}${pair(['Item', done.item])}${pair(['Amount paid', done.amount])}</dl>
<p><a href="${esc(done.receiptUrl)}">View the receipt</a></p>`
    : '';
  const back = done?.backUrl ?? options.backUrl;
  return page(
    title,
    `<section class="card" aria-labelledby="msg-title"><h1 id="msg-title">${esc(title)}</h1>
<p class="${options.success ? 'ok' : ''}" role="status">${esc(message)}</p>${facts}
${back ? `<a class="back" href="${esc(back)}">Back to the studio</a>` : ''}
<p class="muted">You can also close this tab: the studio shows the purchase when you return to it.</p></section>`,
    {
      sandbox: options.sandbox,
      script: done ? `<script src="/v1/buy/checkout/notify.js" data-order="${esc(done.orderId)}" defer></script>` : '',
    },
  );
}

/** A receipt: one payment of the caller. */
export interface ReceiptView {
  paymentId: string;
  orderId: string | null;
  kind: 'purchase' | 'upgrade' | 'renewal' | 'refund';
  item: string;
  date: string;
  rows: SummaryRow[];
  status: string;
  sandbox: boolean;
  backUrl: string;
}

export function receiptPage(view: ReceiptView): string {
  const title = view.kind === 'refund' ? 'Refund receipt' : 'Receipt';
  const rows: SummaryRow[] = [
    ['Receipt', view.paymentId],
    ...(view.orderId ? ([['Order', view.orderId]] as SummaryRow[]) : []),
    ['Date', view.date],
    ['Item', view.item],
    ...view.rows,
    ['Status', view.status],
  ];
  return page(
    title,
    `<section class="card" aria-labelledby="receipt-title"><h1 id="receipt-title">${esc(title)}</h1>
<dl>${rows.map(pair).join('')}</dl>
${view.sandbox ? '<p class="muted">Paid in the test checkout: no money moved.</p>' : ''}
<a class="back" href="${esc(view.backUrl)}">Back to the studio</a></section>`,
    { sandbox: view.sandbox },
  );
}
