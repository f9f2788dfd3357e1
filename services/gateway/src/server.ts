import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { ProxyTrust } from '@studio/db';
import { createRemotesSource } from './remotes-source.js';
import { registerWeb, type WebOptions } from './web.js';
import { registerSecurityHeaders } from './security.js';
import { installGatewayErrors } from './upstream.js';

export interface GatewayOptions extends Omit<WebOptions, 'servicePrefixes'> {
  /** mount the services (product API, account service) onto the app */
  mountServices?: (app: FastifyInstance) => Promise<void>;
  /** true for pino's defaults, or pino options (a level, a stream) */
  logger?: FastifyServerOptions['logger'];
  /** proxies in front of the gateway believed about the client address (default: TRUST_PROXY) */
  trustProxy?: ProxyTrust;
  /** origins allowed to frame the shell besides our own (default: EMBED_ORIGINS) */
  embedOrigins?: string[];
}

export const SERVICE_PREFIXES = ['/v1', '/api', '/account'];

/** An incoming x-trace-id is kept only when it looks like an id (it is echoed and logged). */
function traceIdOf(value: string | string[] | undefined): string {
  const id = Array.isArray(value) ? value[0] : value;
  return id && /^[A-Za-z0-9._:-]{1,128}$/.test(id) ? id : randomUUID();
}

export async function createGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: (request) => traceIdOf(request.headers['x-trace-id']),
    // every line a request logs names its id as the API's and the worker's lines do, so one trace id
    // finds a request from the browser through the gateway to the worker
    logController: new LogController({ requestIdLogLabel: 'trace_id' }),
    // the entry points read TRUST_PROXY and EMBED_ORIGINS (main.ts, compose.ts); unset here, nothing is believed
    trustProxy: options.trustProxy ?? false,
  });
  const remotes = createRemotesSource(options);
  await registerSecurityHeaders(app, {
    remotes,
    accountOrigin: options.shellConfig?.accountOrigin,
    apiBase: options.shellConfig?.apiBase,
    embedOrigins: options.embedOrigins ?? [],
  });
  installGatewayErrors(app);
  if (options.mountServices) await options.mountServices(app);
  await registerWeb(app, { ...options, remotes, servicePrefixes: SERVICE_PREFIXES });
  return app;
}
