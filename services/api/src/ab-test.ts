/** Stable A/B bucketing: the same test code and id always land in the same plan. */
import { createHash } from 'node:crypto';
import type { Queryable } from '@studio/db';

/** plan 1 is variant A, plan 2 is variant B; plan 0 means the test does not apply (the default variant). */
export type AbPlan = 0 | 1 | 2;

export function abBucket(testCode: string, subjectId: string): 1 | 2 {
  const digest = createHash('sha256').update(`${testCode}:${subjectId}`).digest();
  return digest.readUInt32BE(0) % 2 === 0 ? 1 : 2;
}

/**
 * The plan of a subject (user id, else client id) in a test: 0 when the test is unknown, inactive, limited
 * to countries the subject is not in, or there is no subject to bucket.
 */
export async function abPlan(db: Queryable, testCode: string, subjectId: string | null, country: string): Promise<AbPlan> {
  if (!subjectId) return 0;
  const result = await db.query<{ active: boolean; countries: string[] | null }>(
    'SELECT active, countries FROM ab_tests WHERE code = $1',
    [testCode],
  );
  const test = result.rows[0];
  if (!test || !test.active) return 0;
  if (test.countries && !test.countries.includes(country.toUpperCase())) return 0;
  return abBucket(testCode, subjectId);
}
