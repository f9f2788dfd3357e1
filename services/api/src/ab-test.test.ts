/** A/B tests: GrowthBook's local evaluation, country rules, stickiness, exposure once, the QA override. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { AB_TEST_CODES, FREE_TRIAL_COUNTRIES } from 'shared-contracts';
import { openTestDb, type TestDb } from '../test/helpers';
import { abBucket, abPlan, evaluateAb, parseAbOverride } from './ab-test';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await openTestDb();
  await testDb.db.query('CREATE TABLE ab_tests (code text PRIMARY KEY, active boolean NOT NULL DEFAULT true, countries text[])');
  await testDb.db.query(readFileSync(path.join(__dirname, '..', 'migrations', '0300_ab_assignments.sql'), 'utf8'));
  for (const code of AB_TEST_CODES) {
    await testDb.db.query('INSERT INTO ab_tests (code, countries) VALUES ($1, $2)', [code, code === 'free_trial' ? [...FREE_TRIAL_COUNTRIES] : null]);
  }
});
afterAll(async () => testDb.close());

describe('A/B tests', () => {
  it('gives every code of spec section 9 both variants, deterministically per subject', () => {
    for (const code of AB_TEST_CODES) {
      const plans = Array.from({ length: 400 }, (_, i) => abBucket(code, `subject-${i}`));
      const b = plans.filter((plan) => plan === 2).length;
      expect(b).toBeGreaterThan(140);
      expect(b).toBeLessThan(260);
      expect(Array.from({ length: 400 }, (_, i) => abBucket(code, `subject-${i}`))).toEqual(plans);
    }
  });

  it('runs free_trial only in US, BR, GB, MX, FR and PH', () => {
    const test = { code: 'free_trial', active: true, countries: [...FREE_TRIAL_COUNTRIES] };
    for (const country of FREE_TRIAL_COUNTRIES) expect(evaluateAb(test, 'someone', country)).not.toBe(0);
    expect(evaluateAb(test, 'someone', 'JP')).toBe(0);
    expect(evaluateAb(test, 'someone', '')).toBe(0);
  });

  it('keeps the first answer (sticky) and records the exposure once', async () => {
    const first = await abPlan(testDb.db, 'cart_iframe', 'client-a', 'DE', { clientId: 'client-a' });
    expect(first).not.toBe(0);
    // a change of the test's rules does not move someone already assigned
    await testDb.db.query(`UPDATE ab_tests SET countries = ARRAY['US'] WHERE code = 'cart_iframe'`);
    expect(await abPlan(testDb.db, 'cart_iframe', 'client-a', 'DE')).toBe(first);
    const rows = await testDb.db.query<{ n: number }>(`SELECT COUNT(*)::int AS n FROM ab_assignments WHERE subject_id = 'client-a'`);
    expect(Number(rows.rows[0].n)).toBe(1);
    await testDb.db.query(`UPDATE ab_tests SET active = false WHERE code = 'cart_iframe'`);
    expect(await abPlan(testDb.db, 'cart_iframe', 'client-a', 'DE')).toBe(0);
  });

  it('answers 0 for an unknown test or nobody to bucket; outside its countries nothing is recorded', async () => {
    expect(await abPlan(testDb.db, 'no_such_test', 'x', 'US')).toBe(0);
    expect(await abPlan(testDb.db, 'free_trial', null, 'US')).toBe(0);
    expect(await abPlan(testDb.db, 'free_trial', 'traveller', 'JP')).toBe(0);
    expect(await abPlan(testDb.db, 'free_trial', 'traveller', 'US')).not.toBe(0);
  });

  it('reads a QA override list', () => {
    expect([...parseAbOverride('free_trial=1, cart_iframe:2,bad,x=7')]).toEqual([
      ['free_trial', 1],
      ['cart_iframe', 2],
    ]);
  });
});
