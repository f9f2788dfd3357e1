import { spawn } from 'node:child_process';
import { stat } from 'node:fs/promises';
import sharp from 'sharp';
import { ffprobeBin } from './ffmpeg';
import type { MediaKind } from '../types';

export interface ProbedMedia {
  media: MediaKind;
  width: number;
  height: number;
  /** seconds; 0 for images */
  duration: number;
  /** short container or image format: png, jpeg, webp, gif, mp4, mov, mkv, webm, mp3, m4a, wav, ogg, flac, ... */
  format: string;
  /** bytes */
  size: number;
  fps?: number;
  hasAudio: boolean;
  videoCodec?: string;
  audioCodec?: string;
  /** channels of the first audio stream */
  audioChannels?: number;
  mime: string;
}

interface FfprobeStream {
  codec_type?: string;
  codec_name?: string;
  channels?: number;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  duration?: string;
  nb_frames?: string;
  disposition?: { attached_pic?: number };
}
interface FfprobeOut {
  streams?: FfprobeStream[];
  format?: { format_name?: string; duration?: string; tags?: { major_brand?: string } };
}

const IMAGE_CODECS = new Set(['png', 'mjpeg', 'jpeg', 'webp', 'bmp', 'tiff', 'gif', 'jpegls', 'jpeg2000', 'apng']);

const MIME: Record<string, string> = {
  png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', bmp: 'image/bmp', tiff: 'image/tiff',
  mp4: 'video/mp4', mov: 'video/quicktime', mkv: 'video/x-matroska', webm: 'video/webm', avi: 'video/x-msvideo',
  mp3: 'audio/mpeg', m4a: 'audio/mp4', wav: 'audio/wav', ogg: 'audio/ogg', flac: 'audio/flac', aac: 'audio/aac',
};

function ffprobeJson(path: string): Promise<FfprobeOut> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffprobeBin(), ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', path], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`ffprobe could not read ${path}: ${err.trim().split('\n').pop() ?? code}`));
      try {
        resolve(JSON.parse(out) as FfprobeOut);
      } catch (e) {
        reject(e);
      }
    });
  });
}

function rate(r?: string): number | undefined {
  if (!r) return undefined;
  const [a, b] = r.split('/').map(Number);
  if (!a || !b) return undefined;
  return a / b;
}

function containerFormat(name: string, brand: string | undefined, media: MediaKind, codec?: string): string {
  if (media === 'image') {
    if (codec === 'mjpeg' || codec === 'jpeg') return 'jpeg';
    return codec ?? name.replace(/_pipe$/, '');
  }
  if (name.includes('mp4') || name.includes('mov')) {
    const b = (brand ?? '').trim().toLowerCase();
    if (b === 'qt') return 'mov';
    if (media === 'audio' || b.startsWith('m4a')) return media === 'audio' ? 'm4a' : 'mp4';
    return 'mp4';
  }
  if (name.includes('matroska')) return name.includes('webm') && codec && ['vp8', 'vp9', 'av1'].includes(codec) ? 'webm' : 'mkv';
  return name.split(',')[0];
}

/** Width, height, duration, format and size of an image, video or audio file (by content, not by name). */
export async function probeMedia(path: string): Promise<ProbedMedia> {
  // still images: sharp sniffs the magic bytes (ffprobe's image2 demuxer trusts the file name)
  const still = await sharp(path, { pages: 1 })
    .metadata()
    .catch(() => null);
  if (still?.format && still.width && still.height && !(still.format === 'gif' && (still.pages ?? 1) > 1)) {
    const st = await stat(path);
    const format: string = still.format;
    return {
      media: 'image',
      width: still.autoOrient?.width ?? still.width,
      height: still.autoOrient?.height ?? still.height,
      duration: 0,
      format,
      size: st.size,
      hasAudio: false,
      mime: MIME[format] ?? (format === 'svg' ? 'image/svg+xml' : format === 'heif' ? 'image/heif' : 'image/*'),
    };
  }
  const [info, st] = await Promise.all([ffprobeJson(path), stat(path)]);
  const streams = info.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video' && !s.disposition?.attached_pic);
  const audio = streams.find((s) => s.codec_type === 'audio');
  const formatName = info.format?.format_name ?? '';
  const duration = Number(info.format?.duration ?? video?.duration ?? audio?.duration ?? 0) || 0;
  // ffprobe reads any text file as ANSI art ("tty"): that is not media
  if (/^(tty|txt|bin|xbin|adf|idf|srt|ass|webvtt|subviewer\w*|mpl2|jacosub|sami|microdvd|lrc|realtext|stl|pjs|vplayer)$/.test(formatName) || video?.codec_name === 'ansi') {
    throw new Error(`not an image, video or audio file (${formatName})`);
  }
  if (video && (!video.width || !video.height)) throw new Error(`no decodable picture in ${path}`);
  let media: MediaKind;
  if (video) {
    const still =
      IMAGE_CODECS.has(video.codec_name ?? '') &&
      (formatName.endsWith('_pipe') || formatName === 'image2' || formatName === 'gif' || !duration || duration < 0.05);
    media = still && video.codec_name !== 'gif' ? 'image' : still ? 'image' : 'video';
  } else if (audio) media = 'audio';
  else throw new Error(`no image, video or audio stream in ${path}`);
  const format = containerFormat(formatName, info.format?.tags?.major_brand, media, media === 'audio' ? audio?.codec_name : video?.codec_name);
  return {
    media,
    width: video?.width ?? 0,
    height: video?.height ?? 0,
    duration: media === 'image' ? 0 : duration,
    format,
    size: st.size,
    fps: media === 'video' ? rate(video?.avg_frame_rate) ?? rate(video?.r_frame_rate) : undefined,
    hasAudio: Boolean(audio),
    videoCodec: video?.codec_name,
    audioCodec: audio?.codec_name,
    audioChannels: audio?.channels,
    mime: MIME[format] ?? (media === 'image' ? 'image/*' : media === 'video' ? 'video/*' : 'audio/*'),
  };
}
