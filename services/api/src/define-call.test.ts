import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import type { ApiEnvelope, TaskCostResponse } from 'shared-contracts';
import { defineCall, serverPathOf, type Same, type ServerPath } from './define-call';
import { installEnvelopeHandlers, installNotFound } from './http';
import { CmsSchema } from './modules/content/schemas';

const CostSchema = Type.Object({
  algorithm: Type.String(),
  cost: Type.Integer(),
  basis: Type.String(),
  free_for_plan: Type.Boolean(),
  preview: Type.Optional(Type.Boolean()),
});
const Params = Type.Object({ algorithm: Type.String({ maxLength: 8 }) });
const MediaSchema = Type.Object({ width: Type.Integer(), height: Type.Integer(), duration: Type.Number(), format: Type.String(), size: Type.Integer() });

/**
 * Compile-time cases: `tsc` (npm test's typecheck) fails when one of these stops being an error, i.e. when
 * defineCall would accept a path, schema or answer that drifts from ApiCallMap. Never called.
 */
export function driftingCalls(app: FastifyInstance): void {
  const answer: TaskCostResponse = { algorithm: 'x', cost: 1, basis: '', free_for_plan: false };
  // @ts-expect-error a path that is no call of the contract
  defineCall(app, 'GET /v1/ai/costs/{algorithm}', { schema: { params: Params, response: CostSchema } }, async () => answer);
  defineCall(
    app,
    'GET /v1/ai/cost/{algorithm}',
    // @ts-expect-error the answer schema lacks free_for_plan, so it is not the contract's TaskCostResponse
    { schema: { params: Params, response: Type.Omit(CostSchema, ['free_for_plan']) } },
    async () => answer,
  );
  // @ts-expect-error the handler answers something other than the call's data
  defineCall(app, 'GET /v1/ai/cost/{algorithm}', { schema: { params: Params, response: CostSchema } }, async () => ({ jwt: 'x' }));
  defineCall(app, 'GET /v1/ai/cost/{algorithm}', { schema: { params: Params, response: CostSchema } }, async (request) => {
    // @ts-expect-error params are typed by the schema: there is no `kind`
    void request.params.kind;
    return answer;
  });
  // @ts-expect-error the params name another parameter than the path's {algorithm}
  defineCall(app, 'GET /v1/ai/cost/{algorithm}', { schema: { params: Type.Object({ algo: Type.String() }), response: CostSchema } }, async () => answer);
  // the contract's own shapes pass: explore_id a number, no query
  defineCall(app, 'POST /v1/explore/unpublish', { schema: { body: Type.Object({ explore_id: Type.Integer({ minimum: 1 }) }), response: Type.Null() } }, async () => null);
  defineCall(
    app,
    'POST /v1/explore/unpublish',
    // @ts-expect-error a body that drifts: the contract sends explore_id, the schema reads an id
    { schema: { body: Type.Object({ id: Type.Integer() }), response: Type.Null() } },
    async () => null,
  );
  defineCall(
    app,
    'POST /v1/explore/unpublish',
    // @ts-expect-error a body of another kind: the contract's explore_id is a number
    { schema: { body: Type.Object({ explore_id: Type.String() }), response: Type.Null() } },
    async () => null,
  );
  // @ts-expect-error a body on a call whose contract sends none
  defineCall(app, 'POST /v1/logout', { schema: { body: Type.Object({ all: Type.Boolean() }), response: Type.Null() } }, async () => null);
  // @ts-expect-error a call that sends a body served without its schema
  defineCall(app, 'POST /v1/explore/unpublish', { schema: { response: Type.Null() } }, async () => null);
  defineCall(
    app,
    'GET /v1/common/oss/mediainfo',
    // @ts-expect-error the query schema reads a key the contract does not send
    { schema: { querystring: Type.Object({ oss_path: Type.String(), width: Type.Integer() }), response: MediaSchema } },
    async () => ({ width: 1, height: 1, duration: 0, format: 'png', size: 1 }),
  );
}

describe('defineCall', () => {
  it('derives the server path from the call key, at run time and in the types', () => {
    const path: ServerPath<'/v1/ai/result/{kind}/{id}'> = '/v1/ai/result/:kind/:id';
    const same: Same<{ a: 1 }, { a: 1 }> = true;
    const differs: Same<{ a: 1 }, { a: 1; b: 2 }> = false;
    expect([path, same, differs]).toEqual(['/v1/ai/result/:kind/:id', true, false]);
    expect(serverPathOf('GET /v1/ai/result/{kind}/{id}')).toEqual({ method: 'GET', url: '/v1/ai/result/:kind/:id' });
    expect(serverPathOf('POST /v1/ai/result/batch')).toEqual({ method: 'POST', url: '/v1/ai/result/batch' });
    expect(serverPathOf('GET /api/cms-data/{path}', { tail: true })).toEqual({ method: 'GET', url: '/api/cms-data/*' });
    expect(() => serverPathOf('POST /v1/logout', { tail: true })).toThrow(/tail call/);
  });

  describe('a registered call', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = Fastify({ logger: false });
      installEnvelopeHandlers(app);
      installNotFound(app);
      defineCall(
        app,
        'GET /v1/ai/cost/{algorithm}',
        { schema: { params: Params, response: CostSchema }, alsoMethods: ['POST'] },
        async (request) => ({ algorithm: request.params.algorithm, cost: 3, basis: 'flat', free_for_plan: false, extra: 'dropped' }) as TaskCostResponse,
      );
      defineCall(
        app,
        'GET /api/cms-data/{path}',
        { schema: { params: Type.Object({ '*': Type.String() }), response: CmsSchema }, tail: true },
        async (request) => ({ success: false, data: null, error: (request.params as { '*': string })['*'] }),
      );
      await app.ready();
    });
    afterAll(async () => app.close());

    it('answers the handler data in the envelope, shaped by the response schema', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/ai/cost/t2v' });
      expect(response.statusCode).toBe(200);
      const body = response.json() as ApiEnvelope<TaskCostResponse>;
      expect(body.code).toBe(0);
      // the serializer keeps only what the contract's type has
      expect(body.data).toEqual({ algorithm: 't2v', cost: 3, basis: 'flat', free_for_plan: false });
      expect(typeof body.trace_id).toBe('string');
      expect((await app.inject({ method: 'POST', url: '/v1/ai/cost/t2v' })).json()).toMatchObject({ code: 0 });
    });

    it('validates the request by the schema before the handler runs', async () => {
      const response = await app.inject({ method: 'GET', url: '/v1/ai/cost/much-too-long' });
      expect(response.statusCode).toBe(400);
      expect((response.json() as ApiEnvelope<unknown>).msg).toMatch(/params/);
    });

    it('serves a tail parameter with its slashes', async () => {
      const body = (await app.inject({ method: 'GET', url: '/api/cms-data/a/b/c' })).json() as ApiEnvelope<{ error: string }>;
      expect(body.data.error).toBe('a/b/c');
    });
  });
});
