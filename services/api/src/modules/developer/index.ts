/**
 * The developer API (issue 28): personal API keys, webhooks and per-key usage, managed with the member's
 * session (a key is refused here: 403). The key authenticator itself is in keys.ts (wired into auth by
 * plugin.ts); the per-key cap and the key's name on spends hook into tasks/start-run.ts.
 */
import path from 'node:path';
import { Type } from '@sinclair/typebox';
import { defineCall } from '../../define-call.js';
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';
import { createKey, listKeys, revokeKey, setCap } from './keys.js';
import type { DeveloperConfig } from './config.js';
import { ApiKeyCreatedSchema, ApiKeyItemSchema, ApiKeyUsageSchema, WebhookDeliverySchema, WebhookEndpointCreatedSchema, WebhookEndpointSchema } from './schemas.js';
import { guideRoute } from './guide-page.js';
import { usageOf } from './usage.js';
import { WebhookQueue, createEndpoint, deleteEndpoint, listDeliveries, listEndpoints, type Resolver } from './webhooks.js';

export interface DeveloperModuleOptions {
  now?: () => Date;
  /** DNS for the address guard (tests) */
  resolve?: Resolver;
  /** the delivery queue's worker runs in this process (default true) */
  deliver?: boolean;
  /** settings over the config's developer section (tests: fast retries) */
  settings?: Partial<DeveloperConfig>;
  /** the pg-boss schema (default: the tasks queue's, config.tasks.queue.schema) */
  queueSchema?: string;
}

const SECURED = { tags: ['developer'], security: [{ bearer: [] }] };
const Id = Type.Object({ id: Type.String() });
// null first: the validator coerces types, and an integer first would turn null into 0
const Cap = Type.Union([Type.Null(), Type.Integer({ minimum: 0, maximum: 10_000_000 })]);

function developerPlugin(options: DeveloperModuleOptions = {}): ApiModulePlugin {
  const now = options.now ?? (() => new Date());
  return async (app, ctx) => {
    const { db, auth, config } = ctx;
    const settings: DeveloperConfig = { ...config.developer, ...options.settings };
    const uid = (request: { user: { uid: string } | null }) => request.user!.uid;

    defineCall(
      app,
      'GET /v1/developer/keys',
      { preHandler: auth.authenticate, schema: { ...SECURED, summary: "The caller's API keys (never the keys themselves)", response: Type.Array(ApiKeyItemSchema) } },
      async (request) => listKeys(db, uid(request), now()),
    );
    defineCall(
      app,
      'POST /v1/developer/keys',
      {
        preHandler: auth.authenticate,
        schema: {
          ...SECURED,
          summary: 'Creates a named API key; the answer carries the key, shown this once',
          body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 60 }), daily_cap: Type.Optional(Cap) }),
          response: ApiKeyCreatedSchema,
        },
      },
      async (request) => createKey(db, uid(request), request.body, now()),
    );
    defineCall(
      app,
      'POST /v1/developer/keys/{id}/revoke',
      { preHandler: auth.authenticate, schema: { ...SECURED, summary: 'Revokes a key: its next call is 401', params: Id, response: ApiKeyItemSchema } },
      async (request) => revokeKey(db, uid(request), request.params.id, now()),
    );
    defineCall(
      app,
      'POST /v1/developer/keys/{id}/cap',
      {
        preHandler: auth.authenticate,
        schema: { ...SECURED, summary: "Sets a key's daily credit cap (null: none)", params: Id, body: Type.Object({ daily_cap: Cap }), response: ApiKeyItemSchema },
      },
      async (request) => setCap(db, uid(request), request.params.id, request.body.daily_cap, now()),
    );
    defineCall(
      app,
      'GET /v1/developer/usage',
      { preHandler: auth.authenticate, schema: { ...SECURED, summary: 'Credits spent through each key, per day, over the last 30 days', response: Type.Array(ApiKeyUsageSchema) } },
      async (request) => usageOf(db, uid(request), now()),
    );
    defineCall(
      app,
      'GET /v1/developer/webhooks',
      { preHandler: auth.authenticate, schema: { ...SECURED, summary: "The caller's webhook endpoints", response: Type.Array(WebhookEndpointSchema) } },
      async (request) => listEndpoints(db, uid(request)),
    );
    defineCall(
      app,
      'POST /v1/developer/webhooks',
      {
        preHandler: auth.authenticate,
        schema: {
          ...SECURED,
          summary: 'Registers an endpoint for task.succeeded, task.failed and task.cancelled; the answer carries its signing secret, shown this once',
          body: Type.Object({ url: Type.String({ minLength: 1, maxLength: 2000 }) }),
          response: WebhookEndpointCreatedSchema,
        },
      },
      async (request) => createEndpoint(db, uid(request), request.body.url, settings, now(), options.resolve),
    );
    defineCall(
      app,
      'POST /v1/developer/webhooks/{id}/delete',
      { preHandler: auth.authenticate, schema: { ...SECURED, summary: 'Removes an endpoint (pending deliveries to it fail)', params: Id, response: Type.Null() } },
      async (request) => {
        await deleteEndpoint(db, uid(request), request.params.id, now());
        return null;
      },
    );
    defineCall(
      app,
      'GET /v1/developer/webhooks/{id}/deliveries',
      {
        preHandler: auth.authenticate,
        schema: { ...SECURED, summary: "An endpoint's latest deliveries with their attempts", params: Id, response: Type.Array(WebhookDeliverySchema) },
      },
      async (request) => listDeliveries(db, uid(request), request.params.id),
    );

    guideRoute(app);

    if (options.deliver !== false) {
      const queue = new WebhookQueue({ db, config: settings, clock: now, resolve: options.resolve, schema: options.queueSchema ?? config.tasks.queue.schema }, (error) =>
        app.log.warn({ err: error }, 'webhook queue'),
      );
      await queue.start();
      app.addHook('onClose', async () => queue.stop());
    }
  };
}

export function developerModule(options: DeveloperModuleOptions = {}): ApiModuleDefinition {
  return { name: 'developer', plugin: developerPlugin(options), migrationsDir: path.resolve(__dirname, 'migrations') };
}
