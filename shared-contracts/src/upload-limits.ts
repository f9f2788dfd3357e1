/**
 * Upload limits of spec section 5: the one home the browser (checks before a file leaves it, the rule texts
 * shown beside an upload) and the API (checks on the file's content) both read. Lengths the spec leaves
 * open are chosen here and said in the texts.
 */
export const BYTES_PER_MB = 1024 * 1024;

export interface ImageLimit {
  media: 'image';
  /** formats as the content is recognised (magic bytes) */
  formats: readonly string[];
  /** file name extensions and MIME types a browser may report */
  extensions: readonly string[];
  mimeTypes: readonly string[];
  /** the formats as the messages name them */
  formatLabel: string;
  maxMb: number;
  /** refusal text for a file over maxMb */
  sizeText: string;
  /** longest and shortest side at most (3840*2160 in either orientation) */
  maxLong: number;
  maxShort: number;
  /** the smallest side accepted (the spec leaves {minResolution} open) */
  minSide: number;
  /** the rule as a tool states it beside its upload area */
  hint: string;
}

export interface VideoLimit {
  media: 'video';
  formats: readonly string[];
  extensions: readonly string[];
  mimeTypes: readonly string[];
  formatLabel: string;
  maxMb: number;
  maxSeconds: number;
  /** width / height bounds, or null */
  aspect: readonly [number, number] | null;
  /** how a length refusal names the tool ('Video to anime takes videos up to 30 seconds') */
  label: string;
  hint: string;
}

export interface AudioLimit {
  media: 'audio';
  formats: readonly string[];
  extensions: readonly string[];
  mimeTypes: readonly string[];
  maxMb: number;
  maxSeconds: number;
  hint: string;
}

export type UploadLimit = ImageLimit | VideoLimit | AudioLimit;

/** The MIME type of each content format. */
export const UPLOAD_MIME: Readonly<Record<string, string>> = {
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

const mimes = (formats: readonly string[]) => formats.map((f) => UPLOAD_MIME[f]);

/** 'Upload {format} images up to {maxSize} MB, with a minimum width/height of {minResolution} px' */
export function imageUploadText(limit: Pick<ImageLimit, 'formatLabel' | 'maxMb' | 'minSide'>): string {
  return `Upload ${limit.formatLabel} images up to ${limit.maxMb} MB, with a minimum width/height of ${limit.minSide} px`;
}

/** '5 minutes', '1 minute', '30 seconds' */
export function lengthText(seconds: number): string {
  return seconds % 60 === 0 ? `${seconds / 60} minute${seconds === 60 ? '' : 's'}` : `${seconds} seconds`;
}

/** The largest picture any upload may have, in either orientation (spec: under 3840*2160). */
export const MAX_RESOLUTION = { long: 3840, short: 2160 } as const;

/** True when a width x height is beyond MAX_RESOLUTION. */
export function beyondMaxResolution(width: number, height: number): boolean {
  return Math.max(width, height) > MAX_RESOLUTION.long || Math.min(width, height) > MAX_RESOLUTION.short;
}

const IMAGE_BASE = {
  media: 'image',
  formats: ['jpeg', 'png', 'webp'],
  extensions: ['jpg', 'jpeg', 'png', 'webp'],
  mimeTypes: mimes(['jpeg', 'png', 'webp']),
  formatLabel: 'JPG, PNG, JPEG, WEBP',
  maxLong: MAX_RESOLUTION.long,
  maxShort: MAX_RESOLUTION.short,
  minSide: 128,
} as const;

const imageHint = (maxMb: number) => `JPG, PNG, JPEG or WEBP, under ${maxMb}MB, resolution under ${IMAGE_BASE.maxLong}*${IMAGE_BASE.maxShort} (larger photos are scaled down to fit).`;

/** Image to image, image to video, effects and the image tools: JPG, PNG, JPEG, WEBP under 50MB, within 3840*2160. */
export const IMAGE_LIMIT: ImageLimit = {
  ...IMAGE_BASE,
  maxMb: 50,
  sizeText: imageUploadText({ ...IMAGE_BASE, maxMb: 50 }),
  hint: imageHint(50),
};

/** Image extender: 'Please keep the file size below 25MB'. */
export const IMAGE_EXTENDER_LIMIT: ImageLimit = {
  ...IMAGE_LIMIT,
  maxMb: 25,
  sizeText: 'Please keep the file size below 25MB',
  hint: imageHint(25),
};

/** 'MP4 or MOV', 'MP4, MOV or MKV' */
function orList(labels: readonly string[]): string {
  return labels.length < 2 ? labels.join('') : `${labels.slice(0, -1).join(', ')} or ${labels[labels.length - 1]}`;
}

interface VideoOptions {
  label: string;
  /** which bounds the hint names (the spec states size for some tools, length for others) */
  says: readonly ('size' | 'length')[];
  aspect?: readonly [number, number];
  /** the aspect bounds as the spec writes them */
  aspectText?: string;
  extra?: string;
}

function video(formats: readonly string[], maxMb: number, maxSeconds: number, options: VideoOptions): VideoLimit {
  const upper = formats.map((f) => f.toUpperCase());
  const parts = [
    ...options.says.map((bound) => (bound === 'size' ? `up to ${maxMb}MB` : `up to ${lengthText(maxSeconds)}`)),
    ...(options.aspectText ? [`aspect ratio from ${options.aspectText}`] : []),
    ...(options.extra ? [options.extra] : []),
  ];
  return {
    media: 'video',
    formats,
    extensions: formats,
    mimeTypes: mimes(formats),
    formatLabel: upper.join(', '),
    maxMb,
    maxSeconds,
    aspect: options.aspect ?? null,
    label: options.label,
    hint: `${orList(upper)}, ${parts.join(', ')}.`,
  };
}

const MP4_MOV = ['mp4', 'mov'] as const;
const MP4_MOV_MKV = ['mp4', 'mov', 'mkv'] as const;
const LONG = { says: ['length'] } as const;

/** A video for an algorithm without limits of its own. */
export const STANDARD_VIDEO_LIMIT = video(MP4_MOV, 500, 60, { label: 'this tool', says: ['size', 'length'] });

/** Video limits by algorithm id (services/engines' catalogue); others take STANDARD_VIDEO_LIMIT. */
export const VIDEO_LIMITS: Readonly<Record<string, VideoLimit>> = {
  video_eraser: video(MP4_MOV, 2048, 10 * 60, { label: 'Video object remover', says: ['size'], aspect: [9 / 16, 16 / 9], aspectText: '9:16 to 16:9' }),
  video_enhancer: video(MP4_MOV_MKV, 2048, 5 * 60, { label: 'Video enhancer', ...LONG }),
  video_denoise: video(MP4_MOV_MKV, 2048, 5 * 60, { label: 'Video denoise', ...LONG }),
  v_sensitive_detect: video(MP4_MOV_MKV, 2048, 10 * 60, { label: 'Video check', ...LONG }),
  video2anime: video(MP4_MOV, 500, 30, { label: 'Video to anime', says: ['size', 'length'] }),
  lip_sync: video(MP4_MOV, 500, 60, { label: 'Lip sync', says: ['size', 'length'], extra: 'with a clearly visible face' }),
  // audio tools take the soundtrack of a video too
  audio_noise_reduction: video(MP4_MOV_MKV, 2048, 60 * 60, { label: 'Audio tools', ...LONG }),
  audio_vocal_removal: video(MP4_MOV_MKV, 2048, 60 * 60, { label: 'Audio tools', ...LONG }),
};

export function videoLimitFor(algorithm: string): VideoLimit {
  return VIDEO_LIMITS[algorithm] ?? STANDARD_VIDEO_LIMIT;
}

const AUDIO_FORMATS = ['mp3', 'm4a', 'wav', 'aac', 'ogg', 'flac'] as const;
const audio = (maxMb: number, maxSeconds: number): AudioLimit => ({
  media: 'audio',
  formats: AUDIO_FORMATS,
  extensions: AUDIO_FORMATS,
  mimeTypes: mimes(AUDIO_FORMATS),
  maxMb,
  maxSeconds,
  hint: `Audio within ${lengthText(maxSeconds)}.`,
});

/** Audio within 60 minutes. */
export const AUDIO_LIMIT: AudioLimit = audio(500, 60 * 60);
/** Speech tracks for the talking tools: priced per second of video, so kept short. */
export const SPEECH_AUDIO_LIMIT: AudioLimit = audio(50, 2 * 60);
/** The algorithms whose audio input is a speech track. */
export const SPEECH_ALGORITHMS: readonly string[] = ['talking_photo', 'talking_avatar', 'lip_sync'];

export function audioLimitFor(algorithm: string): AudioLimit {
  return SPEECH_ALGORITHMS.includes(algorithm) ? SPEECH_AUDIO_LIMIT : AUDIO_LIMIT;
}

export function imageLimitFor(algorithm: string): ImageLimit {
  return algorithm === 'image_extender' ? IMAGE_EXTENDER_LIMIT : IMAGE_LIMIT;
}

/** The accept attribute of a file input for a limit. */
export function acceptFor(limit: UploadLimit): string {
  return [...limit.extensions.map((ext) => `.${ext}`), ...limit.mimeTypes].join(',');
}
