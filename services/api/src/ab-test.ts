/**
 * A/B tests as a service (spec section 9 codes, GET /v1/common/ab-test): GrowthBook's SDK evaluates each
 * test locally (its hashing of the test key and the subject id, its condition language for the country
 * rules), the first answer a subject gets is kept in ab_assignments (sticky), and that first answer is the
 * exposure: it is recorded and reported once as an ab_test_exposure event in the collector's table.
 * Outside production a QA override (cookie or header `ab_override: code=plan,...`) answers a chosen plan
 * without recording anything.
 */
import { GrowthBook } from '@growthbook/growthbook';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '@studio/db';

/** plan 1 is variant A, plan 2 is variant B; plan 0 means the test does not apply (the default variant). */
export type AbPlan = 0 | 1 | 2;

export interface AbTestDefinition {
  code: string;
  active: boolean;
  /** the countries the test runs in (free_trial: US, BR, GB, MX, FR, PH); null = everywhere */
  countries: string[] | null;
}

/** GrowthBook's local evaluation: 1 or 2 for a subject in the test, 0 when its rules leave the subject out. */
export function evaluateAb(test: AbTestDefinition, subjectId: string, country: string): AbPlan {
  if (!test.active) return 0;
  const gb = new GrowthBook({ attributes: { id: subjectId, country: country.toUpperCase() } });
  try {
    const result = gb.run({
      key: test.code,
      variations: [1, 2] as [AbPlan, AbPlan],
      hashAttribute: 'id',
      hashVersion: 2,
      ...(test.countries ? { condition: { country: { $in: test.countries } } } : {}),
    });
    return result.inExperiment ? result.value : 0;
  } finally {
    gb.destroy();
  }
}

/** The plan GrowthBook gives a subject in an active test that runs everywhere. */
export function abBucket(testCode: string, subjectId: string): 1 | 2 {
  return evaluateAb({ code: testCode, active: true, countries: null }, subjectId, '') === 2 ? 2 : 1;
}

/** `free_trial=1,cart_iframe=2` -> a map of valid codes to plans. */
export function parseAbOverride(value: string | undefined): Map<string, AbPlan> {
  const overrides = new Map<string, AbPlan>();
  for (const part of (value ?? '').split(',')) {
    const match = /^\s*([a-z0-9_]{1,64})\s*[=:]\s*([012])\s*$/i.exec(part);
    if (match) overrides.set(match[1], Number(match[2]) as AbPlan);
  }
  return overrides;
}

function cookieOrHeader(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers[name.replace(/_/g, '-')] ?? request.headers[name];
  if (typeof header === 'string') return header;
  const cookie = (request.headers.cookie ?? '').split(';').map((part) => part.trim()).find((part) => part.startsWith(`${name}=`));
  return cookie ? decodeURIComponent(cookie.slice(name.length + 1)) : undefined;
}

/** The plan a tester picked for this request (cookie or header ab_override), when QA overrides are on. */
export function abOverride(request: FastifyRequest, testCode: string, qaOverrides: boolean): AbPlan | undefined {
  return qaOverrides ? parseAbOverride(cookieOrHeader(request, 'ab_override')).get(testCode) : undefined;
}

export interface AbContext {
  /** events table of the collector; exposures are reported there when it exists */
  clientId?: string;
  at?: Date;
}

/**
 * The plan of a subject (user id, else client id) in a test: 0 when the test is unknown, inactive, limited
 * to countries the subject is not in, or there is no subject to bucket. Sticky: the first answer is kept.
 */
export async function abPlan(db: Queryable, testCode: string, subjectId: string | null, country: string, context: AbContext = {}): Promise<AbPlan> {
  if (!subjectId) return 0;
  const result = await db.query<{ active: boolean; countries: string[] | null; plan: number | null }>(
    `SELECT t.active, t.countries, a.plan FROM ab_tests t
     LEFT JOIN ab_assignments a ON a.test_code = t.code AND a.subject_id = $2 WHERE t.code = $1`,
    [testCode, subjectId],
  );
  const test = result.rows[0];
  if (!test || !test.active) return 0;
  if (test.plan !== null) return test.plan as AbPlan;
  const plan = evaluateAb({ code: testCode, active: test.active, countries: test.countries }, subjectId, country);
  // a subject the country rule leaves out is not exposed and may enter later from a test country
  if (plan === 0) return 0;
  const at = context.at ?? new Date();
  const inserted = await db.query<{ plan: number }>(
    `INSERT INTO ab_assignments (test_code, subject_id, plan, country, assigned_at) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (test_code, subject_id) DO NOTHING RETURNING plan`,
    [testCode, subjectId, plan, country.toUpperCase(), at],
  );
  if (inserted.rows.length === 0) {
    // a concurrent first call won: its answer is the sticky one
    const kept = await db.query<{ plan: number }>('SELECT plan FROM ab_assignments WHERE test_code = $1 AND subject_id = $2', [testCode, subjectId]);
    return (kept.rows[0]?.plan ?? plan) as AbPlan;
  }
  await recordExposure(db, { testCode, subjectId, plan, country, clientId: context.clientId ?? '', at });
  return plan;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function recordExposure(
  db: Queryable,
  exposure: { testCode: string; subjectId: string; plan: AbPlan; country: string; clientId: string; at: Date },
): Promise<void> {
  const exists = await db.query<{ found: string | null }>(`SELECT to_regclass('track_events')::text AS found`);
  if (!exists.rows[0]?.found) return;
  const uid = UUID.test(exposure.subjectId) ? exposure.subjectId : null;
  await db.query(
    `INSERT INTO track_events (received_at, event_at, event, route, uid, member_level, client_id, country, props)
     VALUES ($1, $1, 'ab_test_exposure', '', $2::uuid, $3, $4, $5, $6)`,
    [
      exposure.at,
      uid,
      uid ? 'member' : 'guest',
      exposure.clientId || (uid ? '' : exposure.subjectId),
      exposure.country.toUpperCase(),
      JSON.stringify({ test_code: exposure.testCode, plan: exposure.plan, variant: exposure.plan === 2 ? 'B' : 'A' }),
    ],
  );
}
