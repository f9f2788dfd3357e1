/**
 * Routes declared against the contract's call keys (shared-contracts ApiCallMap):
 *
 *   defineCall(app, 'POST /v1/ai/create/{algorithm}', { schema: { params, body, response: TaskSchema }, preHandler: auth.authenticate },
 *     async (request) => createTask(request.params.algorithm, request.body));
 *
 * The server path comes from the key ({param} -> :param), so a route cannot drift from the path the client
 * calls; `schema.response` is the schema of the answer's `data` and must be the same type as the call's data
 * in the contract (both ways assignable), and the handler answers that data (defineCall wraps it in the
 * envelope). The request is held the same way: `params`, `querystring` and `body` must take what the contract
 * lets the client send (its payload type is assignable to the schema's) and name nothing the contract does not
 * (the schema's keys are the contract's); a call whose contract payload is `void` has no such schema. A drifting
 * path, schema, request or answer fails `tsc`.
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
import type { ApiCallBody, ApiCallData, ApiCallKey, ApiCallQuery } from 'shared-contracts';
import { ok, responses, type TypeBoxProvider } from './http.js';

/** true when A and B are assignable both ways (a schema's Static and the contract's type are the same). */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The contract path of a call key: 'GET /v1/ai/cost/{algorithm}' -> '/v1/ai/cost/{algorithm}'. */
type CallPath<K extends string> = K extends `${string} ${infer P}` ? P : never;
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

/** The schema's type of one request part, `void` where the schema has none. */
type PartOf<S, Part extends string> = S extends { [P in Part]: infer T extends TSchema } ? Static<T> : void;

/**
 * A type with its literals widened ('video' | 'image' -> string): a schema may narrow a value the contract leaves
 * open (an enumeration, as it may a range or a length), but not change its kind.
 */
type Widen<T> = T extends string
  ? string
  : T extends number
    ? number
    : T extends boolean
      ? boolean
      : T extends readonly (infer E)[]
        ? Widen<E>[]
        : T extends object
          ? { [P in keyof T]: Widen<T[P]> }
          : T;

/**
 * A request part matches the contract's payload when both are void, or when what the contract lets the client send
 * is of the kind the schema takes (assignable, literals widened) and the schema names no key the contract lacks.
 */
type SamePayload<Schema, Contract> = [Schema] extends [void]
  ? [Contract] extends [void | undefined]
    ? true
    : string extends keyof Contract
      ? true // a contract of any keys (Record<string, string>): nothing to check, the handler reads none
      : false
  : [Contract] extends [void | undefined]
    ? false
    : [Widen<Contract>] extends [Widen<Schema>]
      ? [Exclude<keyof Schema, keyof Contract | TransportKeys>] extends [never]
        ? true
        : false
      : false;

/** Query keys the shell's ApiClient adds to every GET (`_t`, the cache breaker), which no call's payload names. */
type TransportKeys = '_t';

/** The path parameters of a call key: 'POST /v1/ai/del/{id}' -> 'id'. */
type CallParamNames<P extends string> = P extends `${string}{${infer Name}}${infer Rest}` ? Name | CallParamNames<Rest> : never;

/** The contract's params of a call: one string each, or void for a path without any. */
type ContractParams<K extends string> = [CallParamNames<CallPath<K>>] extends [never] ? void : { [N in CallParamNames<CallPath<K>>]: string };

/** A schema's params match when they are the key's (a tail call reads its last one as `*`). */
type SameParams<Schema, K extends string> = SamePayload<Schema, ContractParams<K>> extends true
  ? true
  : Schema extends { '*': string }
    ? true
    : false;

/** Present only when a request part of the schema differs from the contract: the object literal then misses it. */
type RequestCheck<K extends ApiCallKey, S extends CallSchema> = (SamePayload<PartOf<S, 'querystring'>, ApiCallQuery<K>> extends true
  ? unknown
  : { querySchemaDriftsFromContract: ApiCallQuery<K> }) &
  (SamePayload<PartOf<S, 'body'>, ApiCallBody<K>> extends true ? unknown : { bodySchemaDriftsFromContract: ApiCallBody<K> }) &
  (SameParams<PartOf<S, 'params'>, K> extends true ? unknown : { paramsSchemaDriftsFromContract: ContractParams<K> });

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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the contract call a route serves (set by defineCall only) */
    contractCall?: string;
  }
}

/** Registers the route of one contract call (see the top of this file). */
export function defineCall<K extends ApiCallKey, S extends CallSchema>(
  scope: FastifyInstance,
  key: K,
  options: CallOptions<S> & ResponseCheck<K, S> & RequestCheck<K, S>,
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
    // marks the route as the contract's call, so a test can tell it from a plain route at the same path
    config: { contractCall: key },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (request, reply) => ok(request, await handler(request as unknown as CallRequest<S>, reply)),
  });
}
