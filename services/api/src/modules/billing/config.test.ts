import { loadBillingConfig } from './config';

describe('billing config', () => {
  it('the sandbox is the default and refuses production', () => {
    expect(loadBillingConfig({ NODE_ENV: 'development' })).toMatchObject({ payments: 'sandbox', scheduler: true });
    expect(() => loadBillingConfig({ NODE_ENV: 'production' })).toThrow(/refuses to run in production/);
    expect(() => loadBillingConfig({ NODE_ENV: 'production', PAYMENTS: 'sandbox' })).toThrow(/refuses to run in production/);
  });

  it('stripe needs its keys', () => {
    expect(() => loadBillingConfig({ NODE_ENV: 'production', PAYMENTS: 'stripe' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(loadBillingConfig({ NODE_ENV: 'production', PAYMENTS: 'stripe', STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' })).toMatchObject({ payments: 'stripe' });
    expect(() => loadBillingConfig({ PAYMENTS: 'paypal' })).toThrow(/sandbox or stripe/);
  });

  it('jest runs no scheduler unless asked', () => {
    expect(loadBillingConfig({ NODE_ENV: 'test' }).scheduler).toBe(false);
    expect(loadBillingConfig({ NODE_ENV: 'test', BILLING_SCHEDULER: '1' }).scheduler).toBe(true);
  });
});
