/**
 * The one interface every generation engine implements. The API and the worker build EngineJobs from
 * tasks; the registry picks the engine configured for the job's algorithm.
 */
import type { AspectRatio } from 'shared-contracts/constants';
/** The algorithm ids and media kinds are the contract's (shared-contracts/algorithms): the screens read them too. */
import type { AlgorithmId, MediaKind } from 'shared-contracts/algorithms';

export { ALGORITHM_IDS, type AlgorithmId, type MediaKind } from 'shared-contracts/algorithms';

/** A rectangle in pixels of the input (x, y = top-left). */
export interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Output size by its short side; without it the section 2 ratio table size is used. */
export type VideoResolution = '360p' | '540p' | '720p' | '1080p';

export type CameraMotion = 'auto' | 'zoom_in' | 'zoom_out' | 'pan_left' | 'pan_right' | 'pan_up' | 'pan_down';
export type AnimeStyle = 'anime' | 'cartoon' | 'comic' | 'sketch' | 'watercolor';
export type EffectName = 'zoom_pulse' | 'shake' | 'spin' | 'glitch' | 'fade_bw' | 'heartbeat' | 'dolly';

interface PromptSeed {
  prompt: string;
  /** same prompt + seed = same output; default derived from the prompt */
  seed?: number;
}
interface Masked {
  /** areas to work on, in input pixels; an optional mask image input (white = area) does the same */
  regions?: Region[];
}

/** The params each algorithm takes. Optional fields have defaults in ALGORITHMS. */
export interface AlgorithmParams {
  text2video: PromptSeed & { ratio?: AspectRatio; duration?: number; resolution?: VideoResolution; motion?: CameraMotion; audio?: boolean };
  image2video: Partial<PromptSeed> & { duration?: number; resolution?: VideoResolution; motion?: CameraMotion; audio?: boolean };
  video2anime: Partial<PromptSeed> & { style?: AnimeStyle; resolution?: VideoResolution };
  text2image: PromptSeed & { ratio?: AspectRatio; num?: number };
  image2image: PromptSeed & { ratio?: AspectRatio; num?: number; strength?: number };
  mai_tcm: PromptSeed & { duration?: number; style?: string; format?: 'mp3' | 'm4a' };
  mai_text2song_minimax: Partial<PromptSeed> & {
    lyrics: string;
    duration?: number;
    style?: string;
    voice?: string;
    format?: 'mp3' | 'm4a';
  };
  effect: { effect?: EffectName; duration?: number; resolution?: VideoResolution };
  image_enhancer: { scale?: 2 | 3 | 4 };
  bg_remover: Record<string, never>;
  object_remover: Masked;
  partial_redrawing: Masked & { prompt: string; seed?: number };
  text_watermark_remover: Masked;
  image_extender: {
    /** target canvas ratio; or explicit extension per side in pixels */
    ratio?: AspectRatio;
    expand?: { left?: number; right?: number; top?: number; bottom?: number };
  };
  video_enhancer: { scale?: 1 | 2; sharpen?: number; interpolate_fps?: number; max_height?: number };
  video_denoise: { strength?: 'low' | 'medium' | 'high'; method?: 'hqdn3d' | 'nlmeans' };
  video_eraser: Masked;
  audio_noise_reduction: { strength?: 'low' | 'medium' | 'high' };
  audio_vocal_removal: { format?: 'mp3' | 'm4a' };
  talking_photo: { text?: string; voice?: string; resolution?: VideoResolution };
  talking_avatar: { text?: string; voice?: string; resolution?: VideoResolution };
  lip_sync: { text?: string; voice?: string };
  image_fkp: Record<string, never>;
  face_check: Record<string, never>;
  watermark: { text?: string };
  t_sensitive_detect: { prompt: string };
  i_sensitive_detect: Record<string, never>;
  v_sensitive_detect: Record<string, never>;
}

export interface EngineJob<A extends AlgorithmId = AlgorithmId> {
  taskId: string;
  algorithm: A;
  params: AlgorithmParams[A];
  /** local file paths, in the order of the algorithm's input list */
  inputs: string[];
}

export interface EngineContext {
  /** a folder the engine may write its outputs into (it exists) */
  workDir: string;
  /** 0 to 100 */
  onProgress(pct: number, note?: string): void;
  signal: AbortSignal;
}

export interface EngineOutput {
  path: string;
  media: MediaKind;
  width?: number;
  height?: number;
  /** seconds */
  duration?: number;
  mime: string;
}

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface FaceLandmarks {
  box: FaceBox;
  score: number;
  /** the 68 points of the iBUG 300-W layout, in input pixels */
  landmarks: [number, number][];
}

/** Structured answers of the algorithms that judge rather than make media. */
export type EngineData =
  | { kind: 'faces'; faces: FaceLandmarks[]; width: number; height: number }
  | {
      kind: 'moderation';
      passed: boolean;
      /** the checks that actually ran */
      checks: string[];
      /** words or reasons that failed the input */
      flagged: string[];
    };

export interface EngineMetadata {
  engine: `local:${string}` | 'comfyui';
  model?: string;
  /** plain words on what made the result; says so when no generative model ran */
  note: string;
  data?: EngineData;
  /** what the output shows, in a few words, where it is not the prompt's subject (a procedural preview's scene) */
  caption?: string;
}

export interface EngineResult {
  outputs: EngineOutput[];
  metadata: EngineMetadata;
}

export interface Engine {
  readonly name: string;
  /** whether this engine can run the algorithm at all */
  supports(algorithm: AlgorithmId): boolean;
  run(job: EngineJob, ctx: EngineContext): Promise<EngineResult>;
  /** release models, sockets and child processes */
  close?(): Promise<void>;
}
