import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { registerWeb, type WebOptions } from './web.js';

export interface GatewayOptions extends Omit<WebOptions, 'servicePrefixes'> {
  /** mount the services (product API, account service) onto the app */
  mountServices?: (app: FastifyInstance) => Promise<void>;
  logger?: boolean;
}

export const SERVICE_PREFIXES = ['/v1', '/api', '/account'];

export async function createGateway(options: GatewayOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    genReqId: (request) => (request.headers['x-trace-id'] as string | undefined) ?? randomUUID(),
    trustProxy: process.env.TRUST_PROXY === '1',
  });
  if (options.mountServices) await options.mountServices(app);
  await registerWeb(app, { ...options, servicePrefixes: SERVICE_PREFIXES });
  return app;
}
