/**
 * Upload limits of spec section 5, checked on the file's content (magic bytes with sharp, streams with
 * ffprobe), never on its name:
 * - images (image to image and the tools): JPG, PNG, JPEG, WEBP, under 50MB, within 3840x2160 (either
 *   orientation), at least 128 px a side; image extender below 25MB;
 * - video object remover (video_eraser): MP4 and MOV up to 2048MB, aspect 9:16 to 16:9;
 * - video enhancer (and denoise): MP4, MOV, MKV, up to 5 minutes;
 * - audio within 60 minutes.
 * Lengths the spec leaves open are chosen here (see VIDEO_RULES) and said in the refusal.
 */
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import type { ProbedMedia } from '@studio/engines/src/media/probe';
import type { AlgorithmId, MediaKind } from '@studio/engines/src/types';
import { ApiFailure } from '../../http.js';
import { IMG2PROMPT, resolveAlgorithm } from '../tasks/catalog.js';

const MB = 1024 * 1024;

export interface ImageRule {
  formats: string[];
  maxBytes: number;
  /** refusal text for a file over maxBytes */
  sizeText: string;
  maxLong: number;
  maxShort: number;
  minSide: number;
}
export interface VideoRule {
  formats: string[];
  maxBytes: number;
  maxSeconds: number;
  /** width / height bounds, or null */
  aspect: [number, number] | null;
  label: string;
}
export interface AudioRule {
  formats: string[];
  maxBytes: number;
  maxSeconds: number;
}

export interface UploadRules {
  image?: ImageRule;
  video?: VideoRule;
  audio?: AudioRule;
  /** the byte cap while streaming: the largest of the kinds accepted */
  maxBytes: number;
  /** MIME types for the grant's accept list */
  accept: string[];
}

const IMAGE_FORMATS = ['jpeg', 'png', 'webp'];
const MIN_SIDE = 128;
const imageTemplate = (maxMb: number) =>
  `Upload JPG, PNG, JPEG, WEBP images up to ${maxMb} MB, with a minimum width/height of ${MIN_SIDE} px`;

export const IMAGE_RULE: ImageRule = {
  formats: IMAGE_FORMATS,
  maxBytes: 50 * MB,
  sizeText: imageTemplate(50),
  maxLong: 3840,
  maxShort: 2160,
  minSide: MIN_SIDE,
};
const EXTENDER_RULE: ImageRule = { ...IMAGE_RULE, maxBytes: 25 * MB, sizeText: 'Please keep the file size below 25MB' };

const STANDARD_VIDEO: VideoRule = { formats: ['mp4', 'mov'], maxBytes: 500 * MB, maxSeconds: 60, aspect: null, label: 'this tool' };
const VIDEO_RULES: Partial<Record<AlgorithmId, VideoRule>> = {
  video_eraser: { formats: ['mp4', 'mov'], maxBytes: 2048 * MB, maxSeconds: 10 * 60, aspect: [9 / 16, 16 / 9], label: 'Video object remover' },
  video_enhancer: { formats: ['mp4', 'mov', 'mkv'], maxBytes: 2048 * MB, maxSeconds: 5 * 60, aspect: null, label: 'Video enhancer' },
  video_denoise: { formats: ['mp4', 'mov', 'mkv'], maxBytes: 2048 * MB, maxSeconds: 5 * 60, aspect: null, label: 'Video denoise' },
  v_sensitive_detect: { formats: ['mp4', 'mov', 'mkv'], maxBytes: 2048 * MB, maxSeconds: 10 * 60, aspect: null, label: 'Video check' },
  video2anime: { ...STANDARD_VIDEO, maxSeconds: 30, label: 'Video to anime' },
  lip_sync: { ...STANDARD_VIDEO, maxSeconds: 60, label: 'Lip sync' },
  // audio tools take the soundtrack of a video too
  audio_noise_reduction: { formats: ['mp4', 'mov', 'mkv'], maxBytes: 2048 * MB, maxSeconds: 60 * 60, aspect: null, label: 'Audio tools' },
  audio_vocal_removal: { formats: ['mp4', 'mov', 'mkv'], maxBytes: 2048 * MB, maxSeconds: 60 * 60, aspect: null, label: 'Audio tools' },
};
const AUDIO_FORMATS = ['mp3', 'm4a', 'wav', 'aac', 'ogg', 'flac'];
const AUDIO_RULE: AudioRule = { formats: AUDIO_FORMATS, maxBytes: 500 * MB, maxSeconds: 60 * 60 };
/** speech tracks for the talking tools: priced per second of video, so kept short */
const SPEECH_RULE: AudioRule = { formats: AUDIO_FORMATS, maxBytes: 50 * MB, maxSeconds: 2 * 60 };

const MIME: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mkv: 'video/x-matroska',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  aac: 'audio/aac',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
};

/** What an upload for this algorithm may be; null when the algorithm takes no files. */
export function uploadRulesFor(algorithm: string): UploadRules | null {
  if (algorithm === IMG2PROMPT) return build({ image: IMAGE_RULE });
  const resolved = resolveAlgorithm(algorithm);
  if (!resolved) return null;
  const kinds = new Set<MediaKind>();
  for (const input of resolved.spec.inputs) {
    for (const kind of input.kinds) kinds.add(kind === 'mask' ? 'image' : kind);
  }
  if (kinds.size === 0) return null;
  const id = resolved.id;
  return build({
    image: kinds.has('image') ? (id === 'image_extender' ? EXTENDER_RULE : IMAGE_RULE) : undefined,
    video: kinds.has('video') ? (VIDEO_RULES[id] ?? STANDARD_VIDEO) : undefined,
    audio: kinds.has('audio') ? (['talking_photo', 'talking_avatar', 'lip_sync'].includes(id) ? SPEECH_RULE : AUDIO_RULE) : undefined,
  });
}

function build(parts: Pick<UploadRules, 'image' | 'video' | 'audio'>): UploadRules {
  const maxBytes = Math.max(parts.image?.maxBytes ?? 0, parts.video?.maxBytes ?? 0, parts.audio?.maxBytes ?? 0);
  const formats = [...(parts.image?.formats ?? []), ...(parts.video?.formats ?? []), ...(parts.audio?.formats ?? [])];
  return { ...parts, maxBytes, accept: [...new Set(formats.map((f) => MIME[f]).filter(Boolean))] };
}

/** The refusal for a body over the byte cap. */
export function tooLarge(rules: UploadRules): ApiFailure {
  const text = rules.image && rules.image.maxBytes === rules.maxBytes ? rules.image.sizeText : `The file must be at most ${Math.round(rules.maxBytes / MB)} MB`;
  return new ApiFailure(413, API_CODES.FILE_TOO_LARGE, text);
}

const unsupported = (text: string = USER_TEXTS.UNSUPPORTED_FORMAT) => new ApiFailure(415, API_CODES.UNSUPPORTED_FORMAT, text);
const resolution = () => new ApiFailure(422, API_CODES.UNSUPPORTED_RESOLUTION, USER_TEXTS.RESOLUTION_UNSUPPORTED);

function minutes(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;
}

/** Checks probed media against the rules; throws the spec's refusal. */
export function checkMedia(rules: UploadRules, media: ProbedMedia): void {
  if (media.media === 'image') {
    const rule = rules.image;
    if (!rule || !rule.formats.includes(media.format)) throw unsupported();
    if (media.size > rule.maxBytes) throw new ApiFailure(413, API_CODES.FILE_TOO_LARGE, rule.sizeText);
    const long = Math.max(media.width, media.height);
    const short = Math.min(media.width, media.height);
    if (long > rule.maxLong || short > rule.maxShort) throw resolution();
    if (short < rule.minSide) throw new ApiFailure(422, API_CODES.UNSUPPORTED_RESOLUTION, imageTemplate(Math.round(rule.maxBytes / MB)));
    return;
  }
  if (media.media === 'video') {
    const rule = rules.video;
    if (!rule) throw unsupported();
    if (!rule.formats.includes(media.format)) throw unsupported(USER_TEXTS.FORMAT_UNSUPPORTED);
    if (media.size > rule.maxBytes) throw new ApiFailure(413, API_CODES.FILE_TOO_LARGE, `The file must be at most ${Math.round(rule.maxBytes / MB)} MB`);
    if (media.duration > rule.maxSeconds + 0.5) {
      throw new ApiFailure(422, API_CODES.BAD_REQUEST, `${rule.label} takes videos up to ${minutes(rule.maxSeconds)}`);
    }
    if (Math.max(media.width, media.height) > 3840 || Math.min(media.width, media.height) > 2160) throw resolution();
    if (rule.aspect) {
      const ratio = media.width / media.height;
      if (ratio < rule.aspect[0] - 0.01 || ratio > rule.aspect[1] + 0.01) throw resolution();
    }
    return;
  }
  const rule = rules.audio;
  if (!rule) throw unsupported();
  if (!rule.formats.includes(media.format)) throw unsupported(USER_TEXTS.FORMAT_UNSUPPORTED);
  if (media.size > rule.maxBytes) throw new ApiFailure(413, API_CODES.FILE_TOO_LARGE, `The file must be at most ${Math.round(rule.maxBytes / MB)} MB`);
  if (media.duration > rule.maxSeconds + 0.5) {
    throw new ApiFailure(422, API_CODES.BAD_REQUEST, `Audio must be within ${minutes(rule.maxSeconds)}`);
  }
}
