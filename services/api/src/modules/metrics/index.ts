/**
 * GET /metrics (Prometheus text format) and the per-route request metrics. The hooks see every API route:
 * fastify-plugin makes this plugin share its parent's scope (no encapsulation). When
 * METRICS_TOKEN is set, a scrape must send it as a bearer token. It also opens the request's trace context.
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';
import { createApiMetrics } from './registry.js';
import { traceContext } from '../../trace-context.js';

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return sent.length === want.length && timingSafeEqual(sent, want);
}

/** Without a token option the config's metrics section (METRICS_TOKEN) decides. */
function metricsPlugin(given?: { token?: string }): ApiModulePlugin {
  const plugin: ApiModulePlugin = async (app, ctx) => {
    const options = given ?? { token: ctx.config.metrics.token || undefined };
    const metrics = createApiMetrics(ctx.db);
    const started = new WeakMap<FastifyRequest, bigint>();
    app.addHook('onRequest', async (request) => {
      started.set(request, process.hrtime.bigint());
      // what the handler starts (a queued task's job) knows the request's trace id
      traceContext.enterWith({ traceId: String(request.id) });
    });
    app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
      // the route pattern, never the raw URL: ids and queries would make endless series
      const route = request.routeOptions.url ?? 'unmatched';
      if (route === '/metrics') return;
      const begin = started.get(request);
      const labels = { method: request.method, route };
      metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) });
      if (begin !== undefined) metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - begin) / 1e9);
    });
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (options.token && !tokenMatches(request.headers.authorization, options.token)) {
        return reply.code(401).type('text/plain').send('metrics need the METRICS_TOKEN bearer');
      }
      return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
    });
  };
  return fp(plugin, { name: 'studio-metrics' });
}

/** `settings` overrides the config (tests); by default the token is the config's (METRICS_TOKEN). */
export function metricsModule(settings?: { METRICS_TOKEN?: string }): ApiModuleDefinition {
  return { name: 'metrics', plugin: metricsPlugin(settings ? { token: settings.METRICS_TOKEN || undefined } : undefined) };
}
