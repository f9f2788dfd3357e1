/** @jsxRuntime automatic */
/** @jsxImportSource react */
/** The mails a member expects from the shop: a receipt for every payment, the trial reminder, cancel and renewal notices. */
import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { ActionButton, Layout, PRODUCT_NAME, styles } from './layout.js';
import { renderMail, type RenderedMail } from './render.js';

const BILLING_WHY = `You get this e-mail because of a purchase or a plan on your ${PRODUCT_NAME} account. Manage your plans in the studio's account panel.`;

function Rows(props: { rows: Array<[string, string]> }) {
  return (
    <Section style={{ margin: '0 0 16px' }}>
      <table role="presentation" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse' }}>
        <tbody>
          {props.rows.map(([label, value]) => (
            <tr key={label}>
              <td style={styles.label}>{label}</td>
              <td style={styles.cell}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  );
}

export interface ReceiptInput {
  orderId: string;
  item: string;
  /** the amount as the member reads it, e.g. "$9.99" */
  amount: string;
  date: string;
  last4: string;
  receiptUrl: string;
  /** what the payment was: the first payment, or a renewal */
  kind: 'purchase' | 'renewal';
  /** a line about the 30-day money-back rule, when it applies */
  moneyBack?: string;
}

export function receiptMail(input: ReceiptInput): Promise<RenderedMail> {
  const rows: Array<[string, string]> = [
    ['Order', input.orderId],
    ['Item', input.item],
    ['Amount', input.amount],
    ['Date', input.date],
    ['Card', input.last4 ? `ending in ${input.last4}` : 'none charged'],
  ];
  return renderMail(
    `Your ${PRODUCT_NAME} receipt: ${input.item}`,
    <Layout preview={`${input.amount} for ${input.item}`} title={input.kind === 'renewal' ? 'Receipt for your renewal' : 'Thank you for your purchase'} why={BILLING_WHY}>
      <Text style={styles.text}>{input.kind === 'renewal' ? 'Your plan renewed and this payment went through.' : 'Your payment went through. Here is your receipt.'}</Text>
      <Rows rows={rows} />
      <ActionButton href={input.receiptUrl}>View the receipt</ActionButton>
      {input.moneyBack ? <Text style={styles.muted}>{input.moneyBack}</Text> : null}
    </Layout>,
  );
}

export function trialReminderMail(input: { plan: string; price: string; convertsAt: string; manageUrl: string }): Promise<RenderedMail> {
  return renderMail(
    `Your free trial becomes ${input.plan} tomorrow`,
    <Layout preview={`On ${input.convertsAt} your card is charged ${input.price}`} title="Your free trial ends in 24 hours" why={BILLING_WHY}>
      <Text style={styles.text}>
        On {input.convertsAt} your free trial turns into {input.plan} and your card is charged {input.price}. The plan then renews until you cancel.
      </Text>
      <Text style={styles.text}>Nothing to do if you want to keep it. To stop before you are charged, cancel the trial in the studio&apos;s account panel before then.</Text>
      <ActionButton href={input.manageUrl}>Manage my plan</ActionButton>
    </Layout>,
  );
}

export function subscriptionCancelledMail(input: { plan: string; endsAt: string; manageUrl: string }): Promise<RenderedMail> {
  return renderMail(
    `Your ${input.plan} plan will not renew`,
    <Layout preview={`It stays active until ${input.endsAt}`} title="Your plan is cancelled" why={BILLING_WHY}>
      <Text style={styles.text}>
        {input.plan} will not renew. You keep everything it gives until {input.endsAt}; after that your account is on the Free plan and your card is not charged again.
      </Text>
      <Text style={styles.text}>
        Changed your mind? <Link href={input.manageUrl}>Resume the plan</Link> before it ends.
      </Text>
    </Layout>,
  );
}

export function subscriptionRenewedMail(input: { plan: string; amount: string; nextAt: string; last4: string; receiptUrl: string }): Promise<RenderedMail> {
  return renderMail(
    `Your ${input.plan} plan renewed`,
    <Layout preview={`${input.amount}; next renewal on ${input.nextAt}`} title="Your plan renewed" why={BILLING_WHY}>
      <Text style={styles.text}>
        {input.plan} renewed for another period: {input.amount} was charged{input.last4 ? ` to the card ending in ${input.last4}` : ''}. The next renewal is on {input.nextAt}.
      </Text>
      <ActionButton href={input.receiptUrl}>View the receipt</ActionButton>
    </Layout>,
  );
}
