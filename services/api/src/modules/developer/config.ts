/** The developer API's settings (keys' rate, webhooks' retries): read by the API's config. */
import type { ApiEnv } from '../../env.js';

export interface DeveloperConfig {
  /** requests per minute one key may make */
  keyRequestsPerMinute: number;
  /** production refuses http endpoints and any private, loopback or link-local address */
  production: boolean;
  /** attempts of one delivery before it is marked failed */
  webhookMaxAttempts: number;
  /** the first retry waits this long, each next one twice as long (pg-boss backoff) */
  webhookRetryDelaySeconds: number;
  /** how often pending deliveries are sent to the job queue */
  webhookPumpMs: number;
  /** a receiver that does not answer in this long has failed the attempt */
  webhookTimeoutMs: number;
}

/** From the checked settings (env.ts: each is an integer of at least 1 there). */
export function developerConfigFromEnv(env: ApiEnv): DeveloperConfig {
  return {
    keyRequestsPerMinute: env.API_KEY_REQUESTS_PER_MINUTE ?? 120,
    production: env.NODE_ENV === 'production',
    webhookMaxAttempts: env.WEBHOOK_MAX_ATTEMPTS ?? 6,
    webhookRetryDelaySeconds: env.WEBHOOK_RETRY_DELAY_SECONDS ?? 10,
    webhookPumpMs: env.WEBHOOK_PUMP_MS ?? 1000,
    webhookTimeoutMs: env.WEBHOOK_TIMEOUT_MS ?? 10000,
  };
}
