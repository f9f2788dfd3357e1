/**
 * The gateway's own settings (main.ts, on its own; serve-remote.ts, one remote's files), one TypeBox schema each,
 * checked once at start (checkEnv of @studio/db: env-schema): a bad value stops the start with the setting's name.
 * The composed product (compose.ts) reads the API's and the account service's through their own schemas; the
 * shell's runtime config (free texts) is compose.ts shellConfigFromEnv.
 */
import path from 'node:path';
import { Type, type Static } from '@sinclair/typebox';
import { checkEnv, parseTrustProxy, type ProxyTrust } from '@studio/db';
import { parseOrigins } from './security.js';
import { REMOTE_PACKAGES } from './web.js';

const text = () => Type.Optional(Type.String());
const port = () => Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 }));

const GatewayEnvSchema = Type.Object({
  GATEWAY_PORT: port(),
  GATEWAY_HOST: text(),
  API_URL: text(),
  ACCOUNT_URL: text(),
  REMOTES_JSON: text(),
  TRUST_PROXY: text(),
  EMBED_ORIGINS: text(),
});

export interface GatewaySettings {
  port: number;
  host: string;
  apiUrl: string;
  accountUrl: string;
  remotesJsonPath?: string;
  trustProxy: ProxyTrust | undefined;
  embedOrigins: ReturnType<typeof parseOrigins>;
}

/** The gateway on its own (main.ts): GATEWAY_PORT (8080), GATEWAY_HOST (0.0.0.0), API_URL, ACCOUNT_URL, ... */
export function loadGatewaySettings(raw: NodeJS.ProcessEnv = process.env): GatewaySettings {
  const env = checkEnv<Static<typeof GatewayEnvSchema>>(GatewayEnvSchema, raw);
  return {
    port: env.GATEWAY_PORT ?? 8080,
    host: env.GATEWAY_HOST ?? '0.0.0.0',
    apiUrl: env.API_URL ?? 'http://api:8120',
    accountUrl: env.ACCOUNT_URL ?? 'http://account:8130',
    remotesJsonPath: env.REMOTES_JSON,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    embedOrigins: parseOrigins(env.EMBED_ORIGINS),
  };
}

const RemoteServerEnvSchema = Type.Object({
  REMOTE: Type.Union(Object.keys(REMOTE_PACKAGES).map((name) => Type.Literal(name))),
  REMOTE_DIR: text(),
  PORT: port(),
  HOST: text(),
});

/** One remote's file server (serve-remote.ts): REMOTE (required), REMOTE_DIR, PORT (8200), HOST (0.0.0.0). */
export function loadRemoteServerSettings(raw: NodeJS.ProcessEnv = process.env): { remote: string; root: string; port: number; host: string } {
  const env = checkEnv<Static<typeof RemoteServerEnvSchema>>(RemoteServerEnvSchema, raw);
  return {
    remote: env.REMOTE,
    root: env.REMOTE_DIR ? path.resolve(env.REMOTE_DIR) : path.resolve(__dirname, '../../..', env.REMOTE, 'dist'),
    port: env.PORT ?? 8200,
    host: env.HOST ?? '0.0.0.0',
  };
}
