/** The creation form's state, its rules, and the create call it becomes. */
import { DEFAULT_BATCH_COUNT, SEED_MAX, type AspectRatio, type CreateMode, type TaskField, type TaskUserData } from 'shared-contracts';
import {
  EFFECTS,
  IMAGE_STYLES,
  MODES,
  MUSIC_ALGORITHM,
  MUSIC_DURATION,
  MUSIC_PROMPT,
  MUSIC_STYLES,
  SONG_ALGORITHM,
  SONG_PROMPT,
  ANIME_STYLES,
  effectFromSemantic,
  musicStyleCover,
  type AnimeStyleId,
  type EffectId,
  type ImageSlotKey,
  type ImageStyleId,
  type MusicStyleId,
} from './modes';
import { checkFrames, checkMusic, checkPrompt, IMAGE_REQUIRED, UPLOAD_PENDING, VIDEO_REQUIRED, type MusicTab } from './validation';

export interface UploadedMedia {
  ossPath: string;
  media: 'image' | 'video' | 'audio';
  width: number;
  height: number;
  duration: number;
  /** a local object URL for the thumbnail */
  previewUrl: string;
  name: string;
}

export interface CreateForm {
  prompt: string;
  ratio: AspectRatio;
  duration: number;
  resolution: string;
  motion: string;
  quantity: number;
  imageStyle: ImageStyleId;
  animeStyle: AnimeStyleId;
  effect: EffectId;
  audio: boolean;
  /** a seed typed by the user ('' = a random one from the server) */
  seed: string;
  /** image to image: keep the upload's own shape instead of a chosen ratio */
  keepShape: boolean;
  images: Partial<Record<ImageSlotKey, UploadedMedia>>;
  video: UploadedMedia | null;
  /** inputs still uploading */
  uploading: number;
  musicTab: MusicTab;
  musicPrompt: string;
  songPrompt: string;
  lyrics: string;
  musicDuration: number;
  musicStyle: MusicStyleId | null;
}

export function initialForm(mode: CreateMode, options: { semantic?: string; musicTab?: MusicTab } = {}): CreateForm {
  const spec = MODES[mode];
  return {
    prompt: '',
    ratio: spec.ratio?.defaultValue ?? '16:9',
    duration: spec.duration?.defaultValue ?? 5,
    resolution: spec.resolution?.defaultValue ?? '720p',
    motion: spec.motion?.defaultValue ?? 'auto',
    quantity: DEFAULT_BATCH_COUNT,
    imageStyle: 'none',
    animeStyle: 'anime',
    effect: effectFromSemantic(options.semantic),
    audio: false,
    seed: '',
    keepShape: true,
    images: {},
    video: null,
    uploading: 0,
    musicTab: options.musicTab ?? 'music',
    musicPrompt: '',
    songPrompt: '',
    lyrics: '',
    musicDuration: MUSIC_DURATION.defaultValue,
    musicStyle: null,
  };
}

/** The prompt the image engine gets: the user's words, then the style's. */
function promptWithStyle(prompt: string, style: ImageStyleId): string {
  const words = IMAGE_STYLES.find((item) => item.id === style)?.words ?? '';
  const base = prompt.trim();
  if (!words) return base;
  return base ? `${base}, ${words}` : words;
}

/** The first rule the form breaks, as the spec's text, or null. Runs before any call. */
export function validateForm(mode: CreateMode, form: CreateForm): string | null {
  const spec = MODES[mode];
  if (form.uploading > 0) return UPLOAD_PENDING;
  if (mode === 'text-to-music') {
    const tab = form.musicTab;
    return checkMusic({
      tab,
      prompt: tab === 'music' ? form.musicPrompt : form.songPrompt,
      lyrics: form.lyrics,
      maxWords: (tab === 'music' ? MUSIC_PROMPT : SONG_PROMPT).maxWords,
    });
  }
  for (const slot of spec.images ?? []) {
    if (slot.required && !form.images[slot.key]) return IMAGE_REQUIRED;
  }
  if (spec.video && !form.video) return VIDEO_REQUIRED;
  if (spec.prompt) {
    const text = spec.styles === 'image' ? promptWithStyle(form.prompt, form.imageStyle) : form.prompt;
    // a style alone is no prompt: the requirement looks at what the user typed
    const problem = checkPrompt(form.prompt, { ...spec.prompt, maxWords: Number.POSITIVE_INFINITY }) ?? checkPrompt(text, { ...spec.prompt, required: false });
    if (problem) return problem;
  }
  if (form.images.first && form.images.end) return checkFrames(form.images.first, form.images.end);
  return null;
}

/** The seed typed into the form as the catalogue takes it, or null (empty or not a whole number in range). */
export function seedOf(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,10}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= SEED_MAX ? value : null;
}

/** Modes whose algorithm takes a seed. */
export const SEEDED_MODES: readonly CreateMode[] = ['text-to-video', 'image-to-video', 'text-to-image', 'image-to-image', 'text-to-music'];

export interface CreateCall {
  algorithm: string;
  data: Record<string, unknown> & { prompt?: string; file_path?: string };
  /** the parameters the cost depends on (GET /v1/ai/cost/{algorithm}) */
  costQuery: Record<string, string>;
  userData: TaskUserData;
}

function fieldsOf(values: Record<string, unknown>): TaskField[] {
  return Object.entries(values)
    .filter(([, val]) => val !== undefined && val !== null && val !== '')
    .map(([field, val]) => ({ field, val: typeof val === 'number' || typeof val === 'boolean' ? val : String(val) }));
}

/** The create call of the form (to be sent only after validateForm answered null). */
export function buildCreate(mode: CreateMode, form: CreateForm): CreateCall {
  const spec = MODES[mode];
  const data: CreateCall['data'] = {};
  const shown: Record<string, unknown> = {};
  let algorithm = spec.algorithm;
  const costQuery: Record<string, string> = {};

  switch (mode) {
    case 'text-to-video':
      Object.assign(data, { prompt: form.prompt.trim(), ratio: form.ratio, duration: form.duration, resolution: form.resolution, motion: form.motion, audio: form.audio });
      Object.assign(costQuery, { duration: String(form.duration), resolution: form.resolution });
      Object.assign(shown, { prompt: form.prompt.trim(), ratio: form.ratio, duration: form.duration, resolution: form.resolution, motion: form.motion });
      break;
    case 'image-to-video': {
      const first = form.images.first;
      const end = form.images.end;
      Object.assign(data, { file_path: first?.ossPath, duration: form.duration, resolution: form.resolution, motion: form.motion, audio: form.audio });
      if (end) data.end_frame_path = end.ossPath;
      if (form.prompt.trim()) data.prompt = form.prompt.trim();
      Object.assign(costQuery, { duration: String(form.duration), resolution: form.resolution });
      Object.assign(shown, { prompt: form.prompt.trim(), duration: form.duration, resolution: form.resolution, motion: form.motion, end_frame: end ? 'yes' : '' });
      break;
    }
    case 'video-to-anime':
      Object.assign(data, { file_path: form.video?.ossPath, style: form.animeStyle, resolution: form.resolution });
      if (form.video) costQuery.file_path = form.video.ossPath;
      costQuery.resolution = form.resolution;
      Object.assign(shown, { style: ANIME_STYLES.find((s) => s.id === form.animeStyle)?.label, resolution: form.resolution });
      break;
    case 'text-to-image':
    case 'image-to-image': {
      const prompt = promptWithStyle(form.prompt, form.imageStyle);
      // image to image keeps the upload's shape unless the user chose a ratio (never a silent square crop)
      const keep = mode === 'image-to-image' && form.keepShape;
      Object.assign(data, keep ? { prompt, num: form.quantity } : { prompt, ratio: form.ratio, num: form.quantity });
      if (mode === 'image-to-image') data.file_path = form.images.source?.ossPath;
      Object.assign(costQuery, { num: String(form.quantity) });
      Object.assign(shown, { prompt: form.prompt.trim(), style: form.imageStyle === 'none' ? '' : IMAGE_STYLES.find((s) => s.id === form.imageStyle)?.label, ratio: keep ? 'original' : form.ratio, num: form.quantity });
      break;
    }
    case 'text-to-music': {
      const style = MUSIC_STYLES.find((item) => item.id === form.musicStyle);
      const common = { duration: form.musicDuration, ...(style ? { style: style.words } : {}) };
      if (form.musicTab === 'song') {
        algorithm = SONG_ALGORITHM;
        Object.assign(data, { lyrics: form.lyrics.trim(), ...common });
        if (form.songPrompt.trim()) data.prompt = form.songPrompt.trim();
      } else {
        algorithm = MUSIC_ALGORITHM;
        Object.assign(data, { prompt: form.musicPrompt.trim(), ...common });
      }
      costQuery.duration = String(form.musicDuration);
      // the Music settings of spec section 3
      Object.assign(shown, {
        prompt: form.musicTab === 'song' ? form.songPrompt.trim() : form.musicPrompt.trim(),
        duration: form.musicDuration,
        style: style?.label ?? '',
        styleCoverLink: style ? musicStyleCover(style.id) : '',
        lyrics: form.musicTab === 'song' ? form.lyrics.trim() : '',
      });
      break;
    }
    case 'effect-create':
      Object.assign(data, { file_path: form.images.photo?.ossPath, effect: form.effect, duration: form.duration, resolution: form.resolution });
      Object.assign(costQuery, { duration: String(form.duration), resolution: form.resolution });
      Object.assign(shown, { effect: EFFECTS.find((e) => e.id === form.effect)?.label, duration: form.duration, resolution: form.resolution });
      break;
  }

  const seed = SEEDED_MODES.includes(mode) ? seedOf(form.seed) : null;
  if (seed !== null) data.seed = seed;
  if (mode === 'text-to-video' || mode === 'image-to-video') shown.audio = form.audio ? 'on' : '';
  const userData: TaskUserData = {
    request: { algorithm, data: { ...data } },
    module: mode,
    name: mode === 'text-to-music' && form.musicTab === 'song' ? 'Text to Song' : spec.title,
    isAudio: mode === 'text-to-music',
    num: mode === 'text-to-image' || mode === 'image-to-image' ? form.quantity : 1,
    fields: fieldsOf(shown),
  };
  return { algorithm, data, costQuery, userData };
}

/** The texts the server-side sensitive checks must pass: what the user typed. */
export function textsToCheck(mode: CreateMode, form: CreateForm): string {
  if (mode === 'text-to-music') {
    return form.musicTab === 'song' ? [form.lyrics, form.songPrompt].map((t) => t.trim()).filter(Boolean).join('\n') : form.musicPrompt.trim();
  }
  return MODES[mode].prompt ? form.prompt.trim() : '';
}

/** The uploaded inputs (images and video) the sensitive checks look at. */
export function mediaToCheck(form: CreateForm): UploadedMedia[] {
  return [...Object.values(form.images).filter((m): m is UploadedMedia => Boolean(m)), ...(form.video ? [form.video] : [])];
}
