/** What the developer API adds to the OpenAPI document at /v1/docs: the key scheme and the webhook payloads. */
import { WebhookEventSchema, WebhookTaskSchema } from './schemas.js';

export const DEVELOPER_SECURITY_SCHEMES = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'sk_studio_…',
    description:
      'A personal API key made in the account center, sent as `Authorization: Bearer sk_studio_…`. It acts as its owner on the generation, task, upload and library calls only (billing, account and key management answer 403); a revoked or unknown key is 401. Each key has its own rate limit and an optional daily credit cap.',
  },
} as const;

export const DEVELOPER_OPENAPI_SCHEMAS = {
  WebhookEvent: WebhookEventSchema,
  WebhookTask: WebhookTaskSchema,
};

export const DEVELOPER_TAG = {
  name: 'developer',
  description:
    'Personal API keys, webhooks and per-key usage (session only). Webhook deliveries POST a WebhookEvent (see components.schemas) for task.succeeded, task.failed and task.cancelled, signed with HMAC-SHA256 over "<timestamp>.<body>" in the Studio-Signature header (t=…,v1=…), retried with backoff. Guide: /developers',
};
