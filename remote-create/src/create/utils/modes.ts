import {
  IMAGE_PROMPT_MAX_WORDS,
  MUSIC_DEFAULT_DURATION,
  MUSIC_PROMPT_MAX_WORDS,
  VIDEO_PROMPT_MAX_WORDS,
  type CreateMode,
} from 'shared-contracts';

export interface PromptSpec {
  label: string;
  placeholder: string;
  maxWords: number;
  /** the hint under the box (spec section 5) */
  hint: string;
}

export interface ImageSlot {
  key: string;
  label: string;
  required: boolean;
}

export interface OptionSpec<T extends string | number> {
  options: readonly T[];
  defaultValue: T;
  format(value: T): string;
}

export interface ModeSpec {
  title: string;
  subtitle: string;
  images?: readonly ImageSlot[];
  video?: { label: string };
  prompt?: PromptSpec;
  ratio?: boolean;
  quantity?: boolean;
  duration?: OptionSpec<number>;
  resolution?: OptionSpec<string>;
  motion?: OptionSpec<string>;
  audio?: boolean;
  styles?: boolean;
  effect?: boolean;
}

const seconds = (value: number) => `${value} s`;
const VIDEO_DURATION: OptionSpec<number> = { options: [5, 10], defaultValue: 5, format: seconds };
const VIDEO_RESOLUTION: OptionSpec<string> = { options: ['720p', '1080p'], defaultValue: '720p', format: (v) => v };
const MOTION: OptionSpec<string> = { options: ['Low', 'Medium', 'High'], defaultValue: 'Medium', format: (v) => v };
export const MUSIC_DURATION: OptionSpec<number> = { options: [15, 30, 60], defaultValue: MUSIC_DEFAULT_DURATION, format: seconds };

const videoPrompt = (label: string): PromptSpec => ({
  label,
  placeholder: 'Describe the scene, the subject, the action and the camera movement.',
  maxWords: VIDEO_PROMPT_MAX_WORDS,
  hint: `Describe your video script within ${VIDEO_PROMPT_MAX_WORDS} words.`,
});
const imagePrompt = (label: string, placeholder: string): PromptSpec => ({
  label,
  placeholder,
  maxWords: IMAGE_PROMPT_MAX_WORDS,
  hint: `Describe your image within ${IMAGE_PROMPT_MAX_WORDS} words.`,
});
export const MUSIC_PROMPT: PromptSpec = {
  label: 'Describe the music',
  placeholder: 'Genre, mood, instruments and tempo, e.g. calm lo-fi piano with soft rain.',
  maxWords: MUSIC_PROMPT_MAX_WORDS,
  hint: `Describe your music within ${MUSIC_PROMPT_MAX_WORDS} words.`,
};
export const SONG_PROMPT: PromptSpec = {
  label: 'Song style',
  placeholder: 'Genre, mood and voice, e.g. upbeat pop with a warm female voice.',
  maxWords: MUSIC_PROMPT_MAX_WORDS,
  hint: `Describe the song within ${MUSIC_PROMPT_MAX_WORDS} words.`,
};

/** One frame per creation mode: the controls of spec section 2 that apply to it. */
export const MODES: Record<CreateMode, ModeSpec> = {
  'text-to-video': {
    title: 'Text to Video',
    subtitle: 'Write a video script and turn it into a clip.',
    prompt: videoPrompt('Video script'),
    ratio: true,
    duration: VIDEO_DURATION,
    resolution: VIDEO_RESOLUTION,
    audio: true,
  },
  'image-to-video': {
    title: 'Image to Video',
    subtitle: 'Bring a still image to life; add an end frame to steer where it goes.',
    images: [
      { key: 'first', label: 'First frame', required: true },
      { key: 'end', label: 'End frame (optional)', required: false },
    ],
    prompt: videoPrompt('Prompt (optional)'),
    duration: VIDEO_DURATION,
    resolution: VIDEO_RESOLUTION,
    motion: MOTION,
    audio: true,
  },
  'video-to-anime': {
    title: 'Video to Anime',
    subtitle: 'Restyle a video clip as anime.',
    video: { label: 'Video' },
    styles: true,
  },
  'text-to-image': {
    title: 'Text to Image',
    subtitle: 'Describe a picture and get up to four versions at once.',
    prompt: imagePrompt('Prompt', 'Describe the subject, the setting, the light and the style.'),
    ratio: true,
    quantity: true,
    styles: true,
  },
  'image-to-image': {
    title: 'Image to Image',
    subtitle: 'Transform an image with a prompt or a style.',
    images: [{ key: 'source', label: 'Image', required: true }],
    prompt: imagePrompt('Prompt', 'Describe what to change, e.g. turn it into a watercolour painting.'),
    ratio: true,
    quantity: true,
    styles: true,
  },
  'text-to-music': {
    title: 'Text to Music',
    subtitle: 'Describe a mood for an instrumental track, or write lyrics for a song.',
  },
  'effect-create': {
    title: 'AI Effects',
    subtitle: 'Apply an effect template to your photo.',
    images: [{ key: 'photo', label: 'Photo', required: true }],
    effect: true,
  },
};

/** Words as the prompt hints count them: runs of non-space characters. */
export function countWords(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}
