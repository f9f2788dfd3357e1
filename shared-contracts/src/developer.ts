/**
 * The developer API (issue 28): personal API keys, webhooks and per-key usage. Keys and webhooks are
 * managed with the member's session only (a key cannot manage keys); a key sent as `Authorization: Bearer
 * <key>` acts as its owner on the generation, task, upload and library calls.
 */

/** Every personal key starts with this, so the API tells a key from a session token at a glance. */
export const API_KEY_PREFIX = 'sk_studio_';

/** The developer guide, a page the API serves outside the route table (readable without the studio's scripts). */
export const DEVELOPER_GUIDE_PATH = '/developers';

/** One of the member's keys, as listed (the key itself is shown once, at creation). */
export interface ApiKeyItem {
  id: string;
  name: string;
  /** the first characters of the key, to recognise it (`sk_studio_ab12cd…`) */
  prefix: string;
  /** epoch seconds */
  created_at: number;
  /** epoch seconds, 0 when never used */
  last_used_at: number;
  /** epoch seconds, 0 while the key works */
  revoked_at: number;
  /** the most credits the key may spend per UTC day; null: no cap beyond the member's own balance */
  daily_cap: number | null;
  /** credits the key spent today (UTC), held or committed */
  spent_today: number;
}

/** The answer of a create: the item and the key, which is never shown again. */
export interface ApiKeyCreated extends ApiKeyItem {
  key: string;
}

export interface ApiKeyUsageDay {
  /** YYYY-MM-DD (UTC) */
  date: string;
  credits: number;
  tasks: number;
}

/** What one key spent over the last 30 days (committed spends only: credits given back are not counted). */
export interface ApiKeyUsage {
  key_id: string;
  name: string;
  prefix: string;
  revoked: boolean;
  total_credits: number;
  total_tasks: number;
  days: ApiKeyUsageDay[];
}

export type WebhookEventType = 'task.succeeded' | 'task.failed' | 'task.cancelled';
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = ['task.succeeded', 'task.failed', 'task.cancelled'];

/** The signature header of every delivery: `t=<epoch seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Studio-Signature';

export interface WebhookEndpoint {
  id: string;
  url: string;
  events: WebhookEventType[];
  /** epoch seconds */
  created_at: number;
  /** the first characters of the signing secret (`whsec_ab12…`) */
  secret_prefix: string;
}

export interface WebhookEndpointCreated extends WebhookEndpoint {
  /** the signing secret, shown once */
  secret: string;
}

export interface WebhookAttempt {
  /** epoch seconds */
  at: number;
  /** the receiver's HTTP status, 0 when none came back */
  status: number;
  /** why it failed, '' on success */
  error: string;
  duration_ms: number;
}

export interface WebhookDelivery {
  id: string;
  endpoint_id: string;
  event: WebhookEventType;
  task_id: string;
  status: 'pending' | 'queued' | 'delivered' | 'failed';
  /** epoch seconds */
  created_at: number;
  attempts: WebhookAttempt[];
}

/** The task's public fields as a webhook carries them. */
export interface WebhookTask {
  task_id: string;
  algorithm: string;
  status: 'success' | 'failure' | 'cancelled';
  /** why it failed, or null */
  reason: string | null;
  cost: number;
  module: string;
  /** storage paths of the results (sign one with `GET /v1/common/oss/sign`) */
  outputs: string[];
  /** epoch seconds */
  created_at: number;
  finished_at: number;
}

/** The JSON body of a delivery. */
export interface WebhookEvent {
  /** the delivery's id: the same on every attempt of one delivery (receivers deduplicate on it) */
  id: string;
  type: WebhookEventType;
  /** epoch seconds */
  created_at: number;
  data: { task: WebhookTask };
}

declare module './calls.js' {
  interface ApiCallMap {
    'GET /v1/developer/keys': { query: void; body: void; data: ApiKeyItem[] };
    'POST /v1/developer/keys': { query: void; body: { name: string; daily_cap?: number | null }; data: ApiKeyCreated };
    'POST /v1/developer/keys/{id}/revoke': { query: void; body: void; data: ApiKeyItem };
    'POST /v1/developer/keys/{id}/cap': { query: void; body: { daily_cap: number | null }; data: ApiKeyItem };
    'GET /v1/developer/usage': { query: void; body: void; data: ApiKeyUsage[] };
    'GET /v1/developer/webhooks': { query: void; body: void; data: WebhookEndpoint[] };
    'POST /v1/developer/webhooks': { query: void; body: { url: string }; data: WebhookEndpointCreated };
    'POST /v1/developer/webhooks/{id}/delete': { query: void; body: void; data: null };
    'GET /v1/developer/webhooks/{id}/deliveries': { query: void; body: void; data: WebhookDelivery[] };
  }
}
