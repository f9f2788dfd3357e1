/**
 * Webhooks: a member's endpoints get task.succeeded / task.failed / task.cancelled. A trigger on tasks
 * writes the pending deliveries when a run ends (migration 0520); the pump sends each to the job queue
 * (pg-boss queue `studio-webhooks`), whose worker POSTs it, signed, and on failure throws so pg-boss retries
 * it with exponential backoff; after the last attempt the delivery is marked failed. Every attempt is kept.
 *
 * Address guard: in production an endpoint must be https and every address its host resolves to must be
 * public (no private, loopback, link-local, ULA, CGNAT, multicast or reserved ranges); the request then
 * connects to the address that was checked (the lookup is pinned), so a DNS answer that changes between
 * the check and the connection cannot reach an internal service. In development http and loopback are let
 * through so a local receiver works.
 */
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { LookupFunction } from 'node:net';
import PgBoss from 'pg-boss';
import type { Database, Queryable } from '@studio/db';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_SIGNATURE_HEADER, type WebhookAttempt, type WebhookDelivery, type WebhookEndpoint, type WebhookEndpointCreated, type WebhookEvent, type WebhookEventType, type WebhookTask } from 'shared-contracts';
import { fail } from '../../http.js';
import type { DeveloperConfig } from './config.js';

const WEBHOOK_QUEUE = 'studio-webhooks';
const MAX_ENDPOINTS = 10;

const seconds = (date: Date | string | null) => (date ? Math.floor(new Date(date).getTime() / 1000) : 0);

// ---------------------------------------------------------------- signing

/** `t=<seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` */
function signPayload(secret: string, body: string, timestamp: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

// ---------------------------------------------------------------- address guard

function ipv4Blocked(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return (
    a === 0 || a === 10 || a === 127 || a >= 224 ||
    (a === 100 && b >= 64 && b <= 127) || // CGNAT
    (a === 169 && b === 254) || // link-local, cloud metadata
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) || // IETF protocol assignments
    (a === 198 && (b === 18 || b === 19)) // benchmarking
  );
}

/** true for any address a webhook must never reach in production */
export function isPrivateAddress(ip: string): boolean {
  if (net.isIPv4(ip)) return ipv4Blocked(ip);
  if (!net.isIPv6(ip)) return true;
  const lower = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (mapped) return ipv4Blocked(mapped[1]);
  if (lower === '::' || lower === '::1') return true;
  const first = parseInt(lower.split(':')[0] || '0', 16);
  return (
    (first & 0xfe00) === 0xfc00 || // ULA fc00::/7
    (first & 0xffc0) === 0xfe80 || // link-local fe80::/10
    (first & 0xff00) === 0xff00 || // multicast
    lower.startsWith('64:ff9b:') || // NAT64 of anything
    lower.startsWith('2001:db8:') ||
    lower.startsWith('::ffff:') ||
    /^::[0-9a-f.]*$/.test(lower) // IPv4-compatible
  );
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;
const systemResolver: Resolver = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Checks an endpoint URL for registration (scheme and, in production, its resolved addresses). */
export async function checkEndpointUrl(raw: string, config: Pick<DeveloperConfig, 'production'>, resolve: Resolver = systemResolver): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw fail.badRequest('The endpoint must be a full URL, like https://example.com/hooks/studio');
  }
  if (url.username || url.password) throw fail.badRequest('The endpoint URL must not carry credentials');
  const loopback = LOOPBACK_HOSTS.has(url.hostname.toLowerCase());
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback && !config.production)) {
    throw fail.badRequest(config.production ? 'The endpoint must be an https URL' : 'The endpoint must be https (http only for localhost in development)');
  }
  if (config.production) await pinnedAddress(url, config, resolve);
  return url;
}

/** The address a delivery connects to: resolved, and in production refused when it is not public. */
async function pinnedAddress(url: URL, config: Pick<DeveloperConfig, 'production'>, resolve: Resolver = systemResolver): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (net.isIP(host)) addresses = [{ address: host, family: net.isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw fail.badRequest(`The endpoint's host ${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw fail.badRequest(`The endpoint's host ${host} does not resolve`);
  if (config.production) {
    const blocked = addresses.find((a) => isPrivateAddress(a.address));
    if (blocked) throw fail.badRequest(`The endpoint resolves to a private or internal address (${blocked.address}); webhooks go to public addresses only`);
  }
  return addresses[0];
}

// ---------------------------------------------------------------- endpoints

interface EndpointRow {
  id: string;
  url: string;
  secret: string;
  created_at: Date;
}

function toEndpoint(row: EndpointRow): WebhookEndpoint {
  return { id: row.id, url: row.url, events: [...WEBHOOK_EVENT_TYPES], created_at: seconds(row.created_at), secret_prefix: row.secret.slice(0, 12) };
}

export async function listEndpoints(db: Queryable, userId: string): Promise<WebhookEndpoint[]> {
  const rows = await db.query<EndpointRow>('SELECT * FROM webhook_endpoints WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC', [userId]);
  return rows.rows.map(toEndpoint);
}

export async function createEndpoint(
  db: Queryable,
  userId: string,
  rawUrl: string,
  config: DeveloperConfig,
  at: Date,
  resolve?: Resolver,
): Promise<WebhookEndpointCreated> {
  const url = await checkEndpointUrl(rawUrl, config, resolve);
  const count = await db.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM webhook_endpoints WHERE user_id = $1 AND deleted_at IS NULL', [userId]);
  if (Number(count.rows[0]?.n ?? 0) >= MAX_ENDPOINTS) throw fail.badRequest(`At most ${MAX_ENDPOINTS} endpoints: remove one first`);
  const row: EndpointRow = { id: randomUUID(), url: url.toString(), secret: `whsec_${randomBytes(24).toString('base64url')}`, created_at: at };
  await db.query('INSERT INTO webhook_endpoints (id, user_id, url, secret, created_at) VALUES ($1, $2, $3, $4, $5)', [row.id, userId, row.url, row.secret, at]);
  return { ...toEndpoint(row), secret: row.secret };
}

function checkId(id: string): void {
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw fail.notFound('No such endpoint');
}

export async function deleteEndpoint(db: Queryable, userId: string, id: string, at: Date): Promise<void> {
  checkId(id);
  const done = await db.query('UPDATE webhook_endpoints SET deleted_at = $3 WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL', [id, userId, at]);
  if (done.rowCount === 0) throw fail.notFound('No such endpoint');
}

interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event: WebhookEventType;
  task_id: string;
  status: WebhookDelivery['status'];
  created_at: Date;
  attempts: WebhookAttempt[] | string;
  payload: WebhookTask | string;
}

const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

export async function listDeliveries(db: Queryable, userId: string, endpointId: string): Promise<WebhookDelivery[]> {
  checkId(endpointId);
  const owned = await db.query('SELECT 1 FROM webhook_endpoints WHERE id = $1 AND user_id = $2', [endpointId, userId]);
  if (!owned.rows[0]) throw fail.notFound('No such endpoint');
  const rows = await db.query<DeliveryRow>(
    'SELECT id, endpoint_id, event, task_id, status, created_at, attempts FROM webhook_deliveries WHERE endpoint_id = $1 ORDER BY created_at DESC LIMIT 50',
    [endpointId],
  );
  return rows.rows.map((row) => ({
    id: row.id,
    endpoint_id: row.endpoint_id,
    event: row.event,
    task_id: row.task_id,
    status: row.status,
    created_at: seconds(row.created_at),
    attempts: json(row.attempts),
  }));
}

// ---------------------------------------------------------------- delivery

/** POSTs a body to the pinned address; answers the status (0 and an error when none came back). */
async function post(
  url: URL,
  pinned: { address: string; family: number },
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<{ status: number; error: string }> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers }, lookup, timeout: timeoutMs },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode ?? 0, error: '' }));
        response.on('error', (error) => resolve({ status: response.statusCode ?? 0, error: error.message }));
      },
    );
    request.on('timeout', () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    request.on('error', (error) => resolve({ status: 0, error: error.message }));
    request.end(body);
  });
}

export interface DeliveryDeps {
  db: Database;
  config: DeveloperConfig;
  clock?: () => Date;
  resolve?: Resolver;
}

/**
 * One attempt of a delivery. Answers 'retry' when it failed and attempts remain (the job then throws so the
 * queue retries it with backoff), else the delivery's final state.
 */
export async function attemptDelivery(deps: DeliveryDeps, deliveryId: string): Promise<'delivered' | 'failed' | 'retry' | 'gone'> {
  const clock = deps.clock ?? (() => new Date());
  const found = await deps.db.query<DeliveryRow & { url: string; secret: string; deleted_at: Date | null }>(
    `SELECT d.*, e.url, e.secret, e.deleted_at FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id WHERE d.id = $1`,
    [deliveryId],
  );
  const row = found.rows[0];
  if (!row || row.status === 'delivered' || row.status === 'failed') return 'gone';
  const attempts = json(row.attempts);
  const started = clock();
  let outcome: { status: number; error: string };
  if (row.deleted_at) outcome = { status: 0, error: 'the endpoint was removed' };
  else {
    const event: WebhookEvent = { id: row.id, type: row.event, created_at: seconds(row.created_at), data: { task: json(row.payload) } };
    const body = JSON.stringify(event);
    const timestamp = Math.floor(started.getTime() / 1000);
    try {
      const url = new URL(row.url);
      const pinned = await pinnedAddress(url, deps.config, deps.resolve);
      outcome = await post(
        url,
        pinned,
        body,
        {
          [WEBHOOK_SIGNATURE_HEADER]: signPayload(row.secret, body, timestamp),
          'studio-event': row.event,
          'studio-delivery': row.id,
          'user-agent': 'AI-Media-Studio-Webhooks/1',
        },
        deps.config.webhookTimeoutMs,
      );
    } catch (error) {
      outcome = { status: 0, error: (error as Error).message };
    }
  }
  const ok = outcome.status >= 200 && outcome.status < 300;
  if (!ok && !outcome.error) outcome.error = `the receiver answered ${outcome.status}`;
  attempts.push({ at: seconds(started), status: outcome.status, error: ok ? '' : outcome.error, duration_ms: clock().getTime() - started.getTime() });
  const final = ok ? 'delivered' : row.deleted_at || attempts.length >= deps.config.webhookMaxAttempts ? 'failed' : null;
  await deps.db.query(
    `UPDATE webhook_deliveries SET attempts = $2::jsonb, status = COALESCE($3, status), settled_at = CASE WHEN $3::text IS NULL THEN NULL ELSE now() END WHERE id = $1`,
    [deliveryId, JSON.stringify(attempts), final],
  );
  return final ?? 'retry';
}

/** The delivery queue on pg-boss: a pump moves pending deliveries into it; its worker attempts them. */
export class WebhookQueue {
  readonly boss: PgBoss;
  private timer: NodeJS.Timeout | null = null;
  private pumping = false;
  private stopped = false;

  constructor(
    private readonly deps: DeliveryDeps & { schema: string },
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.boss = new PgBoss({
      db: {
        executeSql: async (text: string, values: unknown[]) => {
          if (this.stopped) return { rows: /count\(\*\)\s+from\s+results\s*$/i.test(text) ? [{ count: 0 }] : [] };
          const result = await deps.db.query(text, values);
          return { rows: result.rows ?? [] };
        },
      },
      schema: deps.schema,
      supervise: false,
      schedule: false,
      migrate: true,
    });
    this.boss.on('error', (error: Error) => this.onError(error));
  }

  async start(): Promise<void> {
    await this.boss.start();
    if (!(await this.boss.getQueue(WEBHOOK_QUEUE))) {
      await this.boss
        .createQueue(WEBHOOK_QUEUE, {
          name: WEBHOOK_QUEUE,
          retryLimit: this.deps.config.webhookMaxAttempts,
          retryDelay: this.deps.config.webhookRetryDelaySeconds,
          retryBackoff: true,
        })
        .catch(async (error: unknown) => {
          if (!(await this.boss.getQueue(WEBHOOK_QUEUE))) throw error;
        });
    }
    await this.boss.work<{ delivery_id: string }>(WEBHOOK_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
      const result = await attemptDelivery(this.deps, job.data.delivery_id);
      // a throw hands the job back to pg-boss, which retries it after its backoff delay
      if (result === 'retry') throw new Error('webhook delivery failed; retrying with backoff');
    });
    this.timer = setInterval(() => void this.pump(), this.deps.config.webhookPumpMs);
    this.timer.unref();
  }

  /** Sends pending deliveries to the queue, each with its job in the transaction that marks it queued. */
  async pump(): Promise<number> {
    if (this.pumping || this.stopped) return 0;
    this.pumping = true;
    try {
      return await this.deps.db.transaction(async (tx) => {
        const pending = await tx.query<{ id: string }>(
          `SELECT id FROM webhook_deliveries WHERE status = 'pending' ORDER BY created_at LIMIT 50 FOR UPDATE SKIP LOCKED`,
        );
        for (const row of pending.rows) {
          await this.boss.send(WEBHOOK_QUEUE, { delivery_id: row.id }, {
            retryLimit: this.deps.config.webhookMaxAttempts,
            retryDelay: this.deps.config.webhookRetryDelaySeconds,
            retryBackoff: true,
            singletonKey: row.id,
            db: { executeSql: async (text: string, values: unknown[]) => ({ rows: (await tx.query(text, values)).rows ?? [] }) },
          });
          await tx.query(`UPDATE webhook_deliveries SET status = 'queued' WHERE id = $1`, [row.id]);
        }
        return pending.rows.length;
      });
    } catch (error) {
      this.onError(error);
      return 0;
    } finally {
      this.pumping = false;
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (let waited = 0; this.pumping && waited < 5000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    await this.boss.stop({ graceful: false, close: false, wait: true });
    this.stopped = true;
  }
}
