/**
 * What a ComfyUI workflow can honour of a create's settings, read from the graph (the placeholders it uses)
 * and its manifest entry (limits the model has). The API refuses a setting the graph would ignore before it
 * charges, and the creation screen disables it; nothing is silently dropped. A light module: no engine code,
 * so the API and the browser-facing calls can use it.
 */
import { ALGORITHMS } from 'shared-contracts/algorithms';
import type { AlgorithmId } from '../types';
import { modelNameOf, placeholdersOf, type ComfyWorkflow, type FramePlan, type WorkflowManifestEntry } from './workflow';

/**
 * The placeholders that carry each setting into a graph. A setting is honoured when the graph uses one of
 * them (or its own `{{param:NAME}}`); `format` is honoured by the engine itself, which encodes the audio.
 */
const CARRIERS: Record<string, readonly string[]> = {
  prompt: ['prompt', 'song_tags'],
  negative_prompt: ['negative_prompt'],
  seed: ['seed'],
  ratio: ['width', 'height'],
  resolution: ['width', 'height'],
  duration: ['duration', 'frames', 'frames_16'],
  motion: ['motion_text'],
  style: ['song_tags'],
  voice: ['song_tags'],
  // the engine draws the regions into the area mask it uploads as the second input (mask-input.ts)
  regions: ['input_1'],
};
const ENGINE_HONOURED = new Set(['format']);

/** A setting the graph cannot honour, with the words the refusal and the screen use. */
interface RefusedSetting {
  /** a param's name, or an input's name (`end_frame`) */
  name: string;
  kind: 'param' | 'input';
  /** e.g. 'Generate audio' */
  label: string;
}

export interface ComfyCapabilities {
  algorithm: AlgorithmId;
  model: string;
  refused: RefusedSetting[];
  /** the longest output the model makes, in seconds */
  maxSeconds?: number;
  /** the short sides the graph renders at; other resolutions are refused */
  resolutions?: string[];
  frames?: FramePlan;
}

const LABELS: Record<string, string> = {
  audio: 'Generate audio',
  end_frame: 'An end frame',
  motion: 'Camera motion',
  voice: 'A voice',
  style: 'A style',
  resolution: 'The resolution',
  ratio: 'The ratio',
  negative_prompt: 'A negative prompt',
};

export function capabilitiesOf(algorithm: AlgorithmId, workflow: ComfyWorkflow, entry?: WorkflowManifestEntry): ComfyCapabilities {
  const used = placeholdersOf(workflow);
  const spec = ALGORITHMS[algorithm];
  const refused: RefusedSetting[] = [];
  for (const name of Object.keys(spec.params)) {
    if (ENGINE_HONOURED.has(name) || used.has(`param:${name}`)) continue;
    if ((CARRIERS[name] ?? []).some((carrier) => used.has(carrier))) continue;
    refused.push({ name, kind: 'param', label: LABELS[name] ?? name });
  }
  spec.inputs.forEach((input, index) => {
    if (!used.has(`input_${index}`)) refused.push({ name: input.name, kind: 'input', label: LABELS[input.name] ?? `The ${input.name.replace(/_/g, ' ')}` });
  });
  return { algorithm, model: modelNameOf(workflow, entry), refused, maxSeconds: entry?.maxSeconds, resolutions: entry?.resolutions, frames: entry?.frames };
}

/** Whether a create's value for a setting asks for something (a default or an empty value asks for nothing). */
function asksFor(algorithm: AlgorithmId, name: string, value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === false) return false;
  const spec = ALGORITHMS[algorithm].params[name];
  return !(spec && 'default' in spec && spec.default === value);
}

/**
 * Why this create cannot run on the graph, in words for the user, or null when it can. `params` are the
 * checked params; `inputs` names the inputs given.
 */
export function refusalFor(caps: ComfyCapabilities, params: Record<string, unknown>, inputs: readonly string[]): string | null {
  const title = ALGORITHMS[caps.algorithm].title;
  for (const setting of caps.refused) {
    const asked = setting.kind === 'input' ? inputs.includes(setting.name) : asksFor(caps.algorithm, setting.name, params[setting.name]);
    if (asked) return `${setting.label} is not available for ${title} with ${caps.model} on this server`;
  }
  const seconds = params.duration;
  if (caps.maxSeconds && typeof seconds === 'number' && seconds > caps.maxSeconds) {
    return `${title} with ${caps.model} makes up to ${caps.maxSeconds} seconds on this server`;
  }
  const resolution = params.resolution;
  if (caps.resolutions && typeof resolution === 'string' && !caps.resolutions.includes(resolution)) {
    return `${title} with ${caps.model} renders at ${caps.resolutions.join(', ')} on this server`;
  }
  return null;
}
