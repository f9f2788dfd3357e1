/** Form rules of spec section 5 that are checked before a create call leaves the browser. */
import { LYRICS_MIN_LENGTH, PROMPT_MIN_LENGTH, USER_TEXTS } from 'shared-contracts';
import { countWords, type PromptSpec } from './modes';

export const PROMPT_REQUIRED = 'Please enter a prompt';
export const MUSIC_PROMPT_TOO_SHORT = `The prompt must be at least ${PROMPT_MIN_LENGTH} characters long`;
export const IMAGE_REQUIRED = 'Please upload an image first';
export const VIDEO_REQUIRED = 'Please upload a video first';
export const UPLOAD_PENDING = 'Please wait until the upload has finished';

/** A prompt against its spec: required, and within its word limit. */
export function checkPrompt(text: string, spec: PromptSpec): string | null {
  const words = countWords(text);
  if (spec.required && words === 0) return PROMPT_REQUIRED;
  if (words > spec.maxWords) return USER_TEXTS.PROMPT_TOO_LONG;
  return null;
}

export type MusicTab = 'music' | 'song';

/**
 * Music: a prompt of at least 10 characters (trimmed), within 50 words. Song: lyrics of at least 10
 * characters; both empty: 'Please enter song lyrics or prompt to generate music'.
 */
export function checkMusic(input: { tab: MusicTab; prompt: string; lyrics: string; maxWords: number }): string | null {
  const prompt = input.prompt.trim();
  const lyrics = input.lyrics.trim();
  if (input.tab === 'music') {
    if (!prompt) return USER_TEXTS.MUSIC_EMPTY;
    if (prompt.length < PROMPT_MIN_LENGTH) return MUSIC_PROMPT_TOO_SHORT;
    if (countWords(prompt) > input.maxWords) return USER_TEXTS.PROMPT_TOO_LONG;
    return null;
  }
  if (!prompt && !lyrics) return USER_TEXTS.MUSIC_EMPTY;
  if (lyrics.length < LYRICS_MIN_LENGTH) return USER_TEXTS.LYRICS_TOO_SHORT;
  if (countWords(prompt) > input.maxWords) return USER_TEXTS.PROMPT_TOO_LONG;
  return null;
}

export interface Size {
  width: number;
  height: number;
}

/**
 * Limits of the two-image ratio check (the spec leaves them open): the end frame's height/width ratio
 * may differ from the first frame's by at most a quarter, either way.
 */
export const FRAME_RATIO_LIMITS = { lower: 0.8, upper: 1.25 } as const;

/**
 * The two-image ratio check of section 5: the height/width ratios of the two images divided by each
 * other must stay within the lower and upper limit in both directions.
 */
export function framesRatioValid(first: Size, end: Size, limits: { lower: number; upper: number } = FRAME_RATIO_LIMITS): boolean {
  if (first.width <= 0 || first.height <= 0 || end.width <= 0 || end.height <= 0) return false;
  const a = first.height / first.width;
  const b = end.height / end.width;
  const within = (q: number) => q >= limits.lower - 1e-9 && q <= limits.upper + 1e-9;
  return within(a / b) && within(b / a);
}

export function checkFrames(first: Size | null, end: Size | null): string | null {
  if (!first || !end) return null;
  return framesRatioValid(first, end) ? null : USER_TEXTS.FRAME_RATIO;
}
