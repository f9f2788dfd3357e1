/** Which payment provider runs, read once from the environment. */
import type { ApiEnv } from '../../env.js';

export interface BillingConfig {
  payments: 'sandbox' | 'stripe';
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  /** run the lifecycle job on the queue (renewals, expiry) in this process */
  scheduler: boolean;
  /** STUDIO_URL: where the checkout's and the receipt's "Back to the studio" goes (default /home, same origin) */
  studioUrl: string;
}

export function loadBillingConfig(env: ApiEnv): BillingConfig {
  const payments = (env.PAYMENTS ?? 'sandbox').trim().toLowerCase();
  if (payments !== 'sandbox' && payments !== 'stripe') throw new Error(`PAYMENTS must be sandbox or stripe, got ${payments}`);
  const config: BillingConfig = {
    payments,
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    // jest sets NODE_ENV=test: suites that build the whole API do not each start a scheduler; the billing
    // tests run the job themselves on a moved clock
    scheduler: env.BILLING_SCHEDULER ? env.BILLING_SCHEDULER !== '0' : env.NODE_ENV !== 'test',
    studioUrl: env.STUDIO_URL || '/home',
  };
  if (env.NODE_ENV === 'production' && config.payments === 'sandbox') {
    throw new Error('PAYMENTS=sandbox is a test checkout and refuses to run in production: set PAYMENTS=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (config.payments === 'stripe' && (!config.stripeSecretKey || !config.stripeWebhookSecret)) {
    throw new Error('PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  return config;
}
