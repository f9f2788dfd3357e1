/** The explore routes: the gallery and its detail for everyone; report, publish, unpublish, like and state signed in. */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { EXPLORE_PAGE_SIZE, REPORT_OTHER_MAX, type LikeValue } from 'shared-contracts';
import { defineCall } from '../../define-call.js';
import type { ModuleContext } from '../types.js';
import type { ExploreService } from './explore-service.js';
import { ExploreEntrySchema, TaskStateSchema, paged } from './schemas.js';

const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });

const secured = { tags: ['explore'], security: [{ bearer: [] }] };

export const exploreRoutes: FastifyPluginAsync<{ ctx: ModuleContext; explore: ExploreService }> = async (scope, { ctx, explore }) => {
  galleryCalls(scope, ctx, explore);
  viewerCalls(scope, ctx, explore);
  authorCalls(scope, ctx, explore);
};

/** The gallery and an item's detail, for everyone (what a signed-in viewer reported stays out of their view). */
function galleryCalls(scope: FastifyInstance, ctx: ModuleContext, explore: ExploreService): void {
  const anyone = { preHandler: ctx.auth.optionalAuth };
  const uid = (request: { user: { uid: string } | null }) => request.user?.uid ?? null;

  defineCall(
    scope,
    'GET /v1/workflow/explore/list',
    {
      ...anyone,
      schema: {
        tags: ['explore'],
        summary: 'The explore gallery, newest first (media filter, recommend flag); a reporter never sees what they reported',
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
          page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          media: Type.Optional(Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio'), Type.Literal('')])),
          recommend: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
        }),
        response: paged(ExploreEntrySchema),
      },
    },
    async ({ query: q, user }) =>
      explore.list({ page: q.page ?? 1, pageSize: q.page_size ?? EXPLORE_PAGE_SIZE, media: q.media || undefined, recommend: q.recommend === 1 }, user?.uid ?? null),
  );

  defineCall(
    scope,
    'GET /v1/workflow/explore/info',
    {
      ...anyone,
      schema: {
        tags: ['explore'],
        summary: "An explore item with its prompt, settings and author (the author also gets views and 'made with')",
        querystring: Type.Object({ id: Id }),
        response: ExploreEntrySchema,
      },
    },
    async (request) => explore.info(request.query.id, uid(request)),
  );
}

/** What a signed-in viewer does to an item: report it, like it or take the like back. */
function viewerCalls(scope: FastifyInstance, ctx: ModuleContext, explore: ExploreService): void {
  const signedIn = { preHandler: ctx.auth.authenticate };

  defineCall(
    scope,
    'POST /v1/explore/report',
    {
      ...signedIn,
      schema: {
        ...secured,
        summary: 'Reports an item (once per user; several reporters hide it until reviewed; the reporter no longer sees it)',
        body: Type.Object({ explore_id: Id, reason: Type.String({ maxLength: 80 }), other: Type.Optional(Type.String({ maxLength: REPORT_OTHER_MAX })) }),
        response: Type.Null(),
      },
    },
    async (request) => {
      await explore.report(request.user!.uid, request.body.explore_id, request.body.reason, request.body.other ?? '');
      return null;
    },
  );

  defineCall(
    scope,
    'POST /v1/explore/like',
    {
      ...signedIn,
      schema: {
        ...secured,
        summary: 'Likes (1) an item, or takes the like back (0 or -1)',
        body: Type.Object({ explore_id: Id, like: Type.Union([Type.Literal(1), Type.Literal(0), Type.Literal(-1)]) }),
        response: Type.Object({ likes: Type.Integer(), liked: Type.Union([Type.Literal(1), Type.Literal(0), Type.Literal(-1)]) }),
      },
    },
    async (request) => explore.like(request.user!.uid, request.body.explore_id, request.body.like as LikeValue),
  );
}

/** An author's items: publishing a result to the gallery, taking it out, which of their tasks are published. */
function authorCalls(scope: FastifyInstance, ctx: ModuleContext, explore: ExploreService): void {
  const signedIn = { preHandler: ctx.auth.authenticate };

  defineCall(
    scope,
    'POST /v1/explore/publish',
    {
      ...signedIn,
      schema: {
        ...secured,
        summary: "Publishes one of the caller's successful results to Explore (the text checks run first)",
        body: Type.Object({ task_id: Type.String({ maxLength: 64 }), output: Type.Optional(Type.Integer({ minimum: 0, maximum: 7 })), title: Type.Optional(Type.String({ maxLength: 80 })) }),
        response: ExploreEntrySchema,
      },
    },
    async (request) => explore.publish(request.user!.uid, request.body.task_id, request.body.output ?? 0, request.body.title),
  );

  defineCall(
    scope,
    'POST /v1/explore/unpublish',
    { ...signedIn, schema: { ...secured, summary: 'Takes one of the caller’s items out of the gallery', body: Type.Object({ explore_id: Id }), response: Type.Null() } },
    async (request) => {
      await explore.unpublish(request.user!.uid, request.body.explore_id);
      return null;
    },
  );

  defineCall(
    scope,
    'POST /v1/explore/state',
    {
      ...signedIn,
      schema: {
        ...secured,
        summary: "Which of the caller's tasks are published (My Creations, Generate List)",
        body: Type.Object({ task_ids: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100 }) }),
        response: Type.Array(TaskStateSchema),
      },
    },
    async (request) => explore.state(request.user!.uid, request.body.task_ids),
  );
}
