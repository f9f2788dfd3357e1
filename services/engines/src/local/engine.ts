/** The local engine: real processing on this machine (sharp, ffmpeg, tfjs wasm models, eSpeak NG). */
import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError } from '../errors';
import { probeMedia } from '../media/probe';
import type { AlgorithmId, Engine, EngineContext, EngineJob, EngineResult } from '../types';
import { ALGORITHM_IDS } from '../types';
import * as audio from './audio/algorithms';
import * as image from './image/algorithms';
import * as regionEdits from './image/region-edits';
import { imageDetect, textDetect, videoDetect } from './moderation';
import { input } from './common';
import { lipSync, talkingAvatar, talkingPhoto } from './video/talking';
import * as video from './video/algorithms';
import * as clipTools from './video/clip-tools';

// libvips keeps the results of recent operations in case the same one runs again (sharp's default: up to 50 MB, 20
// open files, 100 operations). A task never repeats another's operation (each has its own inputs), and in a
// long-running process that memory stays taken once filled (issue 25, the composed product's memory): no cache.
sharp.cache(false);

type Handler = (job: EngineJob, ctx: EngineContext) => Promise<EngineResult>;

async function watermark(job: EngineJob<'watermark'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'media');
  const info = await probeMedia(src).catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  if (info.media === 'image') return image.watermarkImage(job, ctx, src);
  if (info.media === 'video') return video.watermarkVideo(job, ctx, src, info);
  throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, 'watermarks go on images and videos');
}

const HANDLERS: { [A in AlgorithmId]: (job: EngineJob<A>, ctx: EngineContext) => Promise<EngineResult> } = {
  text2video: video.text2video,
  image2video: video.image2video,
  video2anime: video.video2anime,
  text2image: image.text2image,
  image2image: image.image2image,
  mai_tcm: audio.textToMusic,
  mai_text2song_minimax: audio.textToSong,
  effect: video.effect,
  image_enhancer: image.imageEnhancer,
  bg_remover: image.bgRemover,
  object_remover: regionEdits.objectRemover,
  partial_redrawing: regionEdits.partialRedrawing,
  text_watermark_remover: regionEdits.textWatermarkRemover,
  image_extender: image.imageExtender,
  video_enhancer: clipTools.videoEnhancer,
  video_denoise: clipTools.videoDenoise,
  video_eraser: clipTools.videoEraser,
  audio_noise_reduction: audio.audioNoiseReduction,
  audio_vocal_removal: audio.audioVocalRemoval,
  talking_photo: talkingPhoto,
  talking_avatar: talkingAvatar,
  lip_sync: lipSync,
  image_fkp: image.faceLandmarks,
  face_check: image.faceLandmarks,
  watermark,
  t_sensitive_detect: textDetect,
  i_sensitive_detect: imageDetect,
  v_sensitive_detect: videoDetect,
};

export class LocalEngine implements Engine {
  readonly name = 'local';
  supports(algorithm: AlgorithmId): boolean {
    return (ALGORITHM_IDS as readonly string[]).includes(algorithm);
  }
  async run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    const handler = HANDLERS[job.algorithm] as Handler | undefined;
    if (!handler) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `unknown algorithm ${job.algorithm}`);
    await mkdir(ctx.workDir, { recursive: true });
    ctx.onProgress(0);
    const result = await handler(job, ctx);
    ctx.onProgress(100);
    return result;
  }
}
