/**
 * The gateway in front of services that run apart: what it tells them about the client, and what the
 * browser gets when a service is down.
 *
 * Forwarding headers are written, never appended to: a client-sent X-Forwarded-For, Forwarded or
 * X-Real-IP would otherwise reach a service that trusts one hop (the gateway) as if the gateway had seen
 * it. The address written is the one the gateway itself believes (its own TRUST_PROXY hop count).
 *
 * An unreachable or failing upstream answers 502 or 503 in the API envelope, with the user's text and no
 * upstream address (Fastify's default names the host and port it tried).
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyHttpProxyOptions } from '@fastify/http-proxy';
import { API_CODES, USER_TEXTS } from 'shared-contracts';

type ForwardingRequest = Pick<FastifyRequest, 'ip' | 'protocol' | 'host'>;

const CLIENT_SET = ['forwarded', 'x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-forwarded-port', 'x-real-ip', 'x-client-ip'];

function forwardingHeaders(request: ForwardingRequest, headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const next: IncomingHttpHeaders = { ...headers };
  for (const name of CLIENT_SET) delete next[name];
  next['x-forwarded-for'] = request.ip;
  next['x-forwarded-proto'] = request.protocol;
  next['x-forwarded-host'] = request.host;
  return next;
}

/** 503 when nothing answers at the upstream's address (it is down or restarting), 502 otherwise. */
function upstreamStatus(error: { statusCode?: number; code?: string; cause?: unknown }): 502 | 503 | 504 {
  const cause = error.cause as { code?: string } | undefined;
  const code = cause?.code ?? error.code ?? '';
  if (error.statusCode === 504 || /TIMEOUT/.test(code)) return 504;
  if (error.statusCode === 503 || ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code)) return 503;
  return 502;
}

function upstreamFailure(traceId: string, status: number) {
  return { code: status, msg: USER_TEXTS.NETWORK, message: USER_TEXTS.NETWORK, data: null, trace_id: traceId };
}

type ReplyOptions = NonNullable<FastifyHttpProxyOptions['replyOptions']>;

/**
 * Options for @fastify/http-proxy's replyOptions: forwarding headers, and on an upstream failure the
 * envelope instead of reply-from's error (which carries the upstream's address).
 */
export const proxyReplyOptions: ReplyOptions = {
  rewriteRequestHeaders: (request, headers) => forwardingHeaders(request, headers),
  onError: (reply, { error }) => {
    const failure = error as Error & { statusCode?: number; code?: string };
    const status = upstreamStatus(failure);
    reply.request.log.warn({ err: failure.cause ?? failure }, 'upstream failed');
    if (status === 503) reply.header('retry-after', '5');
    void reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(upstreamFailure(String(reply.request.id), status));
  },
};

/** Errors of the gateway's own routes: the envelope, and never an internal message on a 5xx. */
export function installGatewayErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'gateway error');
      return reply.code(status).send({ code: API_CODES.INTERNAL, msg: USER_TEXTS.UNKNOWN, message: USER_TEXTS.UNKNOWN, data: null, trace_id: String(request.id) });
    }
    return reply.code(status).send({ code: status, msg: error.message, message: error.message, data: null, trace_id: String(request.id) });
  });
}
