/**
 * The values a task's placeholders take: the prompt and seed, the picture or frame size (from the ratio, the
 * resolution, or the upload's own shape), the length in seconds and frames, the camera motion as words the
 * prompt carries, the song's tags, and every catalogue parameter as `{{param:NAME}}`.
 */
import { ASPECT_RATIOS } from 'shared-contracts/constants';
import { fillWorkflow, type ComfyWorkflow } from './workflow';
import { ALGORITHMS } from 'shared-contracts/algorithms';
import { seedFor } from '../local/prompt';
import type { AlgorithmId, EngineJob } from '../types';

export interface Size {
  width: number;
  height: number;
}

/** How each model family wants its sizes: the pixel area it was trained at and the multiple its latents need. */
const FAMILY: Partial<Record<AlgorithmId, { area?: number; multiple: number; defaultShort?: number }>> = {
  text2image: { area: 1024 * 1024, multiple: 8 },
  image2image: { area: 1024 * 1024, multiple: 8 },
  partial_redrawing: { area: 1024 * 1024, multiple: 8 },
  text2video: { multiple: 16, defaultShort: 480 },
  image2video: { multiple: 16, defaultShort: 480 },
  video2anime: { multiple: 8, defaultShort: 576 },
};

const roundTo = (n: number, multiple: number) => Math.max(multiple, Math.round(n / multiple) * multiple);

/** A size of the given aspect: by its short side, else by its pixel area; sides rounded to the model's multiple. */
function sizeFor(aspect: number, multiple: number, by: { short: number } | { area: number }): Size {
  if ('short' in by) {
    return aspect >= 1 ? { width: roundTo(by.short * aspect, multiple), height: roundTo(by.short, multiple) } : { width: roundTo(by.short, multiple), height: roundTo(by.short / aspect, multiple) };
  }
  const height = Math.sqrt(by.area / aspect);
  return { width: roundTo(height * aspect, multiple), height: roundTo(height, multiple) };
}

const MOTION_WORDS: Record<string, string> = {
  zoom_in: 'the camera slowly zooms in',
  zoom_out: 'the camera slowly zooms out',
  pan_left: 'the camera pans to the left',
  pan_right: 'the camera pans to the right',
  pan_up: 'the camera tilts up',
  pan_down: 'the camera tilts down',
};

/**
 * The generation size of a task: the upload's own shape where there is an upload and no ratio was chosen
 * (so nothing is cropped), else the chosen ratio; at the resolution's short side, or the model's area.
 */
function generationSize(job: EngineJob, inputShape: Size | null): Size {
  const p = job.params as Record<string, unknown>;
  const family = FAMILY[job.algorithm] ?? { multiple: 8 };
  const ratio = ASPECT_RATIOS.find((r) => r.ratio === p.ratio);
  const aspect = ratio ? ratio.width / ratio.height : inputShape ? inputShape.width / inputShape.height : 16 / 9;
  const short = typeof p.resolution === 'string' ? Number(p.resolution.replace('p', '')) : family.defaultShort;
  if (short) return sizeFor(aspect, family.multiple, { short });
  return sizeFor(aspect, family.multiple, { area: family.area ?? 1024 * 1024 });
}

/** Every placeholder's value for a task; `uploaded` are the names ComfyUI gave the inputs. */
function jobVariables(job: EngineJob, uploaded: string[], size: Size, extra: Record<string, string | number> = {}): Record<string, string | number> {
  const p = job.params as Record<string, unknown>;
  const text = (name: string) => (typeof p[name] === 'string' ? (p[name] as string) : '');
  const prompt = text('prompt') || text('lyrics');
  const seed = typeof p.seed === 'number' ? p.seed : seedFor(prompt || job.taskId);
  const duration = typeof p.duration === 'number' ? p.duration : 5;
  const motion = MOTION_WORDS[text('motion')];
  const vars: Record<string, string | number> = {
    prompt,
    negative_prompt: text('negative_prompt'),
    seed,
    width: size.width,
    height: size.height,
    duration,
    frames: Math.round(duration * 24) + 1,
    // Wan takes 4n+1 frames at 16 fps
    frames_16: Math.max(1, Math.round((duration * 16) / 4)) * 4 + 1,
    motion_text: motion ? `, ${motion}` : '',
    song_tags: [text('prompt'), text('style'), text('voice') && `${text('voice')} vocals`].filter(Boolean).join(', ') || 'pop, melodic',
    task_id: job.taskId,
    ...extra,
  };
  uploaded.forEach((name, i) => (vars[`input_${i}`] = name));
  // parameters the user left out: their catalogue default, or nothing
  for (const [name, spec] of Object.entries(ALGORITHMS[job.algorithm]?.params ?? {})) {
    const fallback = 'default' in spec ? spec.default : undefined;
    vars[`param:${name}`] = typeof fallback === 'string' || typeof fallback === 'number' ? fallback : '';
  }
  for (const [name, value] of Object.entries(p)) if (typeof value === 'string' || typeof value === 'number') vars[`param:${name}`] = value;
  return vars;
}

/** The prompt ComfyUI gets for a task: the workflow filled with the task's values. */
export function promptFor(workflow: ComfyWorkflow, job: EngineJob, uploaded: string[], inputShape: Size | null, fileStem: string): ComfyWorkflow {
  return fillWorkflow(workflow, jobVariables(job, uploaded, generationSize(job, inputShape), { task_id: fileStem }));
}
