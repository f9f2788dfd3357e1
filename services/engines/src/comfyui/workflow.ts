/**
 * ComfyUI workflows as this product keeps them: one API-format graph per algorithm (`<algorithm>.json`,
 * ComfyUI's "Save (API Format)") with `{{placeholders}}` filled per task, and a `manifest.json` beside them
 * that names each graph's model, its files and its limits. What a graph honours is read from the graph
 * itself (the placeholders it uses), so a setting can never be claimed by a manifest and ignored by the graph.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AlgorithmId } from '../types';

export interface ComfyNode {
  class_type: string;
  inputs: Record<string, unknown>;
  _meta?: { title?: string };
}
export type ComfyWorkflow = Record<string, ComfyNode>;

/** A model file a workflow loads (under ComfyUI/models), as an operator must install it. */
interface ModelFile {
  path: string;
  /** approximate size, as its publisher gives it */
  size: string;
  licence: string;
  source: string;
}

/** How video2anime's frames go through the graph: resampled to `fps`, at most `maxFrames`, `chunkFrames` a prompt. */
export interface FramePlan {
  fps: number;
  maxFrames: number;
  chunkFrames: number;
}

export interface WorkflowManifestEntry {
  /** the model's name as results and badges show it */
  model: string;
  files?: ModelFile[];
  /** the longest output the model makes well, in seconds (music: Stable Audio Open's 47 s) */
  maxSeconds?: number;
  /** the short sides the graph renders at (video); others are refused */
  resolutions?: string[];
  /** video input processed frame by frame */
  frames?: FramePlan;
}
export type WorkflowManifest = Partial<Record<AlgorithmId, WorkflowManifestEntry>>;

export interface WorkflowSet {
  workflows: Partial<Record<AlgorithmId, ComfyWorkflow>>;
  manifest: WorkflowManifest;
}

const PLACEHOLDER = /\{\{([a-z_0-9:]+)\}\}/gi;

/** Every placeholder name a workflow uses (`prompt`, `width`, `param:style`, `input_0` ...). */
export function placeholdersOf(workflow: ComfyWorkflow): Set<string> {
  const names = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') for (const m of value.matchAll(PLACEHOLDER)) names.add(m[1]);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(workflow);
  return names;
}

/**
 * The workflow with its placeholders filled. A string that is exactly one placeholder takes the value's own
 * type (so `"{{seed}}"` becomes a number); placeholders inside longer strings are replaced by text. A
 * placeholder with no value is left as it is, and `unfilled` reports it.
 */
export function fillWorkflow(workflow: ComfyWorkflow, vars: Record<string, string | number>): ComfyWorkflow {
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const whole = /^\{\{([a-z_0-9:]+)\}\}$/i.exec(value);
      if (whole && whole[1] in vars) return vars[whole[1]];
      return value.replace(PLACEHOLDER, (m, k: string) => (k in vars ? String(vars[k]) : m));
    }
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, walk(x)]));
    return value;
  };
  return walk(workflow) as ComfyWorkflow;
}

/** The placeholders a filled workflow still holds (none, when every value was given). */
export function unfilled(workflow: ComfyWorkflow): string[] {
  return [...placeholdersOf(workflow)];
}

/** The nodes whose outputs are files a task returns. */
export const SAVE_NODES = new Set(['SaveImage', 'SaveVideo', 'SaveAnimatedWEBP', 'SaveAnimatedPNG', 'SaveAudio', 'SaveAudioMP3', 'SaveAudioOpus', 'SaveWEBM']);

/** Loads `<algorithm>.json` for each algorithm found in a folder, and its `manifest.json` when there is one. */
export async function loadWorkflowSet(dir: string, algorithms: readonly AlgorithmId[]): Promise<WorkflowSet> {
  const workflows: Partial<Record<AlgorithmId, ComfyWorkflow>> = {};
  for (const algorithm of algorithms) {
    let text: string;
    try {
      text = await readFile(join(dir, `${algorithm}.json`), 'utf8');
    } catch {
      continue; // no workflow for this algorithm
    }
    try {
      workflows[algorithm] = JSON.parse(text) as ComfyWorkflow;
    } catch (error) {
      throw new Error(`ComfyUI workflow ${join(dir, `${algorithm}.json`)} is not valid JSON: ${String(error)}`, { cause: error });
    }
  }
  let manifest: WorkflowManifest = {};
  try {
    manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as WorkflowManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`ComfyUI workflow manifest in ${dir} cannot be read: ${String(error)}`, { cause: error });
  }
  return { workflows, manifest };
}

/**
 * The model a workflow runs, as a result names it: the manifest's name, else the titles (or file names) of
 * the graph's loader nodes, so an operator's own workflow still says what made its results.
 */
export function modelNameOf(workflow: ComfyWorkflow, entry?: WorkflowManifestEntry): string {
  if (entry?.model) return entry.model;
  const loaded: string[] = [];
  for (const node of Object.values(workflow)) {
    if (!/Loader/.test(node.class_type)) continue;
    const file = Object.entries(node.inputs).find(([name, value]) => /_name$/.test(name) && typeof value === 'string')?.[1];
    const name = node._meta?.title ?? (typeof file === 'string' ? file : undefined);
    if (name && !loaded.includes(name)) loaded.push(name);
  }
  return loaded.length ? loaded.join(' + ') : 'ComfyUI workflow';
}
