/**
 * Every algorithm, what it takes and what it makes, its other names and its group: the one catalogue
 * (`shared-contracts/algorithms`, kept out of the main entry so the shell's first load carries none of it).
 * The API validates creates against it and prices them from it (output media, where the duration comes
 * from); the engines run its ids; the screens read its settings, outputs and what this server's own engine
 * does (`localMethod`).
 */
import { ASPECT_RATIOS, MUSIC_DEFAULT_DURATION } from './constants.js';

export const ALGORITHM_IDS = [
  'text2video',
  'image2video',
  'video2anime',
  'text2image',
  'image2image',
  'mai_tcm',
  'mai_text2song_minimax',
  'effect',
  'image_enhancer',
  'bg_remover',
  'object_remover',
  'partial_redrawing',
  'text_watermark_remover',
  'image_extender',
  'video_enhancer',
  'video_denoise',
  'video_eraser',
  'audio_noise_reduction',
  'audio_vocal_removal',
  'talking_photo',
  'talking_avatar',
  'lip_sync',
  'image_fkp',
  'face_check',
  'watermark',
  't_sensitive_detect',
  'i_sensitive_detect',
  'v_sensitive_detect',
] as const;
export type AlgorithmId = (typeof ALGORITHM_IDS)[number];

export type MediaKind = 'image' | 'video' | 'audio';

export type InputKind = MediaKind | 'mask';

export interface InputSpec {
  name: string;
  /** accepted media kinds; 'mask' = an image whose white (or opaque) pixels mark the area */
  kinds: InputKind[];
  required: boolean;
  /** e.g. 'must show a face' */
  note?: string;
}

export type ParamSpec =
  | { type: 'string'; required?: boolean; minLength?: number; maxWords?: number; default?: string; enum?: readonly string[] }
  | { type: 'number'; required?: boolean; min: number; max: number; default?: number; integer?: boolean; enum?: readonly number[] }
  | { type: 'boolean'; required?: boolean; default?: boolean }
  | { type: 'regions'; required?: boolean }
  | { type: 'expand'; required?: boolean };

export type AlgorithmCategory = 'video' | 'image' | 'audio' | 'check';

export interface AlgorithmSpec {
  id: AlgorithmId;
  title: string;
  category: AlgorithmCategory;
  inputs: InputSpec[];
  params: Record<string, ParamSpec>;
  /** what the outputs are; 'data' = a judgement in metadata.data, no file; 'same' = the input's kind */
  output: MediaKind | 'data' | 'same';
  /**
   * where an output's length comes from, for costing: a param (seconds), the first input's duration, or
   * nothing (images, checks)
   */
  duration: { from: 'param'; param: string; default: number } | { from: 'input' } | { from: 'speech' } | { from: 'none' };
  /** how many outputs: a param (batch count) or one */
  count?: { param: string; default: number; max: number };
  /** a region of interest is needed: a mask input or the regions param */
  needsArea?: boolean;
}

const ratios = ASPECT_RATIOS.map((r) => r.ratio);
const resolution = { type: 'string', enum: ['360p', '540p', '720p', '1080p'] } as const;
const seed = { type: 'number', min: 0, max: 2 ** 31 - 1, integer: true } as const;
const motion = { type: 'string', enum: ['auto', 'zoom_in', 'zoom_out', 'pan_left', 'pan_right', 'pan_up', 'pan_down'], default: 'auto' } as const;
const image = (required = true): InputSpec => ({ name: 'image', kinds: ['image'], required });
const video = (): InputSpec => ({ name: 'video', kinds: ['video'], required: true });
const mask = (): InputSpec => ({ name: 'mask', kinds: ['mask'], required: false, note: 'white or opaque pixels mark the area; or give regions' });
/** a soundtrack synthesised from the prompt's mood (the creation form's audio toggle) */
const audio = { type: 'boolean', default: false } as const;
const speech = { text: { type: 'string', maxWords: 200 }, voice: { type: 'string' } } as const;

/**
 * The catalogue as written, its settings' literal types kept (a `const` type parameter): each algorithm's
 * params type (`AlgorithmParams`) is read from its settings here, never written a second time.
 */
function catalogue<const T extends Record<AlgorithmId, AlgorithmSpec>>(entries: T): T {
  return entries;
}

const CATALOGUE = catalogue({
  text2video: {
    id: 'text2video', title: 'Text to video', category: 'video', output: 'video', inputs: [],
    params: { prompt: { type: 'string', required: true, minLength: 1, maxWords: 200 }, ratio: { type: 'string', enum: ratios, default: '16:9' }, duration: { type: 'number', min: 2, max: 10, default: 5 }, resolution, motion, seed, audio },
    duration: { from: 'param', param: 'duration', default: 5 },
  },
  image2video: {
    id: 'image2video', title: 'Image to video', category: 'video', output: 'video',
    inputs: [image(), { name: 'end_frame', kinds: ['image'], required: false }],
    params: { prompt: { type: 'string', maxWords: 200 }, duration: { type: 'number', min: 2, max: 10, default: 5 }, resolution, motion, seed, audio },
    duration: { from: 'param', param: 'duration', default: 5 },
  },
  video2anime: {
    id: 'video2anime', title: 'Video to anime', category: 'video', output: 'video', inputs: [video()],
    params: { prompt: { type: 'string', maxWords: 200 }, style: { type: 'string', enum: ['anime', 'cartoon', 'comic', 'sketch', 'watercolor'], default: 'anime' }, resolution },
    duration: { from: 'input' },
  },
  text2image: {
    id: 'text2image', title: 'Text to image', category: 'image', output: 'image', inputs: [],
    params: { prompt: { type: 'string', required: true, minLength: 1, maxWords: 50 }, ratio: { type: 'string', enum: ratios, default: '1:1' }, num: { type: 'number', min: 1, max: 4, integer: true, default: 1 }, seed },
    duration: { from: 'none' }, count: { param: 'num', default: 1, max: 4 },
  },
  image2image: {
    id: 'image2image', title: 'Image to image', category: 'image', output: 'image', inputs: [image()],
    params: { prompt: { type: 'string', required: true, minLength: 1, maxWords: 50 }, ratio: { type: 'string', enum: ratios }, num: { type: 'number', min: 1, max: 4, integer: true, default: 1 }, strength: { type: 'number', min: 0, max: 1, default: 0.6 }, seed },
    duration: { from: 'none' }, count: { param: 'num', default: 1, max: 4 },
  },
  mai_tcm: {
    id: 'mai_tcm', title: 'Text to music', category: 'audio', output: 'audio', inputs: [],
    params: { prompt: { type: 'string', required: true, minLength: 10, maxWords: 50 }, duration: { type: 'number', min: 5, max: 240, default: MUSIC_DEFAULT_DURATION }, style: { type: 'string' }, format: { type: 'string', enum: ['mp3', 'm4a'], default: 'mp3' }, seed },
    duration: { from: 'param', param: 'duration', default: MUSIC_DEFAULT_DURATION },
  },
  mai_text2song_minimax: {
    id: 'mai_text2song_minimax', title: 'Text to song', category: 'audio', output: 'audio', inputs: [],
    params: { lyrics: { type: 'string', required: true, minLength: 10 }, prompt: { type: 'string', maxWords: 50 }, duration: { type: 'number', min: 5, max: 240, default: MUSIC_DEFAULT_DURATION }, style: { type: 'string' }, voice: { type: 'string' }, format: { type: 'string', enum: ['mp3', 'm4a'], default: 'mp3' }, seed },
    duration: { from: 'param', param: 'duration', default: MUSIC_DEFAULT_DURATION },
  },
  effect: {
    id: 'effect', title: 'AI effect', category: 'video', output: 'video', inputs: [image()],
    params: { effect: { type: 'string', enum: ['zoom_pulse', 'shake', 'spin', 'glitch', 'fade_bw', 'heartbeat', 'dolly'], default: 'zoom_pulse' }, duration: { type: 'number', min: 2, max: 10, default: 5 }, resolution },
    duration: { from: 'param', param: 'duration', default: 5 },
  },
  image_enhancer: {
    id: 'image_enhancer', title: 'Image enhancer', category: 'image', output: 'image', inputs: [image()],
    params: { scale: { type: 'number', min: 2, max: 4, integer: true, enum: [2, 3, 4], default: 2 } },
    duration: { from: 'none' },
  },
  bg_remover: { id: 'bg_remover', title: 'Background remover', category: 'image', output: 'image', inputs: [image()], params: {}, duration: { from: 'none' } },
  object_remover: {
    id: 'object_remover', title: 'Object remover', category: 'image', output: 'image', inputs: [image(), mask()],
    params: { regions: { type: 'regions' } }, duration: { from: 'none' }, needsArea: true,
  },
  partial_redrawing: {
    id: 'partial_redrawing', title: 'Partial redrawing', category: 'image', output: 'image', inputs: [image(), mask()],
    params: { prompt: { type: 'string', required: true, minLength: 1, maxWords: 50 }, regions: { type: 'regions' }, seed },
    duration: { from: 'none' }, needsArea: true,
  },
  text_watermark_remover: {
    id: 'text_watermark_remover', title: 'Text and watermark remover', category: 'image', output: 'image', inputs: [image(), mask()],
    params: { regions: { type: 'regions' } }, duration: { from: 'none' },
  },
  image_extender: {
    id: 'image_extender', title: 'Image extender', category: 'image', output: 'image', inputs: [image()],
    params: { ratio: { type: 'string', enum: ratios, default: '16:9' }, expand: { type: 'expand' } }, duration: { from: 'none' },
  },
  video_enhancer: {
    id: 'video_enhancer', title: 'Video enhancer', category: 'video', output: 'video', inputs: [video()],
    params: { scale: { type: 'number', min: 1, max: 2, integer: true, default: 2 }, sharpen: { type: 'number', min: 0, max: 2, default: 0.8 }, interpolate_fps: { type: 'number', min: 0, max: 60, default: 0 }, max_height: { type: 'number', min: 144, max: 2160, default: 2160 } },
    duration: { from: 'input' },
  },
  video_denoise: {
    id: 'video_denoise', title: 'Video denoise', category: 'video', output: 'video', inputs: [video()],
    params: { strength: { type: 'string', enum: ['low', 'medium', 'high'], default: 'medium' }, method: { type: 'string', enum: ['hqdn3d', 'nlmeans'], default: 'nlmeans' } },
    duration: { from: 'input' },
  },
  video_eraser: {
    id: 'video_eraser', title: 'Video eraser', category: 'video', output: 'video', inputs: [video(), mask()],
    params: { regions: { type: 'regions' } }, duration: { from: 'input' }, needsArea: true,
  },
  audio_noise_reduction: {
    id: 'audio_noise_reduction', title: 'Audio noise reduction', category: 'audio', output: 'audio',
    inputs: [{ name: 'audio', kinds: ['audio', 'video'], required: true }],
    params: { strength: { type: 'string', enum: ['low', 'medium', 'high'], default: 'medium' } }, duration: { from: 'input' },
  },
  audio_vocal_removal: {
    id: 'audio_vocal_removal', title: 'Vocal removal', category: 'audio', output: 'audio',
    inputs: [{ name: 'audio', kinds: ['audio', 'video'], required: true }],
    params: { format: { type: 'string', enum: ['mp3', 'm4a'], default: 'mp3' } }, duration: { from: 'input' },
  },
  talking_photo: {
    id: 'talking_photo', title: 'Talking photo', category: 'video', output: 'video',
    inputs: [{ name: 'image', kinds: ['image'], required: true, note: 'must show a face' }, { name: 'audio', kinds: ['audio'], required: false, note: 'or give text' }],
    params: { ...speech, resolution }, duration: { from: 'speech' },
  },
  talking_avatar: {
    id: 'talking_avatar', title: 'Talking avatar', category: 'video', output: 'video',
    inputs: [{ name: 'image', kinds: ['image'], required: true, note: 'must show a face' }, { name: 'audio', kinds: ['audio'], required: false, note: 'or give text' }],
    params: { ...speech, resolution }, duration: { from: 'speech' },
  },
  lip_sync: {
    id: 'lip_sync', title: 'Lip sync', category: 'video', output: 'video',
    inputs: [{ name: 'video', kinds: ['video'], required: true, note: 'must show a face' }, { name: 'audio', kinds: ['audio'], required: false, note: 'or give text' }],
    params: { ...speech }, duration: { from: 'speech' },
  },
  image_fkp: { id: 'image_fkp', title: 'Face key points', category: 'check', output: 'data', inputs: [image()], params: {}, duration: { from: 'none' } },
  face_check: { id: 'face_check', title: 'Face check', category: 'check', output: 'data', inputs: [image()], params: {}, duration: { from: 'none' } },
  watermark: {
    id: 'watermark', title: 'Watermark', category: 'check', output: 'same',
    inputs: [{ name: 'media', kinds: ['image', 'video'], required: true }], params: { text: { type: 'string' } }, duration: { from: 'input' },
  },
  t_sensitive_detect: {
    id: 't_sensitive_detect', title: 'Text check', category: 'check', output: 'data', inputs: [],
    params: { prompt: { type: 'string', required: true } }, duration: { from: 'none' },
  },
  i_sensitive_detect: { id: 'i_sensitive_detect', title: 'Image check', category: 'check', output: 'data', inputs: [image()], params: {}, duration: { from: 'none' } },
  v_sensitive_detect: { id: 'v_sensitive_detect', title: 'Video check', category: 'check', output: 'data', inputs: [video()], params: {}, duration: { from: 'none' } },
});

export const ALGORITHMS: Record<AlgorithmId, AlgorithmSpec> = CATALOGUE;

/** A rectangle in pixels of the input (x, y = top-left): an area the `regions` setting marks. */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The `expand` setting: how far to extend each side, in pixels. */
export interface ExpandSides {
  left?: number;
  right?: number;
  top?: number;
  bottom?: number;
}

/** The value a setting takes: its enum's members where it has one. */
type ParamValue<P extends ParamSpec> = P extends { enum: readonly (infer E)[] }
  ? E
  : P extends { type: 'string' }
    ? string
    : P extends { type: 'number' }
      ? number
      : P extends { type: 'boolean' }
        ? boolean
        : P extends { type: 'regions' }
          ? Region[]
          : ExpandSides;
type RequiredKeys<S> = { [K in keyof S]: S[K] extends { required: true } ? K : never }[keyof S];
/** An algorithm without settings takes none (an empty record, so an unknown key fails). */
type ParamsOf<S extends Record<string, ParamSpec>> = [keyof S] extends [never]
  ? Record<string, never>
  : { -readonly [K in RequiredKeys<S>]: ParamValue<S[K]> } & { -readonly [K in Exclude<keyof S, RequiredKeys<S>>]?: ParamValue<S[K]> } extends infer O
    ? { [K in keyof O]: O[K] }
    : never;

/**
 * The params each algorithm takes, read from its settings in the catalogue (a `required` setting is required,
 * an `enum` gives its members); optional ones have their defaults there.
 */
export type AlgorithmParams = { [A in AlgorithmId]: ParamsOf<(typeof CATALOGUE)[A]['params']> };

export function isAlgorithm(id: string): id is AlgorithmId {
  return Object.prototype.hasOwnProperty.call(ALGORITHMS, id);
}

/** The list, in catalogue order. */
export function listAlgorithms(): AlgorithmSpec[] {
  return Object.values(ALGORITHMS);
}

/**
 * Other names a screen may send for an algorithm: the spec's screen meta types (route table of spec
 * section 2) and the product's names for the tools and modes.
 */
export const ALGORITHM_ALIASES: Record<string, AlgorithmId> = {
  mai_fs: 'bg_remover',
  photomaker_imagefix: 'object_remover',
  inpaint_clothes: 'partial_redrawing',
  anieraser: 'video_eraser',
  video_object_remover: 'video_eraser',
  text2music: 'mai_tcm',
  text2song: 'mai_text2song_minimax',
  ai_effects: 'effect',
  talking_face: 'talking_photo',
  talking_face_tts: 'talking_avatar',
};

/** How the product groups its algorithms (pricing, failure texts, daily caps read these). */
export type AlgorithmGroup = 'ai-video' | 'image-generation' | 'music' | 'effect' | 'image-tool' | 'video-tool' | 'audio-tool' | 'check';

export const ALGORITHM_GROUPS: Record<AlgorithmId, AlgorithmGroup> = {
  text2video: 'ai-video',
  image2video: 'ai-video',
  video2anime: 'ai-video',
  talking_photo: 'ai-video',
  talking_avatar: 'ai-video',
  lip_sync: 'ai-video',
  text2image: 'image-generation',
  image2image: 'image-generation',
  mai_tcm: 'music',
  mai_text2song_minimax: 'music',
  effect: 'effect',
  image_enhancer: 'image-tool',
  bg_remover: 'image-tool',
  object_remover: 'image-tool',
  partial_redrawing: 'image-tool',
  text_watermark_remover: 'image-tool',
  image_extender: 'image-tool',
  video_enhancer: 'video-tool',
  video_denoise: 'video-tool',
  video_eraser: 'video-tool',
  audio_noise_reduction: 'audio-tool',
  audio_vocal_removal: 'audio-tool',
  image_fkp: 'check',
  face_check: 'check',
  watermark: 'check',
  t_sensitive_detect: 'check',
  i_sensitive_detect: 'check',
  v_sensitive_detect: 'check',
};

/** The algorithms of some groups, as a set. */
export function algorithmsIn(...groups: AlgorithmGroup[]): ReadonlySet<AlgorithmId> {
  return new Set((Object.keys(ALGORITHM_GROUPS) as AlgorithmId[]).filter((id) => groups.includes(ALGORITHM_GROUPS[id])));
}

/** Generation (AI) algorithms: their failures read 'Generation failed...', the tools' 'Processing failed...'. */
export const GENERATIVE_ALGORITHMS = algorithmsIn('ai-video', 'image-generation', 'music', 'effect');

/** An algorithm id from an id or one of the spec's meta types; null when unknown. */
export function resolveAlgorithm(id: string): AlgorithmId | null {
  if (isAlgorithm(id)) return id;
  return ALGORITHM_ALIASES[id] ?? null;
}

/*
 * What this server's local engine runs for each algorithm that charges, said before the charge (issue 21): the
 * model (where one runs) and a sentence on what it does and does not do. The API sends it in the cost call's
 * `engine`; the tool pages show it beside the action (and from here before the first cost answer).
 */
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
