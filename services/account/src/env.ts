/**
 * Every setting of the account service, one TypeBox schema, checked once at start (checkEnv of @studio/db:
 * env-schema): a bad value stops the start with the setting's name and value. config.ts reads the checked values;
 * nothing else reads the environment.
 */
import { Type, type Static } from '@sinclair/typebox';
import { checkEnv } from '@studio/db';
import { MAX_RATE_WINDOW_MS } from '@studio/db/rate-counter';

const text = () => Type.Optional(Type.String());
const count = () => Type.Optional(Type.Integer({ minimum: 1 }));
const millis = () => Type.Optional(Type.Integer({ minimum: 0 }));

const AccountEnvSchema = Type.Object({
  NODE_ENV: text(),
  ACCOUNT_PORT: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
  ACCOUNT_HOST: text(),
  TRUST_PROXY: text(),
  DATABASE_URL: text(),
  ACCOUNT_PGLITE_DATA_DIR: text(),
  DB_CONNECT_TIMEOUT_MS: millis(),
  DB_STATEMENT_TIMEOUT_MS: millis(),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: millis(),
  DB_QUERY_TIMEOUT_MS: millis(),
  ACCOUNT_SEED_DEMO: Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')])),
  ACCOUNT_CLIENT_ID: text(),
  ACCOUNT_CLIENT_NAME: text(),
  ACCOUNT_CLIENT_SECRET: text(),
  ACCOUNT_TOKEN_SECRET: text(),
  ACCOUNT_ALLOWED_ORIGINS: text(),
  ACCOUNT_REDIRECT_URIS: text(),
  ACCOUNT_CLIENT_EVENTS_URL: text(),
  ACCOUNT_ISSUER: text(),
  ACCOUNT_PUBLIC_ORIGIN: text(),
  ACCOUNT_COOKIE_SECURE: Type.Optional(Type.Union(['0', '1', 'true', 'false', 'auto'].map((value) => Type.Literal(value)))),
  ACCOUNT_COUNTRY_HEADER: text(),
  COUNTRY_HEADER: text(),
  ACCOUNT_LOGIN_PER_IP: count(),
  ACCOUNT_FAILURES_PER_EMAIL: count(),
  ACCOUNT_REGISTER_PER_IP: count(),
  ACCOUNT_RESET_PER_IP: count(),
  ACCOUNT_RESET_PER_EMAIL: count(),
  ACCOUNT_VERIFY_PER_EMAIL: count(),
  // the one rate counter keeps a window at most two days
  ACCOUNT_RATE_WINDOW_MS: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RATE_WINDOW_MS })),
  ACCOUNT_TERMS_URL: text(),
  ACCOUNT_PRIVACY_URL: text(),
  ACCOUNT_STUDIO_URL: text(),
  ACCOUNT_OIDC_SIGNING_KEY: text(),
  SMTP_URL: text(),
  MAIL_FROM: text(),
  MAIL_MAX_ATTEMPTS: count(),
});

export type AccountEnv = Static<typeof AccountEnvSchema>;

export function checkAccountEnv(env: NodeJS.ProcessEnv): AccountEnv {
  return checkEnv<AccountEnv>(AccountEnvSchema, env);
}
