/**
 * Routes declared against the contract's call keys (shared-contracts ApiCallMap):
 *
 *   defineCall(app, 'POST /v1/ai/create/{algorithm}', { schema: { params, body, response: TaskSchema }, preHandler: auth.authenticate },
 *     async (request) => createTask(request.params.algorithm, request.body));
 *
 * The server path comes from the key ({param} -> :param), so a route cannot drift from the path the client
 * calls; `schema.response` is the schema of the answer's `data` and must be the same type as the call's data
 * in the contract (both ways assignable), and the handler answers that data (defineCall wraps it in the
 * envelope). A drifting path, schema or answer fails `tsc`.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  preHandlerHookHandler,
} from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { ApiCallData, ApiCallKey } from 'shared-contracts';
import { ok, responses, type TypeBoxProvider } from './http.js';

/** true when A and B are assignable both ways (a schema's Static and the contract's type are the same). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The HTTP method of a call key: 'POST /v1/x' -> 'POST'. */
export type CallMethod<K extends string> = K extends `${infer M} ${string}` ? M : never;
/** The contract path of a call key: 'GET /v1/ai/cost/{algorithm}' -> '/v1/ai/cost/{algorithm}'. */
export type CallPath<K extends string> = K extends `${string} ${infer P}` ? P : never;
/** A contract path as Fastify serves it: '/v1/ai/result/{kind}/{id}' -> '/v1/ai/result/:kind/:id'. */
export type ServerPath<P extends string> = P extends `${infer Head}{${infer Name}}${infer Rest}` ? `${Head}:${Name}${ServerPath<Rest>}` : P;

/** The route schema of a call: Fastify's (params, querystring, body, OpenAPI fields) with `response` the data schema. */
export type CallSchema = Omit<FastifySchema, 'response'> & { response: TSchema };

/** The request a call's handler gets: body, query and params typed by the schema (TypeBox). */
export type CallRequest<S extends CallSchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  Omit<S, 'response'>,
  TypeBoxProvider
>;

export interface CallOptions<S extends CallSchema> {
  schema: S;
  preHandler?: preHandlerHookHandler | preHandlerHookHandler[];
  /** the last {param} takes the rest of the path, slashes included (served as `*`, read as params['*']) */
  tail?: boolean;
  /** further methods answering the same path with the same handler (an older client's GET) */
  alsoMethods?: HTTPMethods[];
  /** the largest body this call takes, when not the server's default */
  bodyLimit?: number;
}

/** Present only when the response schema differs from the contract: the object literal then misses it. */
type ResponseCheck<K extends ApiCallKey, S extends CallSchema> =
  Same<Static<S['response']>, ApiCallData<K>> extends true ? unknown : { responseSchemaDriftsFromContract: ApiCallData<K> };

export type CallHandler<K extends ApiCallKey, S extends CallSchema> = (request: CallRequest<S>, reply: FastifyReply) => Promise<ApiCallData<K>>;

/** The server path of a call key at run time ({param} -> :param; with tail, the last one -> *). */
export function serverPathOf(key: string, options: { tail?: boolean } = {}): { method: HTTPMethods; url: string } {
  const space = key.indexOf(' ');
  const method = key.slice(0, space) as HTTPMethods;
  let path = key.slice(space + 1);
  if (options.tail) {
    const last = /\{[^}/]+\}$/.exec(path);
    if (!last) throw new Error(`${key}: a tail call must end with a {param}`);
    path = `${path.slice(0, last.index)}*`;
  }
  return { method, url: path.replace(/\{([^}/]+)\}/g, ':$1') };
}

/** Registers the route of one contract call (see the top of this file). */
export function defineCall<K extends ApiCallKey, S extends CallSchema>(
  scope: FastifyInstance,
  key: K,
  options: CallOptions<S> & ResponseCheck<K, S>,
  handler: CallHandler<K, S>,
): void {
  const { method, url } = serverPathOf(key, options);
  const { response, ...schema } = options.schema;
  const routeSchema: FastifySchema = { ...schema, response: responses(response) };
  // the route is registered untyped: the types above already bind request, schema and answer to the contract
  scope.route({
    method: options.alsoMethods ? [method, ...options.alsoMethods] : method,
    url,
    schema: routeSchema,
    preHandler: options.preHandler,
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => ok(request, await handler(request as unknown as CallRequest<S>, reply)),
  });
}
