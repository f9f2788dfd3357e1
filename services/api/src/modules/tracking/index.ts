/**
 * The first-party collector: POST /v1/track takes a batch of browser events (fetch with the bearer, or a
 * sendBeacon on page hide with the token cookie), checks it against the schema, takes who the person is
 * from the session (never from the batch), rate-limits per client address, stores the events in the
 * day-partitioned track_events table and, when configured, forwards them to a third-party collector.
 * GET /v1/track/mine shows signed-in people what was recorded about them.
 */
import path from 'node:path';
import type { FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { Type, type Static } from '@sinclair/typebox';
import { TOKEN_COOKIE_NAME, TRACK_BATCH_MAX, TRACK_EVENTS, type TrackAccepted, type TrackProps } from 'shared-contracts';
import type { AuthUser } from '../../auth.js';
import { ok, responses, type TypeBoxProvider } from '../../http.js';
import { postgresRateLimitStore } from '../../rate-limit.js';
import type { ApiModuleDefinition, ApiModulePlugin, ModuleContext } from '../types.js';
import { collectorOptionsFrom, maintainPartitions, storeEvents, type CollectorOptions, type StoredEvent } from './collector.js';
import { countryOfRequest } from '../country/index.js';

const Value = Type.Union([Type.String({ maxLength: 1024 }), Type.Number(), Type.Boolean(), Type.Null()]);
const EventSchema = Type.Object({
  event: Type.String({ pattern: '^[A-Za-z0-9_.:-]{1,64}$' }),
  ts: Type.Number(),
  route: Type.String({ maxLength: 512 }),
  profile: Type.Optional(
    Type.Object({
      uid: Type.Optional(Type.String({ maxLength: 64 })),
      user_member_level: Type.Optional(Type.String({ maxLength: 16 })),
      user_credits: Type.Optional(Type.Number()),
      wsid: Type.Optional(Type.String({ maxLength: 64 })),
    }),
  ),
  props: Type.Record(Type.String({ pattern: '^[A-Za-z0-9_.-]{1,64}$' }), Value, { maxProperties: 32 }),
  trace_id: Type.Optional(Type.String({ maxLength: 128 })),
});
const TrackBatchSchema = Type.Object({
  client_id: Type.String({ maxLength: 128 }),
  events: Type.Array(EventSchema, { minItems: 1, maxItems: TRACK_BATCH_MAX }),
});
type Batch = Static<typeof TrackBatchSchema>;

const BODY_LIMIT = 128 * 1024;
const PAST_LIMIT_MS = 7 * 24 * 3600 * 1000;

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The caller from the Authorization header, else the token cookie (beacons carry no headers); null for visitors or a stale token. */
async function callerOf(request: FastifyRequest, ctx: ModuleContext): Promise<AuthUser | null> {
  const header = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '')?.[1];
  const token = header ?? cookieValue(request.headers.cookie, TOKEN_COOKIE_NAME);
  if (!token) return null;
  try {
    return await ctx.auth.verify(token);
  } catch {
    // an expired or revoked session still sends its events, as a visitor's
    return null;
  }
}

/** Batch events as stored: the person from the session, the time bounded to the past week. */
/** The operator's line for a remote the shell refused: which remote, from where, and both contract versions. */
function refusedLine(props: TrackProps): string {
  const text = (key: string) => (typeof props[key] === 'string' ? (props[key] as string) : '?');
  return `remote refused: ${text('remote')} ${text('remote_version')} (${text('entry')}) was built against shared-contracts ${text('remote_contract') || '(none declared)'}; the shell speaks ${text('shell_contract')}`;
}

function toStored(batch: Batch, caller: AuthUser | null, extra: { country: string; traceId: string; now: Date }): StoredEvent[] {
  const now = extra.now.getTime();
  return batch.events.map((e) => ({
    eventAt: new Date(e.ts > now + 60_000 || e.ts < now - PAST_LIMIT_MS ? now : e.ts),
    event: e.event,
    route: e.route.split('?')[0],
    uid: caller?.uid ?? null,
    wsid: caller?.wsId ?? '',
    // the plan level of spec section 4 (premium shows as vip), as the shell's profile names it
    memberLevel: caller ? (caller.level === 'premium' ? 'vip' : caller.level) : 'guest',
    // the balance shown in the page when the event fired: informative only, bounded
    credits: caller ? Math.max(0, Math.min(1e9, Math.floor(e.profile?.user_credits ?? 0))) : 0,
    clientId: batch.client_id,
    country: extra.country,
    traceId: e.trace_id ?? extra.traceId,
    props: e.props as TrackProps,
  }));
}

/** Without options the config's tracking section decides (retention, rate, forwarding). */
function trackingPlugin(given?: CollectorOptions): ApiModulePlugin {
  return async (scope, ctx) => {
    const options = given ?? collectorOptionsFrom(ctx.config.tracking, (error) => scope.log.warn({ err: error }, 'track forwarding failed'));
    const now = options.now ?? (() => new Date());
    // a beacon sent as text/plain needs no CORS preflight: its body is the same JSON
    scope.removeContentTypeParser('text/plain');
    scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        const error = new Error('Invalid request: the body is not JSON') as Error & { statusCode: number };
        error.statusCode = 400;
        done(error, undefined);
      }
    });
    // the one rate counter (rate_counters), so every API process shares the collector's limit
    await scope.register(rateLimit, { global: false, store: postgresRateLimitStore(ctx.db, () => now().getTime()) });

    const maintain = () =>
      maintainPartitions(ctx.db, now(), options.retentionDays).then(
        (result) => (result.created.length || result.dropped.length) && scope.log.info(result, 'track_events partitions'),
        (error: unknown) => scope.log.error({ err: error }, 'track_events maintenance failed'),
      );
    await maintain();
    if (options.maintenanceMs > 0) {
      const timer = setInterval(() => void maintain(), options.maintenanceMs);
      timer.unref();
      scope.addHook('onClose', async () => clearInterval(timer));
    }

    const app = scope.withTypeProvider<TypeBoxProvider>();
    app.post(
      '/v1/track',
      {
        bodyLimit: BODY_LIMIT,
        config: { rateLimit: { max: options.batchesPerMinute, timeWindow: 60_000, keyGenerator: (request: FastifyRequest) => request.ip } },
        schema: {
          tags: ['tracking'],
          summary: 'A batch of browser events for the first-party collector (uid, wsid and member level come from the session)',
          body: TrackBatchSchema,
          response: responses(Type.Object({ accepted: Type.Integer() })),
        },
      },
      async (request) => {
        const caller = await callerOf(request, ctx);
        const country = countryOfRequest(request, ctx.config, caller);
        const events = toStored(request.body, caller, { country, traceId: String(request.id), now: now() });
        await storeEvents(ctx.db, events, now());
        if (options.forwarder) void options.forwarder.forward(events);
        for (const event of events) if (event.event === TRACK_EVENTS.REMOTE_REFUSED) request.log.warn({ refused: event.props }, refusedLine(event.props));
        const answer: TrackAccepted = { accepted: events.length };
        return ok(request, answer);
      },
    );

    app.get(
      '/v1/track/mine',
      {
        preHandler: ctx.auth.authenticate,
        schema: {
          tags: ['tracking'],
          security: [{ bearer: [] }],
          summary: 'The most recent events recorded about the caller',
          querystring: Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 50 })) }),
          response: responses(
            Type.Array(
              Type.Object({
                event: Type.String(),
                route: Type.String(),
                event_at: Type.String(),
                user_member_level: Type.String(),
                user_credits: Type.Integer(),
                wsid: Type.String(),
                props: Type.Record(Type.String(), Type.Unknown()),
              }),
            ),
          ),
        },
      },
      async (request) => {
        const rows = await ctx.db.query<{ event: string; route: string; event_at: Date; member_level: string; credits: number; wsid: string; props: Record<string, unknown> }>(
          `SELECT event, route, event_at, member_level, credits, wsid, props FROM track_events
           WHERE uid = $1 ORDER BY received_at DESC, event_at DESC LIMIT $2`,
          [request.user!.uid, request.query.limit ?? 50],
        );
        return ok(
          request,
          rows.rows.map((row) => ({
            event: row.event,
            route: row.route,
            event_at: new Date(row.event_at).toISOString(),
            user_member_level: row.member_level,
            user_credits: row.credits,
            wsid: row.wsid,
            props: row.props,
          })),
        );
      },
    );
  };
}

export function trackingModule(options?: CollectorOptions): ApiModuleDefinition {
  return { name: 'tracking', plugin: trackingPlugin(options), migrationsDir: path.join(__dirname, 'migrations') };
}
