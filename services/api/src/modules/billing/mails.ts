/**
 * The mails a member expects from the shop, found from what the database holds and queued once each (the
 * outbox's dedupe key): a receipt for every payment (`receipt:<payment>`; a renewal's receipt is the renewal
 * notice), the reminder 24 hours before a free trial turns into a paid plan (`trial-reminder:<subscription>`),
 * and a notice when a plan is cancelled (`cancelled:<subscription>:<period end>`). Run right after a payment or
 * a cancel for that member, and by the lifecycle job for everyone, so a mail missed by a crash goes later.
 */
import type { Database } from '@studio/db';
import type { Mailer } from '@studio/mail';
import { receiptMail, subscriptionCancelledMail, subscriptionRenewedMail, trialReminderMail } from '@studio/mail/templates';
import { MONEY_BACK_DAYS } from 'shared-contracts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface BillingMailDeps {
  db: Database;
  mailer: Mailer;
  /** the product's public origin (PUBLIC_URL), for absolute links */
  publicUrl: string;
  /** where "manage my plan" goes (STUDIO_URL; relative paths are joined to publicUrl) */
  studioUrl: string;
}

const date = (at: Date) => at.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const amountOf = (amount: number | string, currency: string) => new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || 'USD' }).format(Number(amount));

function absolute(deps: BillingMailDeps, path: string): string {
  if (/^https?:\/\//.test(path)) return path;
  return `${(deps.publicUrl || 'http://localhost').replace(/\/$/, '')}${path.startsWith('/') ? '' : '/'}${path}`;
}

interface PaymentRow {
  id: string;
  order_id: string;
  kind: 'charge' | 'renewal';
  amount: number | string;
  currency: string;
  card_last4: string;
  created_at: Date;
  item: string;
  email: string;
  next_at: Date | null;
}

interface TrialRow {
  id: number;
  expires_at: Date;
  plan: string;
  price: number | string;
  currency: string;
  email: string;
}

interface CancelRow {
  id: number;
  name: string;
  expires_at: Date;
  email: string;
}

/** Queues every shop mail that is due (for one member, or everyone); answers how many were queued. */
export async function sendBillingMails(deps: BillingMailDeps, at: Date, userId?: string): Promise<number> {
  const { db, mailer } = deps;
  const mine = userId ? 'AND u.id = $2' : '';
  const args = (first: unknown) => (userId ? [first, userId] : [first]);
  let queued = 0;
  const enqueue = async (kind: string, to: string, dedupeKey: string, mail: { subject: string; html: string; text: string }) => {
    if (await mailer.enqueue({ kind, to, dedupeKey, ...mail })) queued += 1;
  };

  const payments = await db.query<PaymentRow>(
    `SELECT p.id, p.order_id, p.kind, p.amount, p.currency, p.card_last4, p.created_at, u.email,
       COALESCE(s.name, k.sub_tpl_name, 'Your purchase') AS item, s.expires_at AS next_at
     FROM billing_payments p JOIN billing_orders o ON o.id = p.order_id JOIN users u ON u.id = o.user_id
       LEFT JOIN skus k ON k.sku_id = o.sku_id LEFT JOIN subscriptions s ON s.id = p.subscription_id
     WHERE p.status = 'succeeded' AND p.kind IN ('charge', 'renewal') AND p.amount > 0 AND p.created_at > $1
       AND u.deleted_at IS NULL AND u.email <> '' ${mine}
       AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.dedupe_key = 'receipt:' || p.id::text)
     ORDER BY p.created_at LIMIT 200`,
    args(new Date(at.getTime() - 7 * DAY_MS)),
  );
  for (const row of payments.rows) {
    const receiptUrl = absolute(deps, `/v1/buy/receipt/${row.id}`);
    const amount = amountOf(row.amount, row.currency);
    const mail =
      row.kind === 'renewal'
        ? await subscriptionRenewedMail({ plan: row.item, amount, nextAt: row.next_at ? date(new Date(row.next_at)) : 'the end of the new period', last4: row.card_last4, receiptUrl })
        : await receiptMail({
            orderId: row.order_id,
            item: row.item,
            amount,
            date: date(new Date(row.created_at)),
            last4: row.card_last4,
            receiptUrl,
            kind: 'purchase',
            moneyBack: `Not what you hoped for? Within ${MONEY_BACK_DAYS} days of paying, ask for your money back in the studio's billing history.`,
          });
    await enqueue(row.kind === 'renewal' ? 'renewal' : 'receipt', row.email, `receipt:${row.id}`, mail);
  }

  const trials = await db.query<TrialRow>(
    `SELECT s.id, s.expires_at, COALESCE(k.sub_tpl_name, s.name) AS plan, COALESCE(k.price, 0) AS price, COALESCE(k.currency, 'USD') AS currency, u.email
     FROM subscriptions s JOIN users u ON u.id = s.user_id LEFT JOIN skus k ON k.sku_id = s.renew_sku_id
     WHERE s.is_trial AND s.status = 'trialing' AND s.auto_renew AND NOT s.cancel_at_period_end
       AND s.expires_at > $1 AND s.expires_at <= $1::timestamptz + interval '24 hours'
       AND u.deleted_at IS NULL AND u.email <> '' ${mine}
       AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.dedupe_key = 'trial-reminder:' || s.id::text)`,
    args(at),
  );
  for (const row of trials.rows) {
    const mail = await trialReminderMail({ plan: row.plan, price: amountOf(row.price, row.currency), convertsAt: date(new Date(row.expires_at)), manageUrl: absolute(deps, deps.studioUrl) });
    await enqueue('trial-reminder', row.email, `trial-reminder:${row.id}`, mail);
  }

  const cancelled = await db.query<CancelRow>(
    `SELECT s.id, s.name, s.expires_at, u.email FROM subscriptions s JOIN users u ON u.id = s.user_id
     WHERE s.status IN ('trialing', 'active') AND s.cancel_at_period_end AND s.expires_at > $1
       AND u.deleted_at IS NULL AND u.email <> '' ${mine}
       -- a plan that ends because a queued one follows it was not cancelled by the member
       AND NOT EXISTS (SELECT 1 FROM subscriptions q WHERE q.user_id = s.user_id AND q.id <> s.id AND q.status IN ('trialing', 'active') AND q.started_at >= s.expires_at)
       AND NOT EXISTS (SELECT 1 FROM mail_outbox m WHERE m.dedupe_key = 'cancelled:' || s.id::text || ':' || floor(extract(epoch FROM s.expires_at))::text)`,
    args(at),
  );
  for (const row of cancelled.rows) {
    const mail = await subscriptionCancelledMail({ plan: row.name, endsAt: date(new Date(row.expires_at)), manageUrl: absolute(deps, deps.studioUrl) });
    await enqueue('plan-cancelled', row.email, `cancelled:${row.id}:${Math.floor(new Date(row.expires_at).getTime() / 1000)}`, mail);
  }
  return queued;
}
