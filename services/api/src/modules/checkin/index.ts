/**
 * Check-in routes: GET /v1/activity/checkin/status (visitors too: the activity and credits they would
 * get) and POST /v1/activity/checkin (signed in), both with the fixed activity code.
 */
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES, CHECKIN_ACTIVITY_CODE, type CheckInResult, type CheckInStatusResponse } from 'shared-contracts';
import { defineCall, type Same } from '../../define-call.js';
import { ApiFailure } from '../../http.js';
import { countryOfRequest } from '../country/index.js';
import type { ApiConfig } from '../../config.js';
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';
import { CHECKIN_DAILY_WINNERS } from 'shared-contracts';
import { createCheckinService, resultOf, unavailableMessage, type CheckinOptions } from './checkin-service.js';

const ActivityQuery = Type.Object({ activity_code: Type.String({ minLength: 1, maxLength: 64 }) }, { additionalProperties: false });
const StatusSchema = Type.Object({
  is_checked_in: Type.Boolean(),
  today_available: Type.Boolean({ description: 'credits are left for this cycle (the first 500 check-ins get them)' }),
  today_checkin_credits: Type.Integer({ description: '3 for free and standard, 6 for premium' }),
  activity_active: Type.Boolean({ description: 'the activity runs in the caller’s country' }),
});
const ResultSchema = Type.Object({ success: Type.Boolean(), is_checked_in: Type.Boolean(), message: Type.String() });
// a drift from the contract fails tsc
const statusMatches: Same<import('@sinclair/typebox').Static<typeof StatusSchema>, CheckInStatusResponse> = true;
const resultMatches: Same<import('@sinclair/typebox').Static<typeof ResultSchema>, CheckInResult> = true;
void statusMatches;
void resultMatches;

function assertActivity(code: string): void {
  if (code !== CHECKIN_ACTIVITY_CODE) throw new ApiFailure(400, API_CODES.BAD_REQUEST, `Unknown activity: ${code}`);
}

/** The caller's country: the network's (edge header or IP database), else the one recorded at sign-in. */
function countryOf(request: FastifyRequest, config: ApiConfig): string {
  return countryOfRequest(request, config);
}

/** Without options the activity runs where the config's check-in section says (CHECKIN_COUNTRIES). */
function checkinPlugin(given?: CheckinOptions): ApiModulePlugin {
  return async (app, ctx) => {
    const options: CheckinOptions = given ?? { countries: ctx.config.checkin.countries, dailyWinners: CHECKIN_DAILY_WINNERS, now: () => new Date() };
    const service = createCheckinService(ctx.db, options);

    defineCall(
      app,
      'GET /v1/activity/checkin/status',
      {
        preHandler: ctx.auth.optionalAuth,
        schema: {
          tags: ['activity'],
          summary: 'Daily check-in status of the caller (or of a visitor) for the current cycle',
          querystring: ActivityQuery,
          response: StatusSchema,
        },
      },
      async (request) => {
        assertActivity(request.query.activity_code);
        const caller = request.user ? { uid: request.user.uid, level: request.user.level } : null;
        return service.status(caller, countryOf(request, ctx.config));
      },
    );

    defineCall(
      app,
      'POST /v1/activity/checkin',
      {
        preHandler: ctx.auth.authenticate,
        schema: {
          tags: ['activity'],
          security: [{ bearer: [] }],
          summary: "Claims today's check-in credits (once per cycle; the first 500 of a cycle get credits)",
          body: ActivityQuery,
          response: ResultSchema,
        },
      },
      async (request) => {
        assertActivity(request.body.activity_code);
        const user = request.user!;
        const country = countryOf(request, ctx.config);
        const outcome = await service.claim({ uid: user.uid, level: user.level }, country);
        if (outcome.kind === 'unavailable') {
          throw new ApiFailure(403, API_CODES.CHECKIN_UNAVAILABLE, unavailableMessage(options.countries));
        }
        request.log.info({ uid: user.uid, outcome: outcome.kind }, 'check-in claim');
        return resultOf(outcome, country, options.now());
      },
    );
  };
}

export function checkinModule(options?: CheckinOptions): ApiModuleDefinition {
  return { name: 'checkin', plugin: checkinPlugin(options), migrationsDir: path.join(__dirname, 'migrations') };
}
