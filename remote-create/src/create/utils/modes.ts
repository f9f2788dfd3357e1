import {
  IMAGE_PROMPT_MAX_WORDS,
  MUSIC_DEFAULT_DURATION,
  MOTION_LABELS,
  MUSIC_PROMPT_MAX_WORDS,
  VIDEO_PROMPT_MAX_WORDS,
  type AspectRatio,
  type CreateMode,
} from 'shared-contracts';

export interface PromptSpec {
  label: string;
  placeholder: string;
  maxWords: number;
  /** the hint under the box (spec section 5) */
  hint: string;
  required: boolean;
}

export type ImageSlotKey = 'first' | 'end' | 'source' | 'photo';

export interface ImageSlot {
  key: ImageSlotKey;
  label: string;
  required: boolean;
  /** the field of the create payload that carries its storage path */
  dataKey: 'file_path' | 'end_frame_path';
  /** crop bounds (width / height) */
  minRatio?: number;
  maxRatio?: number;
}

export interface OptionSpec<T extends string | number> {
  options: readonly T[];
  defaultValue: T;
  format(value: T): string;
}

export interface ModeSpec {
  title: string;
  subtitle: string;
  /** the algorithm of the create call (music: the music tab's; the song tab uses SONG_ALGORITHM) */
  algorithm: string;
  /** GET /v1/common/prompt_sample key */
  sampleKey?: string;
  images?: readonly ImageSlot[];
  video?: { label: string };
  prompt?: PromptSpec;
  ratio?: { defaultValue: AspectRatio };
  quantity?: boolean;
  duration?: OptionSpec<number>;
  resolution?: OptionSpec<string>;
  motion?: OptionSpec<string>;
  audio?: boolean;
  /** image styles go into the prompt; anime styles are the engine's style parameter */
  styles?: 'image' | 'anime';
  effect?: boolean;
  /** the image-to-prompt helper */
  imageToPrompt?: boolean;
}

export const SONG_ALGORITHM = 'mai_text2song_minimax';
export const MUSIC_ALGORITHM = 'mai_tcm';

const seconds = (value: number) => `${value} s`;
const VIDEO_DURATION: OptionSpec<number> = { options: [5, 10], defaultValue: 5, format: seconds };
/** 1080p is Ultra HD: Standard and Premium only (the server refuses it for Free) */
export const ULTRA_HD = '1080p';
const VIDEO_RESOLUTION: OptionSpec<string> = { options: ['540p', '720p', '1080p'], defaultValue: '720p', format: (v) => v };
const MOTION: OptionSpec<string> = { options: Object.keys(MOTION_LABELS), defaultValue: 'auto', format: (v) => MOTION_LABELS[v] ?? v };
export const MUSIC_DURATION: OptionSpec<number> = { options: [15, 30, 60, 120], defaultValue: MUSIC_DEFAULT_DURATION, format: seconds };
const EFFECT_DURATION: OptionSpec<number> = { options: [3, 5, 8], defaultValue: 5, format: seconds };

const videoPrompt = (label: string, required: boolean): PromptSpec => ({
  label,
  placeholder: 'Describe the scene, the subject, the action and the camera movement.',
  maxWords: VIDEO_PROMPT_MAX_WORDS,
  hint: `Describe your video script within ${VIDEO_PROMPT_MAX_WORDS} words.`,
  required,
});
const imagePrompt = (label: string, placeholder: string): PromptSpec => ({
  label,
  placeholder,
  maxWords: IMAGE_PROMPT_MAX_WORDS,
  hint: `Describe your image within ${IMAGE_PROMPT_MAX_WORDS} words.`,
  required: true,
});
export const MUSIC_PROMPT: PromptSpec = {
  label: 'Describe the music',
  placeholder: 'Genre, mood, instruments and tempo, e.g. calm lo-fi piano with soft rain.',
  maxWords: MUSIC_PROMPT_MAX_WORDS,
  hint: `Describe your music within ${MUSIC_PROMPT_MAX_WORDS} words.`,
  required: true,
};
export const SONG_PROMPT: PromptSpec = {
  label: 'Song style',
  placeholder: 'Genre, mood and voice, e.g. upbeat pop with a warm female voice.',
  maxWords: MUSIC_PROMPT_MAX_WORDS,
  hint: `Describe the song within ${MUSIC_PROMPT_MAX_WORDS} words.`,
  required: false,
};

/** One creation mode each: the controls of spec section 2 that apply to it and the algorithm it runs. */
export const MODES: Record<CreateMode, ModeSpec> = {
  'text-to-video': {
    title: 'Text to Video',
    subtitle: 'Write a video script and turn it into a clip.',
    algorithm: 'text2video',
    sampleKey: 'text2video',
    prompt: videoPrompt('Video script', true),
    ratio: { defaultValue: '16:9' },
    duration: VIDEO_DURATION,
    resolution: VIDEO_RESOLUTION,
    motion: MOTION,
    audio: true,
    imageToPrompt: true,
  },
  'image-to-video': {
    title: 'Image to Video',
    subtitle: 'Bring a still image to life; add an end frame to steer where it goes.',
    algorithm: 'image2video',
    sampleKey: 'image2video',
    images: [
      { key: 'first', label: 'First frame', required: true, dataKey: 'file_path', minRatio: 9 / 16, maxRatio: 16 / 9 },
      { key: 'end', label: 'End frame (optional)', required: false, dataKey: 'end_frame_path', minRatio: 9 / 16, maxRatio: 16 / 9 },
    ],
    prompt: videoPrompt('Prompt (optional)', false),
    duration: VIDEO_DURATION,
    resolution: VIDEO_RESOLUTION,
    motion: MOTION,
    audio: true,
  },
  'video-to-anime': {
    title: 'Video to Anime',
    subtitle: 'Restyle a video clip as anime.',
    algorithm: 'video2anime',
    video: { label: 'Video' },
    styles: 'anime',
    resolution: { options: ['540p', '720p', '1080p'], defaultValue: '720p', format: (v) => v },
  },
  'text-to-image': {
    title: 'Text to Image',
    subtitle: 'Describe a picture and get up to four versions at once.',
    algorithm: 'text2image',
    sampleKey: 'text2image',
    prompt: imagePrompt('Prompt', 'Describe the subject, the setting, the light and the style.'),
    ratio: { defaultValue: '1:1' },
    quantity: true,
    styles: 'image',
    imageToPrompt: true,
  },
  'image-to-image': {
    title: 'Image to Image',
    subtitle: 'Transform an image with a prompt or a style.',
    algorithm: 'image2image',
    sampleKey: 'text2image',
    images: [{ key: 'source', label: 'Image', required: true, dataKey: 'file_path' }],
    prompt: imagePrompt('Prompt', 'Describe what to change, e.g. turn it into a watercolour painting.'),
    ratio: { defaultValue: '1:1' },
    quantity: true,
    styles: 'image',
  },
  'text-to-music': {
    title: 'Text to Music',
    subtitle: 'Describe a mood for an instrumental track, or write lyrics for a song.',
    algorithm: MUSIC_ALGORITHM,
  },
  'effect-create': {
    title: 'AI Effects',
    subtitle: 'Apply an effect template to your photo.',
    algorithm: 'effect',
    images: [{ key: 'photo', label: 'Photo', required: true, dataKey: 'file_path' }],
    effect: true,
    duration: EFFECT_DURATION,
    resolution: { options: ['540p', '720p', '1080p'], defaultValue: '540p', format: (v) => v },
  },
};

/** Styles of the image modes: words added to the prompt (the image engine reads the prompt's words). */
export const IMAGE_STYLES = [
  { id: 'none', label: 'No style', words: '' },
  { id: 'photo', label: 'Photographic', words: 'photographic, realistic detail' },
  { id: 'anime', label: 'Anime', words: 'anime illustration' },
  { id: 'watercolor', label: 'Watercolor', words: 'watercolor painting' },
  { id: 'oil', label: 'Oil painting', words: 'oil painting' },
  { id: '3d', label: '3D render', words: '3D render' },
  { id: 'pixel', label: 'Pixel art', words: 'pixel art' },
  { id: 'sketch', label: 'Sketch', words: 'pencil sketch' },
] as const;
export type ImageStyleId = (typeof IMAGE_STYLES)[number]['id'];

/** Video to anime: the engine's styles. */
export const ANIME_STYLES = [
  { id: 'anime', label: 'Anime' },
  { id: 'cartoon', label: 'Cartoon' },
  { id: 'comic', label: 'Comic' },
  { id: 'sketch', label: 'Sketch' },
  { id: 'watercolor', label: 'Watercolor' },
] as const;
export type AnimeStyleId = (typeof ANIME_STYLES)[number]['id'];

/** Effect templates the effect engine renders. */
export const EFFECTS = [
  { id: 'zoom_pulse', label: 'Zoom pulse' },
  { id: 'shake', label: 'Shake' },
  { id: 'spin', label: 'Spin' },
  { id: 'glitch', label: 'Glitch' },
  { id: 'fade_bw', label: 'Fade to black and white' },
  { id: 'heartbeat', label: 'Heartbeat' },
  { id: 'dolly', label: 'Dolly zoom' },
] as const;
export type EffectId = (typeof EFFECTS)[number]['id'];

/** The effect named by /effect/create/:semantic (zoom-pulse, shake ...), or the first one. */
export function effectFromSemantic(semantic: string | undefined): EffectId {
  const wanted = (semantic ?? '').toLowerCase().replace(/-/g, '_');
  return EFFECTS.find((effect) => effect.id === wanted)?.id ?? EFFECTS[0].id;
}

/** Music styles: the words the music engine reads (genre, instruments, tempo) and a cover for each. */
export const MUSIC_STYLES = [
  { id: 'pop', label: 'Pop', words: 'upbeat pop', colors: ['#ff6fb5', '#7b5cff'] },
  { id: 'rock', label: 'Rock', words: 'energetic rock guitar', colors: ['#e0412f', '#2a1a1a'] },
  { id: 'lofi', label: 'Lo-fi', words: 'lofi chill piano', colors: ['#8fb8a8', '#3d4d6a'] },
  { id: 'electronic', label: 'Electronic', words: 'electronic edm synth', colors: ['#00d2ff', '#3a0ca3'] },
  { id: 'jazz', label: 'Jazz', words: 'jazz piano', colors: ['#d4a056', '#402218'] },
  { id: 'classical', label: 'Classical', words: 'classical orchestral strings', colors: ['#f1e3c6', '#6b4e31'] },
  { id: 'folk', label: 'Folk', words: 'acoustic folk guitar', colors: ['#b5c96a', '#4f6b2b'] },
  { id: 'hiphop', label: 'Hip hop', words: 'hiphop beat', colors: ['#ffd23f', '#1b1b1e'] },
  { id: 'ambient', label: 'Ambient', words: 'ambient calm pad', colors: ['#a0c4ff', '#1d3557'] },
  { id: 'cinematic', label: 'Cinematic', words: 'cinematic epic strings', colors: ['#f77f00', '#003049'] },
] as const;
export type MusicStyleId = (typeof MUSIC_STYLES)[number]['id'];

/** A cover for a music style: an SVG gradient with the style's name, as a data URL (styleCoverLink). */
export function musicStyleCover(id: MusicStyleId): string {
  const style = MUSIC_STYLES.find((item) => item.id === id) ?? MUSIC_STYLES[0];
  const [from, to] = style.colors;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="160" height="160" fill="url(#g)"/><circle cx="120" cy="42" r="26" fill="rgba(255,255,255,0.18)"/><path d="M58 112V56l44-10v54" stroke="rgba(255,255,255,0.85)" stroke-width="6" fill="none" stroke-linecap="round" stroke-linejoin="round"/><circle cx="50" cy="112" r="10" fill="rgba(255,255,255,0.85)"/><circle cx="94" cy="102" r="10" fill="rgba(255,255,255,0.85)"/></svg>`;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** Words as the prompt hints count them: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}
