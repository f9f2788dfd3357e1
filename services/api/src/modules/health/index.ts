/**
 * GET /health, for operators: the API is up, where each algorithm runs (this server's engines or the ComfyUI
 * workers, with the model), and what the ComfyUI server answers: its version, whether this product can follow
 * it, and the node classes each routed workflow needs that it lacks. ComfyUI is asked at most once a minute.
 * And the queue (issue 20): `queue.ok` is false once a run has waited for a worker longer than
 * QUEUE_ALERT_SECONDS (tasks/queue-health.ts). 200 while the database answers, 503 when it does not.
 * Behind METRICS_TOKEN when one is set, as /metrics is.
 */
import { timingSafeEqual } from 'node:crypto';
import { ALGORITHM_IDS, type AlgorithmId } from '@studio/engines/types';
import type { ComfyServerReport } from '@studio/engines/comfyui';
import { engineChoices, engineConfigFromEnv } from '../tasks/engines.js';
import { readQueueHealth, type QueueHealth } from '../tasks/queue-health.js';
import { DEFAULT_WORKER_CONFIG } from '../tasks/worker-config.js';
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';

const COMFYUI_CHECK_MS = 60_000;

export interface HealthAnswer {
  /** the API and its database answer */
  ok: boolean;
  service: 'api';
  db: string;
  engines: Partial<Record<AlgorithmId, { engine: 'local' | 'comfyui'; model?: string }>>;
  /** null when nothing is routed to ComfyUI; `ok` false when it cannot run what is routed to it */
  comfyui: (Omit<ComfyServerReport, 'url'> & { ok: boolean; checked_at: string }) | null;
  /** `ok` false once a run has waited for a worker longer than its alert bound */
  queue: QueueHealth;
}

export interface HealthOptions {
  /** the ENGINE_* and COMFYUI_* settings (tests); default: the API's config */
  engineEnv?: Readonly<Record<string, string | undefined>>;
  /** QUEUE_ALERT_SECONDS (tests); default: the API's config */
  queueAlertSeconds?: number;
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const sent = Buffer.from(/^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1] ?? '');
  const want = Buffer.from(token);
  return sent.length === want.length && timingSafeEqual(sent, want);
}

function healthPlugin(options: HealthOptions = {}): ApiModulePlugin {
  return async (app, ctx) => {
    const engineEnv = options.engineEnv ?? ctx.config.tasks.engineEnv;
    const choose = await engineChoices(engineConfigFromEnv({ ...engineEnv }), engineEnv);
    const placement: HealthAnswer['engines'] = {};
    for (const id of ALGORITHM_IDS) {
      const choice = choose(id);
      placement[id] = choice.comfyui ? { engine: 'comfyui', model: choice.comfyui.model } : { engine: 'local' };
    }
    const alertSeconds = options.queueAlertSeconds ?? ctx.config.tasks.queue.alertSeconds;
    const liveSeconds = (ctx.config.tasks.worker.liveWorkerMs ?? DEFAULT_WORKER_CONFIG.liveWorkerMs) / 1000;
    const routed = ALGORITHM_IDS.some((id) => placement[id]?.engine === 'comfyui');
    let last: { at: number; report: HealthAnswer['comfyui'] } | null = null;

    async function comfyui(): Promise<HealthAnswer['comfyui']> {
      if (!routed || !engineEnv.COMFYUI_URL) return null;
      if (last && Date.now() - last.at < COMFYUI_CHECK_MS) return last.report;
      const { createEngineRegistry } = await import('@studio/engines/registry');
      const registry = await createEngineRegistry({ env: { ...engineEnv } });
      const { url: _url, ...report } = (await registry.comfyui?.verify()) ?? { url: '', version: null, compatible: false, workflows: {}, error: 'no ComfyUI engine' };
      const routedProblems = ALGORITHM_IDS.some((id) => placement[id]?.engine === 'comfyui' && (report.workflows[id]?.length ?? 0) > 0);
      last = { at: Date.now(), report: { ...report, ok: report.compatible && !report.error && !routedProblems, checked_at: new Date().toISOString() } };
      return last.report;
    }

    app.get('/health', { schema: { hide: true } }, async (request, reply) => {
      const token = ctx.config.metrics.token;
      if (token && !tokenMatches(request.headers.authorization, token)) return reply.code(401).send({ ok: false, error: 'health needs the METRICS_TOKEN bearer' });
      let queue: QueueHealth;
      try {
        queue = await readQueueHealth(ctx.db, alertSeconds, liveSeconds);
      } catch {
        return reply.code(503).send({ ok: false, service: 'api', db: ctx.db.kind, error: 'the database does not answer' });
      }
      // the API's own health; ComfyUI's and the queue's are sections (a GPU server down or a queue that
      // waits must not take the API out of a balancer)
      const answer: HealthAnswer = { ok: true, service: 'api', db: ctx.db.kind, engines: placement, comfyui: await comfyui(), queue };
      return reply.send(answer);
    });
  };
}

export function healthModule(options: HealthOptions = {}): ApiModuleDefinition {
  return { name: 'health', plugin: healthPlugin(options) };
}
