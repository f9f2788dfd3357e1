/**
 * Upload limits of spec section 5 (their one home is shared-contracts/src/upload-limits.ts, which the
 * browser reads too), checked here on the file's content (magic bytes with sharp, streams with ffprobe),
 * never on its name. Lengths the spec leaves open are chosen there and said in the refusal.
 */
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import {
  audioLimitFor,
  beyondMaxResolution,
  BYTES_PER_MB,
  IMAGE_LIMIT,
  imageLimitFor,
  imageUploadText,
  lengthText,
  UPLOAD_MIME,
  videoLimitFor,
  type AudioLimit,
  type ImageLimit,
  type VideoLimit,
} from 'shared-contracts/upload-limits';
import type { ProbedMedia } from '@studio/engines/media';
import type { MediaKind } from '@studio/engines/types';
import { ApiFailure } from '../../http.js';
import { IMG2PROMPT, resolveAlgorithm } from '../algorithms/catalog.js';

const MB = BYTES_PER_MB;

export interface ImageRule {
  formats: string[];
  maxBytes: number;
  /** refusal text for a file over maxBytes */
  sizeText: string;
  maxLong: number;
  maxShort: number;
  minSide: number;
  /** refusal text for a side under minSide */
  minSideText: string;
}
interface VideoRule {
  formats: string[];
  maxBytes: number;
  maxSeconds: number;
  /** width / height bounds, or null */
  aspect: [number, number] | null;
  label: string;
}
interface AudioRule {
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

const imageRule = (limit: ImageLimit): ImageRule => ({
  formats: [...limit.formats],
  maxBytes: limit.maxMb * MB,
  sizeText: limit.sizeText,
  maxLong: limit.maxLong,
  maxShort: limit.maxShort,
  minSide: limit.minSide,
  minSideText: imageUploadText(limit),
});
const videoRule = (limit: VideoLimit): VideoRule => ({
  formats: [...limit.formats],
  maxBytes: limit.maxMb * MB,
  maxSeconds: limit.maxSeconds,
  aspect: limit.aspect ? [limit.aspect[0], limit.aspect[1]] : null,
  label: limit.label,
});
const audioRule = (limit: AudioLimit): AudioRule => ({ formats: [...limit.formats], maxBytes: limit.maxMb * MB, maxSeconds: limit.maxSeconds });

export const IMAGE_RULE: ImageRule = imageRule(IMAGE_LIMIT);

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
    image: kinds.has('image') ? imageRule(imageLimitFor(id)) : undefined,
    video: kinds.has('video') ? videoRule(videoLimitFor(id)) : undefined,
    audio: kinds.has('audio') ? audioRule(audioLimitFor(id)) : undefined,
  });
}

function build(parts: Pick<UploadRules, 'image' | 'video' | 'audio'>): UploadRules {
  const maxBytes = Math.max(parts.image?.maxBytes ?? 0, parts.video?.maxBytes ?? 0, parts.audio?.maxBytes ?? 0);
  const formats = [...(parts.image?.formats ?? []), ...(parts.video?.formats ?? []), ...(parts.audio?.formats ?? [])];
  return { ...parts, maxBytes, accept: [...new Set(formats.map((f) => UPLOAD_MIME[f]).filter(Boolean))] };
}

/** The refusal for a body over the byte cap. */
export function tooLarge(rules: UploadRules): ApiFailure {
  const text = rules.image && rules.image.maxBytes === rules.maxBytes ? rules.image.sizeText : `The file must be at most ${Math.round(rules.maxBytes / MB)} MB`;
  return new ApiFailure(413, API_CODES.FILE_TOO_LARGE, text);
}

const unsupported = (text: string = USER_TEXTS.UNSUPPORTED_FORMAT) => new ApiFailure(415, API_CODES.UNSUPPORTED_FORMAT, text);
const resolution = () => new ApiFailure(422, API_CODES.UNSUPPORTED_RESOLUTION, USER_TEXTS.RESOLUTION_UNSUPPORTED);

const minutes = lengthText;

/** Checks probed media against the rules; throws the spec's refusal. */
export function checkMedia(rules: UploadRules, media: ProbedMedia): void {
  if (media.media === 'image') {
    const rule = rules.image;
    if (!rule || !rule.formats.includes(media.format)) throw unsupported();
    if (media.size > rule.maxBytes) throw new ApiFailure(413, API_CODES.FILE_TOO_LARGE, rule.sizeText);
    const long = Math.max(media.width, media.height);
    const short = Math.min(media.width, media.height);
    if (long > rule.maxLong || short > rule.maxShort) throw resolution();
    if (short < rule.minSide) throw new ApiFailure(422, API_CODES.UNSUPPORTED_RESOLUTION, rule.minSideText);
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
    if (beyondMaxResolution(media.width, media.height)) throw resolution();
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
