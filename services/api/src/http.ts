/**
 * The envelope every answer travels in ({code, msg, data, trace_id}), the failures routes throw, and the
 * error and not-found handlers that turn anything into an envelope (never a stack trace).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyTypeProvider } from 'fastify';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { API_CODES, USER_TEXTS, type ApiEnvelope } from 'shared-contracts';
import { AccountClientError } from './account-client.js';
import { HoldStateError, InsufficientCreditsError } from './modules/credits/ledger.js';

/** Fastify type provider for @sinclair/typebox schemas (request and reply types follow the schemas). */
export interface TypeBoxProvider extends FastifyTypeProvider {
  validator: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
  serializer: this['schema'] extends TSchema ? Static<this['schema']> : unknown;
}

/** A failure a route throws on purpose: HTTP status, envelope code and a message for people. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: number;
  readonly data: unknown;
  constructor(status: number, code: number, message: string, data: unknown = null) {
    super(message);
    this.name = 'ApiFailure';
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

export const fail = {
  badRequest: (message: string) => new ApiFailure(400, API_CODES.BAD_REQUEST, message),
  unauthorized: (message = 'Please sign in to continue') => new ApiFailure(401, API_CODES.UNAUTHORIZED, message),
  sessionInvalid: (message = USER_TEXTS.LOGGED_OUT) => new ApiFailure(401, API_CODES.SESSION_INVALID, message),
  notFound: (message: string) => new ApiFailure(404, API_CODES.NOT_FOUND, message),
};

/** The envelope schema around a data schema, for route response schemas and the OpenAPI document. */
export function envelope<T extends TSchema>(data: T) {
  return Type.Object({
    code: Type.Integer({ description: '0 is success; any other value is a failure' }),
    msg: Type.String(),
    message: Type.Optional(Type.String({ description: 'same as msg, for older callers' })),
    data,
    trace_id: Type.String({ description: 'the request id, also in the x-trace-id header and the logs' }),
  });
}

export const ErrorEnvelope = Type.Object(
  {
    code: Type.Integer(),
    msg: Type.String(),
    message: Type.Optional(Type.String()),
    data: Type.Unknown(),
    trace_id: Type.String(),
  },
  { description: 'a failure: non-zero code and a message' },
);

/** Response schemas of a route: its envelope on 200 and the error envelope otherwise. */
export function responses<T extends TSchema>(data: T) {
  return {
    200: envelope(data),
    '4xx': ErrorEnvelope,
    '5xx': ErrorEnvelope,
  };
}

export function ok<T>(request: FastifyRequest, data: T): ApiEnvelope<T> {
  return { code: API_CODES.OK, msg: 'ok', message: 'ok', data, trace_id: String(request.id) };
}

function failureEnvelope(request: FastifyRequest, code: number, msg: string, data: unknown = null): ApiEnvelope<unknown> {
  return { code, msg, message: msg, data, trace_id: String(request.id) };
}

function sendFailure(request: FastifyRequest, reply: FastifyReply, status: number, code: number, msg: string, data: unknown = null) {
  return reply.code(status).send(failureEnvelope(request, code, msg, data));
}

/** Accepts an incoming x-trace-id when it looks like an id; otherwise the caller makes a new one. */
export function incomingTraceId(value: string | string[] | undefined): string | null {
  const id = Array.isArray(value) ? value[0] : value;
  return id && /^[A-Za-z0-9._:-]{1,128}$/.test(id) ? id : null;
}

function validationMessage(error: FastifyError): string {
  const first = error.validation?.[0];
  const where = error.validationContext ?? 'request';
  if (!first) return `Invalid request: ${error.message}`;
  const field = first.instancePath ? `${where}${first.instancePath.replace(/\//g, '.')}` : where;
  const params = first.params as Record<string, unknown>;
  if (first.keyword === 'required') return `Invalid request: ${where}.${String(params.missingProperty)} is required`;
  if (first.keyword === 'additionalProperties') {
    return `Invalid request: ${field} has an unknown property ${String(params.additionalProperty)}`;
  }
  return `Invalid request: ${field} ${first.message ?? 'is invalid'}`;
}

/** The deepest JSON body the API reads; deeper ones are refused before any handler (or PostgreSQL's jsonb) sees them. */
const MAX_JSON_DEPTH = 32;

/** How deep a parsed JSON value nests (arrays and objects), walked without recursion. */
function jsonDepth(value: unknown, stopAt = Infinity): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth);
    if (deepest > stopAt) return deepest;
    for (const child of Array.isArray(item) ? item : Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** PostgreSQL (or its connection) unavailable: a restart, a failover, a full connection pool. */
function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (/^(08|57P0)/.test(code) || ['53300', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE'].includes(code))) return true;
  return typeof message === 'string' && /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed/i.test(message);
}

/** Installs the envelope error handler, the trace id header, and 404 handlers for the given prefixes. */
export function installEnvelopeHandlers(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-trace-id', String(request.id));
    // answers (JSON, stored media) are what their content type says, never sniffed into something else
    reply.header('x-content-type-options', 'nosniff');
  });

  // Fastify's own JSON parser (prototype poisoning refused), plus a bound on nesting
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parseJson(request, typeof body === 'string' ? body : body.toString('utf8'), (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      if (jsonDepth(value, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
        return done(new ApiFailure(400, API_CODES.BAD_REQUEST, `Invalid request: the body nests deeper than ${MAX_JSON_DEPTH} levels`), undefined);
      }
      done(null, value);
    });
  });

  app.setErrorHandler((error: FastifyError | Error, request, reply) => {
    if (error instanceof ApiFailure) {
      if (error.status >= 500) request.log.error({ err: error }, error.message);
      const retryAfter = (error.data as { retry_after?: unknown } | null)?.retry_after;
      if (error.status === 429 && typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return sendFailure(request, reply, error.status, error.code, error.message, error.data);
    }
    if (error instanceof InsufficientCreditsError) {
      return sendFailure(request, reply, 402, error.code, error.message, { required: error.required, available: error.available });
    }
    if (error instanceof HoldStateError) {
      return sendFailure(request, reply, 409, API_CODES.CONFLICT, error.message);
    }
    if (error instanceof AccountClientError) {
      request.log.error({ err: error }, 'account service failure outside the token exchange');
      return sendFailure(request, reply, 502, API_CODES.INTERNAL, USER_TEXTS.NETWORK);
    }
    const fastifyError = error as FastifyError;
    if (fastifyError.validation) {
      return sendFailure(request, reply, 400, API_CODES.BAD_REQUEST, validationMessage(fastifyError));
    }
    const status = fastifyError.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, wrong content type, body too large): their messages are plain
      const code = status === 429 ? API_CODES.TOO_MANY_REQUESTS : status === 404 ? API_CODES.NOT_FOUND : API_CODES.BAD_REQUEST;
      return sendFailure(request, reply, status, code, fastifyError.message);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return sendFailure(request, reply, 503, 503, USER_TEXTS.NETWORK);
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendFailure(request, reply, 500, API_CODES.INTERNAL, USER_TEXTS.UNKNOWN);
  });
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  const pathname = request.url.split('?')[0];
  return sendFailure(request, reply, 404, API_CODES.NOT_FOUND, `Not found: ${request.method} ${pathname}`);
}

/**
 * 404 envelopes in a scope. With `catchAll` (the /v1 and /api scopes) a wildcard route answers too, so a
 * host app's own wildcard (a static file server at /*) cannot swallow unknown API paths.
 */
export function installNotFound(scope: FastifyInstance, options: { catchAll?: boolean } = {}): void {
  scope.setNotFoundHandler(notFound);
  if (options.catchAll) scope.all('/*', { schema: { hide: true } }, notFound);
}
