/** TypeBox schemas of the developer calls (each the same type as its contract in shared-contracts/developer.ts). */
import { Type } from '@sinclair/typebox';

const Seconds = Type.Integer({ description: 'epoch seconds; 0 when not set' });

export const ApiKeyItemSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  prefix: Type.String({ description: 'the first characters of the key' }),
  created_at: Seconds,
  last_used_at: Seconds,
  revoked_at: Seconds,
  daily_cap: Type.Union([Type.Integer(), Type.Null()], { description: 'credits per UTC day; null: no cap' }),
  spent_today: Type.Integer(),
});

export const ApiKeyCreatedSchema = Type.Intersect([ApiKeyItemSchema, Type.Object({ key: Type.String({ description: 'shown once' }) })]);

export const ApiKeyUsageSchema = Type.Object({
  key_id: Type.String(),
  name: Type.String(),
  prefix: Type.String(),
  revoked: Type.Boolean(),
  total_credits: Type.Integer(),
  total_tasks: Type.Integer(),
  days: Type.Array(Type.Object({ date: Type.String(), credits: Type.Integer(), tasks: Type.Integer() })),
});

const WebhookEventTypeSchema = Type.Union([Type.Literal('task.succeeded'), Type.Literal('task.failed'), Type.Literal('task.cancelled')]);

export const WebhookEndpointSchema = Type.Object({
  id: Type.String(),
  url: Type.String(),
  events: Type.Array(WebhookEventTypeSchema),
  created_at: Seconds,
  secret_prefix: Type.String(),
});

export const WebhookEndpointCreatedSchema = Type.Intersect([
  WebhookEndpointSchema,
  Type.Object({ secret: Type.String({ description: 'the signing secret, shown once' }) }),
]);

export const WebhookDeliverySchema = Type.Object({
  id: Type.String(),
  endpoint_id: Type.String(),
  event: WebhookEventTypeSchema,
  task_id: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('queued'), Type.Literal('delivered'), Type.Literal('failed')]),
  created_at: Seconds,
  attempts: Type.Array(
    Type.Object({ at: Seconds, status: Type.Integer(), error: Type.String(), duration_ms: Type.Integer() }),
  ),
});

export const WebhookTaskSchema = Type.Object(
  {
    task_id: Type.String(),
    algorithm: Type.String(),
    status: Type.Union([Type.Literal('success'), Type.Literal('failure'), Type.Literal('cancelled')]),
    reason: Type.Union([Type.String(), Type.Null()]),
    cost: Type.Integer(),
    module: Type.String(),
    outputs: Type.Array(Type.String(), { description: 'storage paths; sign one with GET /v1/common/oss/sign' }),
    created_at: Seconds,
    finished_at: Seconds,
  },
  { title: 'WebhookTask' },
);

export const WebhookEventSchema = Type.Object(
  {
    id: Type.String({ description: 'the delivery id, the same on every attempt: deduplicate on it' }),
    type: WebhookEventTypeSchema,
    created_at: Seconds,
    data: Type.Object({ task: WebhookTaskSchema }),
  },
  {
    title: 'WebhookEvent',
    description:
      'The JSON body POSTed to a webhook endpoint. Header Studio-Signature: t=<epoch seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" with the endpoint secret>; also Studio-Event and Studio-Delivery.',
  },
);
