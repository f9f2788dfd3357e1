/**
 * The engines for the worker, chosen per algorithm by configuration:
 *   ENGINE_DEFAULT=local|comfyui           engine for algorithms not named (default local)
 *   ENGINE_<ALGORITHM>=local|comfyui       e.g. ENGINE_TEXT2VIDEO=comfyui, ENGINE_IMAGE2VIDEO=comfyui
 *   ENGINE_ALGORITHMS=text2video=comfyui,... (the engines package's own form; ENGINE_<ALGORITHM> wins)
 *   COMFYUI_URL, COMFYUI_WORKFLOWS         the ComfyUI server and its workflow folder
 */
import { ALGORITHM_IDS, type AlgorithmId } from '@studio/engines/types';
import { localMethod, type LocalMethod } from 'shared-contracts/algorithms';
import type { EngineConfig, EngineRegistry } from '@studio/engines/registry';
import { BUNDLED_WORKFLOWS_DIR, capabilitiesOf, loadWorkflowSet, type ComfyCapabilities } from '@studio/engines/comfyui';
import type { EngineOffer } from 'shared-contracts';

export function engineConfigFromEnv(env: NodeJS.ProcessEnv): EngineConfig {
  const algorithms: Partial<Record<AlgorithmId, string>> = {};
  for (const part of (env.ENGINE_ALGORITHMS ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [algorithm, engine] = part.split('=').map((s) => s.trim());
    if (!(ALGORITHM_IDS as readonly string[]).includes(algorithm) || !engine) throw new Error(`ENGINE_ALGORITHMS: cannot read "${part}"`);
    algorithms[algorithm as AlgorithmId] = engine;
  }
  for (const id of ALGORITHM_IDS) {
    const value = env[`ENGINE_${id.toUpperCase()}`];
    if (value) algorithms[id] = value.trim();
  }
  return { default: env.ENGINE_DEFAULT || 'local', algorithms };
}

/** The engine an algorithm runs on under this configuration ('local' unless named otherwise). */
export function engineChooser(config: EngineConfig): (algorithm: string) => string {
  return (algorithm) => config.algorithms?.[algorithm as AlgorithmId] ?? config.default ?? 'local';
}

/** The engine registry of the environment (loads the engines package, and its models on first use). */
export async function createTaskEngines(env: NodeJS.ProcessEnv): Promise<EngineRegistry> {
  const config = engineConfigFromEnv(env);
  const named = new Set([config.default ?? 'local', ...Object.values(config.algorithms ?? {})]);
  for (const name of named) {
    if (name !== 'local' && name !== 'comfyui') throw new Error(`unknown engine "${name}": use local or comfyui`);
  }
  if (named.has('comfyui') && !env.COMFYUI_URL) throw new Error('an algorithm is set to the comfyui engine but COMFYUI_URL is not set');
  const { createEngineRegistry } = await import('@studio/engines/registry');
  return createEngineRegistry({ config, env });
}

/**
 * The engines the showcase renders the seed data with: always this server's own, whatever the workers are
 * routed to, so a first start never spends minutes of GPU on seed pictures (their badge says what made them).
 */
export function showcaseEngines(): Promise<EngineRegistry> {
  return createTaskEngines({ ENGINE_DEFAULT: 'local' });
}

/** Where an algorithm runs, and on ComfyUI what its workflow honours (what the API refuses before the charge). */
export interface EngineChoice {
  name: 'local' | 'comfyui';
  comfyui?: ComfyCapabilities;
  /** what this server's own engine runs for it (said before the charge) */
  local?: LocalMethod;
}

/** The local engine's choice for an algorithm, with what it runs under the server's engine settings. */
export function localChoice(algorithm: AlgorithmId, env: Readonly<Record<string, string | undefined>> = {}): EngineChoice {
  return { name: 'local', local: localMethod(algorithm, env) };
}

/**
 * The engine choice per algorithm under this configuration, with the ComfyUI workflows' capabilities read from
 * the same folder the workers load (COMFYUI_WORKFLOWS, else the shipped ones), so the API and the workers agree.
 */
export async function engineChoices(config: EngineConfig, env: Readonly<Record<string, string | undefined>>): Promise<(algorithm: AlgorithmId) => EngineChoice> {
  const choose = engineChooser(config);
  const routed = ALGORITHM_IDS.filter((id) => choose(id) === 'comfyui');
  if (!routed.length) return (algorithm) => localChoice(algorithm, env);
  const set = await loadWorkflowSet(env.COMFYUI_WORKFLOWS || BUNDLED_WORKFLOWS_DIR, routed);
  const choices = new Map<AlgorithmId, EngineChoice>();
  for (const id of routed) {
    const workflow = set.workflows[id];
    if (workflow) choices.set(id, { name: 'comfyui', comfyui: capabilitiesOf(id, workflow, set.manifest[id]) });
  }
  return (algorithm) => choices.get(algorithm) ?? localChoice(algorithm, env);
}

/** The choice as the cost call says it before the charge. */
export function engineOffer(choice: EngineChoice): EngineOffer {
  const caps = choice.comfyui;
  if (!caps) return { name: 'local', model: choice.local?.model, summary: choice.local?.summary };
  return {
    name: 'comfyui',
    model: caps.model,
    refused: caps.refused.map(({ name, label }) => ({ name, label })),
    max_seconds: caps.maxSeconds,
    resolutions: caps.resolutions,
    frames: caps.frames ? { fps: caps.frames.fps, max_frames: caps.frames.maxFrames, chunk_frames: caps.frames.chunkFrames } : undefined,
  };
}
