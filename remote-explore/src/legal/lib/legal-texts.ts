/**
 * Our own plain texts for the Terms of Service, the Privacy Policy and the refund policy (issue 23). The
 * money-back rule is the spec's (MONEY_BACK_DAYS); the trial is TRIAL_DAYS long.
 */
import { CREDIT_VALID_YEARS, MONEY_BACK_DAYS, PRODUCT_NAME, TRIAL_DAYS } from 'shared-contracts';

export type LegalKind = 'terms' | 'privacy' | 'refund';

export interface LegalDocument {
  title: string;
  summary: string;
  updated: string;
  sections: Array<{ heading: string; paragraphs: string[] }>;
}

const UPDATED = '26 November 2026';

export const LEGAL_TEXTS: Record<LegalKind, LegalDocument> = {
  terms: {
    title: 'Terms of Service',
    summary: `The agreement between you and us when you use ${PRODUCT_NAME}, in plain words.`,
    updated: UPDATED,
    sections: [
      {
        heading: 'Your account',
        paragraphs: [
          'You need an account to create. Keep your password to yourself; you are responsible for what is done with your account. Tell us at once if you think someone else used it.',
          'You must be old enough to agree to these terms where you live, and at least 16.',
        ],
      },
      {
        heading: 'What you create',
        paragraphs: [
          'What you upload and what you make with the studio is yours. You give us the permission we need to store it, process it and show it to you, and, when you publish it to Explore, to show it to others.',
          'Do not upload what you have no right to use, and do not create content that is illegal, sexual content involving minors, harassment, or content meant to deceive people about who or what is real.',
        ],
      },
      {
        heading: 'Credits, plans and payment',
        paragraphs: [
          `Credits pay for creations. Credits you buy or get with a plan are valid for ${CREDIT_VALID_YEARS} years; the ones that expire first are used first. Used credits are not refunded.`,
          `Memberships (Standard, Premium) renew automatically at the end of each period, at the price shown when you bought them, until you cancel. You can cancel at any time in the account panel; the plan then stays active until the end of the period you paid for.`,
          `A free trial lasts ${TRIAL_DAYS} days, once per person, and turns into the paid plan you chose unless you cancel before it ends. We e-mail you a reminder 24 hours before.`,
        ],
      },
      {
        heading: 'Refunds',
        paragraphs: [`Within ${MONEY_BACK_DAYS} days of a payment you can ask for your money back: see the refund policy.`],
      },
      {
        heading: 'Ending',
        paragraphs: [
          'You can delete your account at any time in the account center. We may suspend an account that breaks these terms, and tell you why.',
          'We may change these terms; if a change matters to you, we tell you by e-mail before it applies.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy Policy',
    summary: 'What we keep about you, why, and what you can do about it.',
    updated: UPDATED,
    sections: [
      {
        heading: 'What we keep',
        paragraphs: [
          'Your account: e-mail address, password (stored only as a salted hash), display name, avatar, country and the passkeys you add (their public keys only).',
          'What you create: your uploads, prompts and results, kept 7 days for results unless you save them.',
          'Purchases: orders and payments, with the last four digits of the card. Card numbers are handled by the payment provider, never by us.',
          'How the studio is used: page views and clicks, without advertising trackers, to make the product better.',
        ],
      },
      {
        heading: 'Why',
        paragraphs: [
          'To run the service you asked for, to take payments, to keep accounts safe (rate limits, sign-in checks), and to send the e-mails you need: confirmations, password resets, receipts and plan reminders. We do not sell your data.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'Change your name, address or password in the account center. Delete your account there too: your profile, creations and sign-in data are removed; orders and payments stay, without your name, as long as tax law asks.',
          'Ask us for a copy of your data, or to correct it, at any time.',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: ['We use cookies to keep you signed in and to remember your settings, such as the theme. No third-party advertising cookies.'],
      },
    ],
  },
  refund: {
    title: 'Refund policy',
    summary: `${MONEY_BACK_DAYS}-day money-back guarantee on every purchase.`,
    updated: UPDATED,
    sections: [
      {
        heading: `${MONEY_BACK_DAYS}-day money back`,
        paragraphs: [
          `Not happy with a purchase? Within ${MONEY_BACK_DAYS} days of paying, ask for a refund in the studio (account panel, billing history) and you get the whole amount back on the card you paid with.`,
          'A refunded membership ends at once, and the credits it granted that you have not used are taken back. Credits already used stay used.',
        ],
      },
      {
        heading: 'Renewals',
        paragraphs: [
          `Each renewal is a new payment with its own ${MONEY_BACK_DAYS} days. Cancel before the renewal date and you are not charged again.`,
        ],
      },
      {
        heading: 'Free trials',
        paragraphs: [`A free trial costs nothing. If it turned into a paid plan you did not want, the first payment is covered by the ${MONEY_BACK_DAYS}-day rule like any other.`],
      },
    ],
  },
};
