/**
 * The gateway as its own process, for deployments where every app and service runs apart (see
 * docker-compose.yml): it serves the shell and `/remotes.json`, and forwards /v1 and /api to the product
 * API and /account to the account service.
 *   GATEWAY_PORT (8080), GATEWAY_HOST (0.0.0.0), API_URL (http://api:8120), ACCOUNT_URL (http://account:8130),
 *   REMOTES_JSON (a remotes.json naming each remote container's manifest), the shell config variables of
 *   compose.ts (ACCOUNT_ORIGIN, COOKIE_DOMAIN, APP_ENV, ...).
 * `npm start` does not use this file: it runs everything in one process (compose.ts).
 */
import path from 'node:path';
import httpProxy from '@fastify/http-proxy';
import { parseTrustProxy } from '@studio/db';
import { createGateway } from './server.js';
import { parseOrigins } from './security.js';
import { shellConfigFromEnv } from './compose.js';
import { proxyReplyOptions } from './upstream.js';

async function main(): Promise<void> {
  const env = process.env;
  const apiUrl = env.API_URL ?? 'http://api:8120';
  const accountUrl = env.ACCOUNT_URL ?? 'http://account:8130';
  const app = await createGateway({
    rootDir: path.resolve(__dirname, '../../..'),
    logger: true,
    shellConfig: shellConfigFromEnv(env),
    remotesJsonPath: env.REMOTES_JSON,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    embedOrigins: parseOrigins(env.EMBED_ORIGINS),
    mountServices: async (gateway) => {
      // the services see the visitor (written, never appended: see upstream.ts); an outage is a 502/503 envelope
      const replyOptions = proxyReplyOptions;
      for (const prefix of ['/v1', '/api']) {
        await gateway.register(httpProxy, { upstream: apiUrl, prefix, rewritePrefix: prefix, replyOptions });
      }
      await gateway.register(httpProxy, { upstream: accountUrl, prefix: '/account', rewritePrefix: '/account', replyOptions });
    },
  });
  await app.listen({ port: Number(env.GATEWAY_PORT ?? 8080), host: env.GATEWAY_HOST ?? '0.0.0.0' });
}

main().catch((error: unknown) => {
  console.error('[gateway] failed to start:', error);
  process.exit(1);
});
