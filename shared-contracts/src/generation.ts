/**
 * What a user sees of how a result was made and of a task's wait (issue 15): the preview label of
 * results no generative model made, the creation screen's notice, and the words for the two waits.
 */

/** The product's one name: header, page titles, login frame, watermark (upper-cased there). */
export const PRODUCT_NAME = 'AI Video Generator';

/** Why a queued task waits: for one of the user's plan's video slots, or for a free worker. */
export type TaskQueueWait = 'plan_slot' | 'worker';

export const QUEUE_WAIT_TEXTS: Record<TaskQueueWait, string> = {
  plan_slot: 'Waiting for a free slot of your plan',
  worker: 'Waiting for a free worker',
};

/** The label on a result (card and preview) that no generative model made. */
export const PREVIEW_LABEL = 'Preview · no AI model';

/** The creation screen's notice before Generate when the server renders previews only. */
export const PREVIEW_NOTICE = {
  title: 'This server renders previews without an AI model',
  body:
    'Results are made on this machine by procedural rendering, ffmpeg filters and a speech synthesiser: they follow your prompt, settings and seed, but no generative model draws them.',
  operator:
    'An operator connects models by pointing the server at a ComfyUI instance (COMFYUI_URL) and routing algorithms to it (ENGINE_DEFAULT=comfyui or ENGINE_<ALGORITHM>=comfyui); services/engines/src/comfyui/README.md lists the workflows and the models each expects.',
} as const;

/**
 * Whether a result was made without a generative model: every local engine's name starts with
 * 'local:' and its note says 'no generative model ran'. Tools that run real models locally (ESRGAN,
 * segmentation, face landmarks) name their model.
 */
export function madeWithoutModel(engine: { name: string; model?: string; note: string } | null | undefined): boolean {
  if (!engine) return false;
  return /no generative model ran/i.test(engine.note) || (engine.name.startsWith('local:') && !engine.model);
}

/**
 * The badge a result carries, saying what made it: the preview label when no generative model ran,
 * 'ComfyUI · <model>' for the GPU workers, 'Local · <model>' for a tool that runs a model on this server.
 */
export function engineBadge(engine: { name: string; model?: string; note: string } | null | undefined): string | null {
  if (!engine) return null;
  if (madeWithoutModel(engine)) return PREVIEW_LABEL;
  if (engine.name === 'comfyui') return `ComfyUI · ${engine.model ?? 'workflow'}`;
  return engine.model ? `Local · ${engine.model}` : null;
}

/** The engine a creation will run on, as the cost call says before the charge (issue 19). */
export interface EngineOffer {
  /** 'local': this server's own engines; 'comfyui': the GPU workers */
  name: 'local' | 'comfyui';
  /** the model that makes the result, where one does */
  model?: string;
  /** on this server's own engine: what it does and does not do for this algorithm, in a sentence (issue 21) */
  summary?: string;
  /** settings this engine cannot honour for the algorithm: the screen disables them, a create that sets them is refused */
  refused?: { name: string; label: string }[];
  /** the longest output it makes, in seconds */
  max_seconds?: number;
  /** the resolutions it renders at; others are refused */
  resolutions?: string[];
  /** video redrawn frame by frame: frames a second, the most frames, frames per chunk */
  frames?: { fps: number; max_frames: number; chunk_frames: number };
}

/** Said when a task that failed for good is retried (its Retry is not offered). */
export const TASK_NOT_RETRYABLE = 'This task cannot be retried: the same request would fail the same way';

/** Seeds the catalogue takes (0 to 2^31 - 1). */
export const SEED_MAX = 2 ** 31 - 1;
