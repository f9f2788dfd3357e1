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
import { createGateway } from './server.js';
import { shellConfigFromEnv } from './compose.js';
import { loadGatewaySettings } from './env.js';
import { proxyReplyOptions } from './upstream.js';

async function main(): Promise<void> {
  // read once, checked: a bad setting stops here with its name
  const { apiUrl, accountUrl, ...settings } = loadGatewaySettings(process.env);
  const app = await createGateway({
    rootDir: path.resolve(__dirname, '../../..'),
    logger: true,
    shellConfig: shellConfigFromEnv(process.env),
    remotesJsonPath: settings.remotesJsonPath,
    trustProxy: settings.trustProxy,
    embedOrigins: settings.embedOrigins,
    mountServices: async (gateway) => {
      // the services see the visitor (written, never appended: see upstream.ts); an outage is a 502/503 envelope
      const replyOptions = proxyReplyOptions;
      for (const prefix of ['/v1', '/api']) {
        await gateway.register(httpProxy, { upstream: apiUrl, prefix, rewritePrefix: prefix, replyOptions });
      }
      await gateway.register(httpProxy, { upstream: accountUrl, prefix: '/account', rewritePrefix: '/account', replyOptions });
    },
  });
  await app.listen({ port: settings.port, host: settings.host });
}

main().catch((error: unknown) => {
  console.error('[gateway] failed to start:', error);
  process.exit(1);
});
