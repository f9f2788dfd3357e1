/**
 * The review queue for operators (the API's OPERATOR_UIDS): the items hidden after several reports, and
 * the verdict on one. Anyone else signed in gets 403; visitors 401.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES, REVIEW_TEXTS, type ExploreReviewItem } from 'shared-contracts';
import { defineCall } from '../../define-call.js';
import { ApiFailure } from '../../http.js';
import type { ModuleContext } from '../types.js';
import type { ReviewService } from './review-service.js';
import { ExploreEntrySchema, paged } from './schemas.js';

const ReviewItemSchema = Type.Object({
  entry: ExploreEntrySchema,
  review: Type.Union([Type.Literal('none'), Type.Literal('pending'), Type.Literal('cleared'), Type.Literal('removed')]),
  reports: Type.Integer(),
  reasons: Type.Array(Type.Object({ reason: Type.String(), count: Type.Integer() })),
  others: Type.Array(Type.String()),
  reported_at: Type.Integer(),
});
// a drift from the contract fails tsc
const same: import('@sinclair/typebox').Static<typeof ReviewItemSchema> extends ExploreReviewItem ? true : false = true;
void same;

export const reviewRoutes: FastifyPluginAsync<{ ctx: ModuleContext; review: ReviewService }> = async (scope, { ctx, review }) => {
  const secured = { tags: ['explore'], security: [{ bearer: [] }] };
  /** read at each request, so a changed list needs no new route */
  const operatorOnly = async (request: FastifyRequest) => {
    if (!ctx.config.operatorUids.includes(request.user?.uid ?? '')) throw new ApiFailure(403, API_CODES.FORBIDDEN, REVIEW_TEXTS.OPERATORS_ONLY);
  };
  const preHandler = [ctx.auth.authenticate, operatorOnly];

  defineCall(
    scope,
    'GET /v1/explore/review/list',
    {
      preHandler,
      schema: {
        ...secured,
        summary: 'Operators: the explore items hidden for review, with their reports (the longest waiting first)',
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })), page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }),
        response: paged(ReviewItemSchema),
      },
    },
    async (request) => review.queue(request.query.page ?? 1, request.query.page_size ?? 20),
  );

  defineCall(
    scope,
    'POST /v1/explore/review',
    {
      preHandler,
      schema: {
        ...secured,
        summary: "Operators: the verdict on a reported item ('cleared' returns it to the gallery, 'removed' keeps it out)",
        body: Type.Object({ explore_id: Type.Integer({ minimum: 1, maximum: 2147483647 }), verdict: Type.Union([Type.Literal('cleared'), Type.Literal('removed')]) }),
        response: ReviewItemSchema,
      },
    },
    async (request) => review.decide(request.user!.uid, request.body.explore_id, request.body.verdict),
  );
};
