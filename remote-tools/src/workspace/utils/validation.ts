/**
 * The upload rules of spec section 5, checked before anything leaves the browser. The limits themselves live
 * in the contract (shared-contracts upload-limits.ts), which the API reads too, so a file refused here would
 * be refused there with the same text.
 */
import { USER_TEXTS } from 'shared-contracts';
import { beyondMaxResolution, BYTES_PER_MB, imageUploadText, lengthText, type UploadLimit } from 'shared-contracts/upload-limits';

export type InputMedia = UploadLimit['media'];

export interface FileLike {
  name: string;
  type: string;
  size: number;
}

export interface MediaMeta {
  width?: number;
  height?: number;
  /** seconds */
  duration?: number;
}

function extensionOf(file: FileLike): string {
  const dot = file.name.lastIndexOf('.');
  return dot >= 0 ? file.name.slice(dot + 1).toLowerCase() : '';
}

/** The limit a file falls under: by the MIME type the browser reports, or by its extension. */
export function limitFor(file: FileLike, limits: readonly UploadLimit[]): UploadLimit | null {
  const type = file.type.toLowerCase();
  const ext = extensionOf(file);
  return limits.find((limit) => (type ? limit.mimeTypes.includes(type) || (type === 'audio/mp3' && limit.extensions.includes('mp3')) : false) || (ext !== '' && limit.extensions.includes(ext))) ?? null;
}

/** Before reading the file: format and size. Null when it may go on. */
export function checkFile(file: FileLike, limits: readonly UploadLimit[]): string | null {
  const limit = limitFor(file, limits);
  if (!limit) return limits.some((l) => l.media === 'image') ? USER_TEXTS.UNSUPPORTED_FORMAT : USER_TEXTS.FORMAT_UNSUPPORTED;
  if (file.size === 0) return USER_TEXTS.UPLOAD_FAILED;
  if (file.size > limit.maxMb * BYTES_PER_MB) return limit.media === 'image' ? limit.sizeText : `The file must be at most ${limit.maxMb} MB`;
  return null;
}

/** After decoding: resolution, aspect and length. */
export function checkMeta(meta: MediaMeta, limit: UploadLimit): string | null {
  const { width = 0, height = 0, duration } = meta;
  if (limit.media !== 'audio' && width > 0 && height > 0) {
    if (beyondMaxResolution(width, height)) return USER_TEXTS.RESOLUTION_UNSUPPORTED;
    if (limit.media === 'image' && Math.min(width, height) < limit.minSide) return imageUploadText(limit);
    if (limit.media === 'video' && limit.aspect) {
      const ratio = width / height;
      if (ratio < limit.aspect[0] - 0.01 || ratio > limit.aspect[1] + 0.01) return USER_TEXTS.RESOLUTION_UNSUPPORTED;
    }
  }
  if (limit.media !== 'image' && duration !== undefined && Number.isFinite(duration) && duration > limit.maxSeconds + 0.5) {
    return limit.media === 'video' ? `${limit.label} takes videos up to ${lengthText(limit.maxSeconds)}` : `Audio must be within ${lengthText(limit.maxSeconds)}`;
  }
  return null;
}

/** The accept attribute of a file input taking any of these limits. */
export function acceptOf(limits: readonly UploadLimit[]): string {
  return [...new Set(limits.flatMap((limit) => [...limit.extensions.map((ext) => `.${ext}`), ...limit.mimeTypes]))].join(',');
}

/** Mask tools: something must be selected; the redrawing prompt must be there. */
export function checkMaskTool(opts: { selected: number; needsPrompt: boolean; prompt: string }): string | null {
  if (opts.selected === 0) return USER_TEXTS.SELECT_AREA;
  if (opts.needsPrompt && !opts.prompt.trim()) return USER_TEXTS.REDRAW_PROMPT;
  return null;
}
