/**
 * Every setting of the product API and its worker (and of the composed product the gateway runs), one TypeBox
 * schema, checked once at start (checkEnv of @studio/db: env-schema): a bad value stops the start with the
 * setting's name, `PORT must be integer (got "eighty")`, where it used to become NaN. config.ts reads the checked
 * values into the sections ctx.config hands the modules; nothing else reads the environment. ENGINE_<ALGORITHM>
 * (one per algorithm) passes through to the engines unchecked.
 */
import { Type, type Static } from '@sinclair/typebox';
import { checkEnv } from '@studio/db';
import { EngineEnvSchema } from '@studio/engines/settings';

const text = () => Type.Optional(Type.String());
const int = (minimum = 0, maximum?: number) => Type.Optional(Type.Integer({ minimum, ...(maximum === undefined ? {} : { maximum }) }));
const number = (minimum = 0) => Type.Optional(Type.Number({ minimum }));
const flag = () => Type.Optional(Type.Union([Type.Literal('0'), Type.Literal('1')]));
const port = () => int(0, 65535);

const ApiEnvSchema = Type.Object({
  NODE_ENV: text(),
  APP_ENV: text(),
  PORT: port(),
  HOST: text(),
  LOG_LEVEL: Type.Optional(Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((level) => Type.Literal(level)))),
  // the API's own (ApiCoreConfig)
  JWT_SECRET: text(),
  JWT_TTL_SECONDS: int(1),
  ACCOUNT_INTERNAL_URL: text(),
  ACCOUNT_CLIENT_ID: text(),
  ACCOUNT_CLIENT_SECRET: text(),
  ACCOUNT_RECHECK_SECONDS: int(0),
  TRUST_PROXY: text(),
  COUNTRY_HEADER: text(),
  PUBLIC_URL: text(),
  API_DOCS: flag(),
  OPERATOR_UIDS: text(),
  AB_TESTS_OFF: text(),
  // runtime: database, worker, seed
  DATABASE_URL: text(),
  PGLITE_DATA_DIR: text(),
  DB_CONNECT_TIMEOUT_MS: int(0),
  DB_STATEMENT_TIMEOUT_MS: int(0),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: int(0),
  DB_QUERY_TIMEOUT_MS: int(0),
  WORKER: text(),
  WORKER_METRICS_PORT: port(),
  SEED_DEMO: flag(),
  IMAGE_DECODE_CONCURRENCY: int(1),
  // modules
  CHECKIN_COUNTRIES: text(),
  TRACK_RETENTION_DAYS: int(1),
  TRACK_BATCHES_PER_MINUTE: int(1),
  TRACK_FORWARD_URL: text(),
  METRICS_TOKEN: text(),
  SHOWCASE: Type.Optional(Type.Union([Type.Literal('off'), Type.Literal('small'), Type.Literal('full')])),
  STORAGE_DRIVER: text(),
  STORAGE_DIR: text(),
  STORAGE_SIGNING_SECRET: text(),
  STORAGE_UPLOAD_TTL_SECONDS: int(1),
  STORAGE_SIGN_TTL_SECONDS: int(1),
  STORAGE_QUOTA_FREE_MB: number(),
  STORAGE_QUOTA_STANDARD_MB: number(),
  STORAGE_QUOTA_PREMIUM_MB: number(),
  S3_BUCKET: text(),
  S3_REGION: text(),
  S3_ENDPOINT: text(),
  S3_FORCE_PATH_STYLE: flag(),
  S3_ACCESS_KEY_ID: text(),
  S3_SECRET_ACCESS_KEY: text(),
  S3_PREFIX: text(),
  S3_PUBLIC_REDIRECT: flag(),
  PAYMENTS: text(),
  STRIPE_SECRET_KEY: text(),
  STRIPE_WEBHOOK_SECRET: text(),
  BILLING_SCHEDULER: text(),
  STUDIO_URL: text(),
  API_KEY_REQUESTS_PER_MINUTE: int(1),
  WEBHOOK_MAX_ATTEMPTS: int(1),
  WEBHOOK_RETRY_DELAY_SECONDS: int(1),
  WEBHOOK_PUMP_MS: int(1),
  WEBHOOK_TIMEOUT_MS: int(1),
  SMTP_URL: text(),
  MAIL_FROM: text(),
  MAIL_MAX_ATTEMPTS: int(1),
  // tasks: limits, plan rules, queue, worker, engines
  TASKS_PER_MINUTE: int(1),
  TASKS_PER_MINUTE_PER_IP: int(1),
  TASKS_PER_DAY: int(1),
  TASKS_FREE_DAILY_CAP: int(0),
  TASKS_PREMIUM_DAILY_FREE_MEDIA: int(0),
  PGBOSS_SCHEMA: text(),
  TASK_TIMEOUT_VIDEO_SECONDS: int(1),
  TASK_TIMEOUT_IMAGE_SECONDS: int(1),
  TASK_TIMEOUT_AUDIO_SECONDS: int(1),
  TASK_TIMEOUT_CHECK_SECONDS: int(1),
  QUEUE_ALERT_SECONDS: int(1),
  // a lane's slots in this worker; 0 = it serves no task of that lane (e.g. a GPU worker for video only)
  WORKER_CONCURRENCY_VIDEO: int(0),
  WORKER_CONCURRENCY_IMAGE: int(0),
  WORKER_CONCURRENCY_AUDIO: int(0),
  WORKER_CONCURRENCY_CHECK: int(0),
  WORKER_POLL_SECONDS: number(),
  WORKER_SWEEP_MS: int(0),
  WORKER_STALE_MS: int(1),
  WORKER_STALL_MS: int(1),
  WORKER_LIVE_MS: int(1),
  WORKER_PRESENCE_MS: int(1),
  WORKER_LANE_STALL_MS: int(0),
  WATERMARK_TEXT: text(),
  WORKER_DIR: text(),
  ENGINE_DEFAULT: text(),
  ENGINE_ALGORITHMS: text(),
  COMFYUI_URL: text(),
  COMFYUI_WORKFLOWS: text(),
  // the engines' own (FFMPEG_PATH, ENGINE_BG_MODEL, ...), checked here so the API and its worker refuse a bad one at start
  ...EngineEnvSchema.properties,
});

export type ApiEnv = Static<typeof ApiEnvSchema>;

/** The API's settings, checked (see the top of this file). */
export function checkApiEnv(env: NodeJS.ProcessEnv): ApiEnv {
  return checkEnv<ApiEnv>(ApiEnvSchema, env);
}
