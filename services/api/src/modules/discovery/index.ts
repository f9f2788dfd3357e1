/**
 * Discovery (issue 12): the explore gallery, templates and effects, examples and prompt samples, and the
 * showcase job that fills them with media the product's own engines make on first start.
 *
 *   GET  /v1/workflow/explore/list, /v1/workflow/explore/info       the gallery and an item's detail
 *   POST /v1/explore/report, /publish, /unpublish, /like, /state     moderation and the author's side
 *   GET  /v1/explore/review/list, POST /v1/explore/review            operators (OPERATOR_UIDS): hidden items' verdicts
 *   GET  /v1/workflow/list, /v1/workflow/ct/list, /v1/workflow/info  templates and effects
 *   GET  /v1/recommend/tpl                                           hot templates (Home, pickers)
 *   POST /v1/workflow/direct                                         a template run: a task like any create
 *   GET  /v1/common/demo/list, /v1/common/prompt_sample              examples and samples of a screen
 */
import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { Queryable } from '@studio/db';
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';
import { mediaStoreFor, type StorageModuleOptions } from '../storage/index.js';
import { TaskQueue } from '../tasks/queue.js';
import type { TaskEngines } from '../tasks/worker.js';
import { createExploreService } from './explore-service.js';
import { exploreRoutes } from './explore-routes.js';
import { reviewRoutes } from './review-routes.js';
import { createReviewService } from './review-service.js';
import { runShowcase, showcaseRunKey, writeCatalogue } from './showcase.js';
import type { ShowcaseSize } from './showcase-size.js';
import { createTemplateService } from './template-service.js';
import { templateRoutes } from './template-routes.js';
import { publicUrlFor } from './urls.js';

const SHOWCASE_QUEUE = 'studio-showcase';

export interface DiscoveryModuleOptions {
  storage?: StorageModuleOptions;
  /** default: the config's discovery section (SHOWCASE / NODE_ENV / APP_ENV, showcaseSizeFromEnv) */
  showcase?: ShowcaseSize;
  /** the engines the showcase job renders with (default: the configured task engines) */
  engines?: () => Promise<TaskEngines>;
  /** pg-boss schema (tests give each suite its own) */
  bossSchema?: string;
  now?: () => Date;
}

function adapter(q: Queryable): PgBoss.Db {
  return { executeSql: async (text: string, values: unknown[]) => ({ rows: (await q.query(text, values)).rows ?? [] }) };
}

function discoveryPlugin(options: DiscoveryModuleOptions = {}): ApiModulePlugin {
  return async (scope, ctx) => {
    const { media } = mediaStoreFor(ctx, { ...options.storage, now: options.now ?? options.storage?.now });
    const url = publicUrlFor(media, options.now);
    const explore = createExploreService({ db: ctx.db, media, url });
    const templates = createTemplateService({ db: ctx.db, url });
    const size = options.showcase ?? ctx.config.discovery.showcase;
    await writeCatalogue(ctx.db, size);
    await scope.register(exploreRoutes, { ctx, explore });
    await scope.register(templateRoutes, { ctx, templates });
    await scope.register(reviewRoutes, { ctx, review: createReviewService({ db: ctx.db, toEntry: (row, caller) => explore.toEntry(row, caller) }) });

    if (size === 'off') return;
    const queue = new TaskQueue(ctx.db, { ...ctx.config.tasks.queue, ...(options.bossSchema ? { schema: options.bossSchema } : {}) }, { supervise: false });
    scope.addHook('onClose', async () => queue.stop());
    // the job is sent once (the showcase_runs row and the job are written together); pg-boss retries a run
    // that died, and the run skips whatever exists already
    scope.addHook('onReady', async () => {
      await queue.start();
      if (!(await queue.boss.getQueue(SHOWCASE_QUEUE))) {
        await queue.boss.createQueue(SHOWCASE_QUEUE, { name: SHOWCASE_QUEUE, retryLimit: 2, retryDelay: 10 }).catch(async (error: unknown) => {
          if (!(await queue.boss.getQueue(SHOWCASE_QUEUE))) throw error;
        });
      }
      const key = showcaseRunKey(size);
      await ctx.db.transaction(async (tx) => {
        const inserted = await tx.query('INSERT INTO showcase_runs (version, size) VALUES ($1, $2) ON CONFLICT (version) DO NOTHING', [key, size]);
        if (inserted.rowCount > 0) await queue.boss.send(SHOWCASE_QUEUE, { version: key }, { db: adapter(tx), expireInSeconds: 3600, retryLimit: 2 });
      });
      await queue.boss.work(SHOWCASE_QUEUE, { pollingIntervalSeconds: 2, batchSize: 1 }, async () => {
        const engines = options.engines ? await options.engines() : await (await import('../tasks/engines.js')).showcaseEngines();
        try {
          const report = await runShowcase({ db: ctx.db, media, engines, size, log: scope.log });
          await ctx.db.query('UPDATE showcase_runs SET finished_at = now(), items = $2, bytes = bytes + $3, error = NULL WHERE version = $1', [
            key,
            report.rendered + report.skipped,
            report.bytes,
          ]);
        } catch (error) {
          await ctx.db.query('UPDATE showcase_runs SET error = $2 WHERE version = $1', [key, String(error).slice(0, 500)]).catch(() => undefined);
          scope.log.error({ err: error }, 'showcase run failed');
          throw error;
        } finally {
          if (!options.engines) await engines.close?.();
        }
      });
    });
  };
}

export function discoveryModule(options: DiscoveryModuleOptions = {}): ApiModuleDefinition {
  return { name: 'discovery', plugin: discoveryPlugin(options), migrationsDir: path.join(__dirname, 'migrations') };
}
