/** The support panel's short FAQ: answers from the product's own rules (spec sections 6 and 9). */
import { CREDIT_VALID_YEARS, MONEY_BACK_DAYS, TASK_RESULT_DAYS } from 'shared-contracts';

export interface FaqEntry {
  id: string;
  question: string;
  answer: string;
  /** words that point a typed question at this entry */
  keywords: string[];
}

export const FAQ: readonly FaqEntry[] = [
  {
    id: 'credits',
    question: 'How do credits work?',
    answer: `Each generation costs credits; about 6 credits make 1 second of AI video. Credits that expire first are used first, and credits stay valid for ${CREDIT_VALID_YEARS} years. Used credits are not refundable.`,
    keywords: ['credit', 'credits', 'cost', 'price', 'balance', 'spend'],
  },
  {
    id: 'refund',
    question: 'Can I get my money back?',
    answer: `Memberships come with a ${MONEY_BACK_DAYS}-day money-back guarantee. Send us a request through the feedback form with your order details.`,
    keywords: ['refund', 'money', 'back', 'cancel', 'charge', 'charged', 'payment'],
  },
  {
    id: 'results',
    question: 'How long are my results kept?',
    answer: `Generation results are kept for ${TASK_RESULT_DAYS} days. Download what you want to keep; My Creations lists them until then.`,
    keywords: ['kept', 'keep', 'download', 'results', 'expire', 'delete', 'library', 'creations'],
  },
  {
    id: 'membership',
    question: 'What do Standard and Premium give me?',
    answer:
      'Standard: 100 credits a month, watermark-free and ultra HD output, 3 videos at once. Premium: 500 credits a month, faster generations and 5 videos at once. Open Pricing to compare.',
    keywords: ['membership', 'premium', 'standard', 'plan', 'subscription', 'subscribe', 'watermark'],
  },
  {
    id: 'daily-limit',
    question: 'Is there a daily limit on the Free plan?',
    answer:
      'On the Free plan, tasks paid with free credits (sign-up, check-in, a trial) are limited per day; the purchase dialog and Pricing show the number. Holding credits you bought, or a membership, lifts the limit.',
    keywords: ['limit', 'daily', 'day', 'cap', 'tasks', 'many', 'reached', 'tomorrow'],
  },
  {
    id: 'failed',
    question: 'My generation failed. Did I lose credits?',
    answer: 'No: credits are held while a task runs and given back when it fails or is canceled. Try again, or tell us through the feedback form if it keeps failing.',
    keywords: ['fail', 'failed', 'failure', 'error', 'stuck', 'lost', 'lose'],
  },
];

/** The entry a typed question is most likely about, or null when no keyword matches. */
export function answerFor(question: string): FaqEntry | null {
  const words = question.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  let best: { entry: FaqEntry; score: number } | null = null;
  for (const entry of FAQ) {
    const score = words.filter((word) => entry.keywords.includes(word)).length;
    if (score > 0 && (!best || score > best.score)) best = { entry, score };
  }
  return best?.entry ?? null;
}
