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

/** Seeds the catalogue takes (0 to 2^31 - 1). */
export const SEED_MAX = 2 ** 31 - 1;
