/**
 * The composed product in one process: web front end, product API, account service and worker. PGlite is
 * one process with one connection, so in the embedded default everything shares this process; with
 * DATABASE_URL each service can also run as its own process.
 */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createGateway } from './server.js';

export interface ProductOptions {
  rootDir: string;
  port: number;
  host: string;
  /** PGlite data folder (default <root>/.data/pglite) */
  dataDir?: string;
  logger?: boolean;
}

export interface RunningProduct {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

export function shellConfigFromEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return {
    apiBase: env.API_BASE ?? '',
    accountOrigin: env.ACCOUNT_ORIGIN ?? '',
    env: env.APP_ENV ?? (env.NODE_ENV === 'production' ? 'production' : 'development'),
    productId: env.PRODUCT_ID ?? 'ai-media-studio',
    appKey: env.OAUTH_CLIENT_ID ?? 'studio-web',
    communityInviteUrl: env.COMMUNITY_INVITE_URL ?? 'https://discord.com/invite/ai-media-studio',
    termsUrl: env.TERMS_URL ?? '/terms',
    privacyUrl: env.PRIVACY_URL ?? '/privacy',
    cookieDomain: env.COOKIE_DOMAIN ?? '',
  };
}

export async function startProduct(options: ProductOptions): Promise<RunningProduct> {
  const dataDir = options.dataDir ?? process.env.PGLITE_DATA_DIR ?? path.join(options.rootDir, '.data', 'pglite');
  void dataDir;
  const app = await createGateway({
    rootDir: options.rootDir,
    logger: options.logger,
    shellConfig: shellConfigFromEnv(process.env),
  });
  await app.listen({ port: options.port, host: options.host });
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    url: `http://${shownHost}:${options.port}`,
    app,
    async close() {
      await app.close();
    },
  };
}
