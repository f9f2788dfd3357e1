/**
 * Upload rules of spec section 5 that this remote checks before anything leaves the browser. The server
 * checks the same rules again on the file's content (services/api storage limits), with the same texts.
 */
import { USER_TEXTS } from 'shared-contracts';
import { beyondMaxResolution, BYTES_PER_MB as MB, IMAGE_LIMIT, imageUploadText, VIDEO_LIMITS } from 'shared-contracts/upload-limits';

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export interface ImageRule {
  kind: 'image';
  /** MIME types and extensions accepted */
  types: readonly string[];
  extensions: readonly string[];
  /** the formats as the message names them */
  formatLabel: string;
  maxMb: number;
  /** longest and shortest side at most (3840*2160 in either orientation) */
  maxLong: number;
  maxShort: number;
  minSide: number;
}

export interface VideoRule {
  kind: 'video';
  types: readonly string[];
  extensions: readonly string[];
  formatLabel: string;
  maxMb: number;
  maxSeconds: number;
  label: string;
}

/** Image to image, image to video, effects and tools: JPG, PNG, JPEG, WEBP under 50MB, within 3840*2160. */
export const IMAGE_RULE: ImageRule = {
  kind: 'image',
  types: IMAGE_LIMIT.mimeTypes,
  extensions: IMAGE_LIMIT.extensions,
  formatLabel: IMAGE_LIMIT.formatLabel,
  maxMb: IMAGE_LIMIT.maxMb,
  maxLong: IMAGE_LIMIT.maxLong,
  maxShort: IMAGE_LIMIT.maxShort,
  minSide: IMAGE_LIMIT.minSide,
};

/** Video to anime: MP4 or MOV, at most 500MB and 30 seconds (the server's limits for this mode). */
const ANIME = VIDEO_LIMITS.video2anime;
export const ANIME_VIDEO_RULE: VideoRule = {
  kind: 'video',
  types: ANIME.mimeTypes,
  extensions: ANIME.extensions,
  formatLabel: ANIME.formatLabel,
  maxMb: ANIME.maxMb,
  maxSeconds: ANIME.maxSeconds,
  label: ANIME.label,
};

/** 'Upload {format} images up to {maxSize} MB, with a minimum width/height of {minResolution} px' */
export function imageUploadMessage(rule: ImageRule = IMAGE_RULE): string {
  return imageUploadText(rule);
}

export function videoUploadMessage(rule: VideoRule = ANIME_VIDEO_RULE): string {
  return `Upload ${rule.formatLabel} videos up to ${rule.maxMb} MB and ${rule.maxSeconds} seconds`;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The format is judged by the MIME type the browser reports, or by the extension when the browser
 * reports none; a file that claims a format and then fails to decode is refused after decoding.
 */
function formatAccepted(file: FileLike, types: readonly string[], extensions: readonly string[]): boolean {
  if (file.type) return types.includes(file.type.toLowerCase());
  return extensions.includes(extensionOf(file.name));
}

/** Before reading the file: format and size. Null when it may go on. */
export function checkImageFile(file: FileLike, rule: ImageRule = IMAGE_RULE): string | null {
  if (!formatAccepted(file, rule.types, rule.extensions)) return USER_TEXTS.UNSUPPORTED_FORMAT;
  if (file.size === 0) return USER_TEXTS.UPLOAD_FAILED;
  if (file.size > rule.maxMb * MB) return imageUploadMessage(rule);
  return null;
}

/** After decoding: the resolution limits. */
export function checkImageSize(size: { width: number; height: number }, rule: ImageRule = IMAGE_RULE): string | null {
  const long = Math.max(size.width, size.height);
  const short = Math.min(size.width, size.height);
  if (long > rule.maxLong || short > rule.maxShort) return USER_TEXTS.RESOLUTION_UNSUPPORTED;
  if (short < rule.minSide) return imageUploadMessage(rule);
  return null;
}

export function checkVideoFile(file: FileLike, rule: VideoRule = ANIME_VIDEO_RULE): string | null {
  if (!formatAccepted(file, rule.types, rule.extensions)) return USER_TEXTS.FORMAT_UNSUPPORTED;
  if (file.size === 0) return USER_TEXTS.UPLOAD_FAILED;
  if (file.size > rule.maxMb * MB) return `The file must be at most ${rule.maxMb} MB`;
  return null;
}

/** After reading the video's metadata: its length and resolution. */
export function checkVideoMeta(meta: { width: number; height: number; duration: number }, rule: VideoRule = ANIME_VIDEO_RULE): string | null {
  if (Number.isFinite(meta.duration) && meta.duration > rule.maxSeconds + 0.5) return `${rule.label} takes videos up to ${rule.maxSeconds} seconds`;
  if (meta.width > 0 && beyondMaxResolution(meta.width, meta.height)) return USER_TEXTS.RESOLUTION_UNSUPPORTED;
  return null;
}

/** The accept attribute of a file input for a rule. */
export function acceptOf(rule: ImageRule | VideoRule): string {
  return [...rule.extensions.map((ext) => `.${ext}`), ...rule.types].join(',');
}
