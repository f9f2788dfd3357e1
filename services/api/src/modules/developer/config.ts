/** The developer API's settings (keys' rate, webhooks' retries): read by the API's config. */
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

export function developerConfigFromEnv(env: NodeJS.ProcessEnv): DeveloperConfig {
  const n = (name: string, fallback: number) => (env[name] && Number(env[name]) > 0 ? Number(env[name]) : fallback);
  return {
    keyRequestsPerMinute: n('API_KEY_REQUESTS_PER_MINUTE', 120),
    production: env.NODE_ENV === 'production',
    webhookMaxAttempts: n('WEBHOOK_MAX_ATTEMPTS', 6),
    webhookRetryDelaySeconds: n('WEBHOOK_RETRY_DELAY_SECONDS', 10),
    webhookPumpMs: n('WEBHOOK_PUMP_MS', 1000),
    webhookTimeoutMs: n('WEBHOOK_TIMEOUT_MS', 10000),
  };
}
