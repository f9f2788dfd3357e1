/** Template, effect, example and prompt-sample routes, and the template run (POST /v1/workflow/direct). */
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { Type } from '@sinclair/typebox';
import { EXAMPLES_PAGE_SIZE, TEMPLATES_PAGE_SIZE, type ApiEnvelope, type Task } from 'shared-contracts';
import { defineCall } from '../../define-call.js';
import { ApiFailure } from '../../http.js';
import { TaskSchema } from '../tasks/index.js';
import type { ModuleContext } from '../types.js';
import { DemoSchema, SampleSchema, TemplateSchema, TemplateTagSchema, paged } from './schemas.js';
import type { TemplateService } from './template-service.js';

const FunModule = Type.Union([Type.Literal('template'), Type.Literal('effect')]);
// 'audio': the music templates, listed only when asked for (the music form's picker)
const Tag = Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio')]);
const Key = Type.String({ minLength: 1, maxLength: 64 });

const tags = ['templates'];

export const templateRoutes: FastifyPluginAsync<{ ctx: ModuleContext; templates: TemplateService }> = async (scope, { ctx, templates }) => {
  templateListCalls(scope, templates);
  templateRunCall(scope, ctx, templates);
  screenExampleCalls(scope, templates);
};

/** Browsing: templates and effects a page at a time, their tags and categories, one template, the recommended. */
function templateListCalls(scope: FastifyInstance, templates: TemplateService): void {
  defineCall(
    scope,
    'GET /v1/workflow/list',
    {
      schema: {
        tags,
        summary: 'Templates or effects, 25 a page (fun_category 0 or none: all of the media)',
        querystring: Type.Object({
          page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
          page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
          fun_module: Type.Optional(FunModule),
          fun_category: Type.Optional(Type.Integer({ minimum: 0 })),
          media: Type.Optional(Tag),
        }),
        response: paged(TemplateSchema),
      },
    },
    async (request) => {
      const q = request.query;
      return templates.page({ funModule: q.fun_module ?? 'template', category: q.fun_category, media: q.media, page: q.page ?? 1, pageSize: q.page_size ?? TEMPLATES_PAGE_SIZE });
    },
  );

  defineCall(
    scope,
    'GET /v1/workflow/ct/list',
    {
      schema: {
        tags,
        summary: "Template tags (video, image; audio only when asked for) with their categories ('All' first), each with its first page of 25",
        querystring: Type.Object({ fun_module: Type.Optional(FunModule), media: Type.Optional(Tag) }),
        response: Type.Array(TemplateTagSchema),
      },
    },
    async (request) => templates.categories(request.query.fun_module ?? 'template', request.query.media),
  );

  defineCall(
    scope,
    'GET /v1/workflow/info',
    { schema: { tags, summary: 'One template', querystring: Type.Object({ tpl_id: Type.Integer({ minimum: 1 }) }), response: TemplateSchema } },
    async (request) => templates.info(request.query.tpl_id),
  );

  defineCall(
    scope,
    'GET /v1/recommend/tpl',
    {
      schema: {
        tags,
        summary: 'Recommended templates of a tag (video, image, effect); action_conf=hot&action_conf_value=1 keeps the HOT ones',
        querystring: Type.Object({ tag: Type.String({ maxLength: 16 }), action_conf: Type.Optional(Type.String({ maxLength: 32 })), action_conf_value: Type.Optional(Type.String({ maxLength: 32 })) }),
        response: Type.Array(TemplateSchema),
      },
    },
    async (request) => {
      const hot = request.query.action_conf === 'hot' && request.query.action_conf_value !== '0';
      return templates.recommend(request.query.tag, hot);
    },
  );
}

/** A template run: its request fields and the caller's inputs through the very create call every screen makes. */
function templateRunCall(scope: FastifyInstance, ctx: ModuleContext, templates: TemplateService): void {
  defineCall(
    scope,
    'POST /v1/workflow/direct',
    {
      preHandler: ctx.auth.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: "Runs a template: its request fields plus the caller's inputs become a task through the create call (credits, queue, plan rights)",
        body: Type.Object({
          tpl_id: Type.Integer({ minimum: 1 }),
          data: Type.Record(Type.String({ maxLength: 32 }), Type.String({ maxLength: 2000 }), { maxProperties: 8 }),
          expected_cost: Type.Optional(Type.Integer({ minimum: 0 })),
        }),
        response: TaskSchema,
      },
    },
    async (request) => {
      const { algorithm, body } = await templates.directPayload(request.body.tpl_id, request.body.data);
      // the very create call every screen makes, with the caller's own session: one path for credits, the queue and plan rights
      const response = await scope.inject({
        method: 'POST',
        url: `/v1/ai/create/${encodeURIComponent(algorithm)}`,
        headers: { authorization: request.headers.authorization ?? '', 'x-trace-id': String(request.id), 'content-type': 'application/json' },
        payload: { ...body, expected_cost: request.body.expected_cost },
      });
      const answer = response.json() as ApiEnvelope<Task>;
      if (answer.code !== 0) throw new ApiFailure(response.statusCode, answer.code, answer.msg, answer.data);
      await templates.countUse(request.body.tpl_id);
      return answer.data;
    },
  );
}

/** A creation screen's examples and prompt samples. */
function screenExampleCalls(scope: FastifyInstance, templates: TemplateService): void {
  defineCall(
    scope,
    'GET /v1/common/demo/list',
    {
      schema: {
        tags,
        summary: "A creation screen's examples, 20 a page (a shorter page is the last)",
        querystring: Type.Object({ key: Key, page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })), page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })) }),
        response: Type.Array(DemoSchema),
      },
    },
    async (request) => templates.demos(request.query.key, request.query.page ?? 1, request.query.page_size ?? EXAMPLES_PAGE_SIZE),
  );

  defineCall(
    scope,
    'GET /v1/common/prompt_sample',
    { schema: { tags, summary: "A creation screen's prompt samples", querystring: Type.Object({ key: Key }), response: Type.Array(SampleSchema) } },
    async (request) => templates.samples(request.query.key),
  );
}
