/** The account service on an origin of its own (e.g. http://account.studio.test:8130). */
import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { ProxyTrust } from '@studio/db';
import { accountPlugin, type AccountPluginOptions } from './plugin.js';

export interface AccountAppOptions extends AccountPluginOptions {
  logger?: boolean;
  /** which proxies are believed about X-Forwarded-* (client IP for rate limits, https for Secure cookies):
   *  TRUST_PROXY parsed by parseTrustProxy (a hop count or their addresses); true in tests only */
  trustProxy?: ProxyTrust | true;
}

export async function buildAccountApp(opts: AccountAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: opts.trustProxy ?? false,
    genReqId: (request) => {
      const given = request.headers['x-trace-id'];
      return typeof given === 'string' && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
    },
  });
  await app.register(accountPlugin, { prefix: '/account', db: opts.db, config: opts.config, mailer: opts.mailer });
  app.get('/', async (_request, reply) => reply.redirect('/account/center', 302));
  app.get('/favicon.ico', async (_request, reply) => reply.code(204).send());
  return app;
}
