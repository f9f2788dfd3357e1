/**
 * Picks the engine for each algorithm by configuration. Default: everything local. In production:
 *   ENGINE_DEFAULT=local
 *   ENGINE_ALGORITHMS=text2video=comfyui,image2video=comfyui
 *   COMFYUI_URL=http://gpu-worker:8188  COMFYUI_WORKFLOWS=/etc/studio/workflows  (one <algorithm>.json each)
 */
import { USER_TEXTS } from 'shared-contracts/constants';
import { isAlgorithm } from 'shared-contracts/algorithms';
import { MIN_COMFYUI_VERSION } from './comfyui/client';
import { ComfyUiEngine, type ComfyServerReport, type ComfyUiOptions } from './comfyui/engine';
import { loadWorkflowSet } from './comfyui/workflow';
import { BUNDLED_WORKFLOWS_DIR } from './comfyui/workflows';
import { EngineError } from './errors';
import { LocalEngine } from './local/engine';
import { ALGORITHM_IDS, type AlgorithmId, type Engine, type EngineContext, type EngineJob, type EngineResult } from './types';

export interface EngineConfig {
  /** engine name for algorithms not listed; default 'local' */
  default?: string;
  algorithms?: Partial<Record<AlgorithmId, string>>;
}

export class EngineRegistry {
  private readonly engines = new Map<string, Engine>();
  constructor(engines: Engine[], private readonly config: EngineConfig = {}) {
    for (const e of engines) this.engines.set(e.name, e);
  }

  /**
   * The engine configured for an algorithm. An algorithm named for an engine must run there; the default
   * engine takes only what it can run (ENGINE_DEFAULT=comfyui: the algorithms with a workflow), the rest
   * (the tools, the watermark, the checks) stays local.
   */
  engineFor(algorithm: AlgorithmId): Engine {
    if (!isAlgorithm(algorithm)) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `unknown algorithm ${String(algorithm)}`);
    const named = this.config.algorithms?.[algorithm];
    const fallback = this.engines.get(this.config.default ?? 'local');
    const name = named ?? (fallback?.supports(algorithm) ? (this.config.default ?? 'local') : 'local');
    const engine = this.engines.get(name);
    if (!engine) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `engine ${name} (for ${algorithm}) is not configured`);
    if (!engine.supports(algorithm)) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `engine ${name} cannot run ${algorithm}`);
    return engine;
  }

  run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    return this.engineFor(job.algorithm).run(job, ctx);
  }

  /** The ComfyUI engine, when one is configured. */
  get comfyui(): ComfyUiEngine | null {
    const engine = this.engines.get('comfyui');
    return engine instanceof ComfyUiEngine ? engine : null;
  }

  /**
   * For the worker's start: the ComfyUI server's version and what it lacks for each routed workflow. A server
   * older than the client needs is refused here, so the worker does not start and fail every task later.
   */
  async verify(): Promise<ComfyServerReport | null> {
    const comfy = this.comfyui;
    const routed = ALGORITHM_IDS.filter((a) => (this.config.algorithms?.[a] ?? this.config.default) === 'comfyui' && comfy?.supports(a));
    if (!comfy || !routed.length) return null;
    const report = await comfy.verify();
    if (report.version !== null && !report.compatible) {
      throw new Error(`ComfyUI ${report.version || '(no version)'} at ${report.url} is older than ${MIN_COMFYUI_VERSION}, the oldest this product runs on: update it`);
    }
    return report;
  }

  async close(): Promise<void> {
    for (const e of this.engines.values()) await e.close?.();
  }
}

/** Parse `a=comfyui,b=local` into an algorithm map (unknown algorithms are refused). */
export function parseAlgorithmMap(text: string | undefined): Partial<Record<AlgorithmId, string>> {
  const out: Partial<Record<AlgorithmId, string>> = {};
  for (const part of (text ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [alg, engine] = part.split('=').map((s) => s.trim());
    if (!isAlgorithm(alg) || !engine) throw new Error(`ENGINE_ALGORITHMS: cannot read "${part}"`);
    out[alg] = engine;
  }
  return out;
}

export interface CreateRegistryOptions {
  config?: EngineConfig;
  comfyui?: ComfyUiOptions;
  env?: NodeJS.ProcessEnv;
}

/** The registry from options, or from the environment (ENGINE_DEFAULT, ENGINE_ALGORITHMS, COMFYUI_URL, COMFYUI_WORKFLOWS). */
export async function createEngineRegistry(opts: CreateRegistryOptions = {}): Promise<EngineRegistry> {
  const env = opts.env ?? process.env;
  const engines: Engine[] = [new LocalEngine()];
  let comfy = opts.comfyui;
  if (!comfy && env.COMFYUI_URL) {
    // the operator's folder, else the workflows shipped here (comfyui/workflows, models in its manifest)
    const set = await loadWorkflowSet(env.COMFYUI_WORKFLOWS || BUNDLED_WORKFLOWS_DIR, ALGORITHM_IDS);
    comfy = { baseUrl: env.COMFYUI_URL, set, idleTimeoutMs: optionalMs(env.COMFYUI_IDLE_TIMEOUT_MS) };
  }
  if (comfy) engines.push(new ComfyUiEngine(comfy));
  const config: EngineConfig = opts.config ?? {
    default: env.ENGINE_DEFAULT || 'local',
    algorithms: parseAlgorithmMap(env.ENGINE_ALGORITHMS),
  };
  const registry = new EngineRegistry(engines, config);
  // an algorithm named for an engine that cannot run it fails here, at start-up, not at its first task
  for (const algorithm of Object.keys(config.algorithms ?? {}) as AlgorithmId[]) registry.engineFor(algorithm);
  return registry;
}

function optionalMs(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms <= 0) throw new Error(`COMFYUI_IDLE_TIMEOUT_MS must be a whole number of milliseconds, not "${value}"`);
  return ms;
}
