/**
 * Video to anime on ComfyUI, chunk by chunk: a whole clip as one batch is every frame in float32 at once and
 * every frame in one sampling batch (a 30 s 1080p clip: about 22 GB and 900 SDXL frames), which no GPU holds.
 * The clip is resampled to the plan's frame rate, capped at its frame count, and cut into chunks of
 * `chunkFrames` frames; each chunk goes through the workflow as its own prompt (same seed, same settings),
 * and the redrawn chunks are joined and given the clip's own sound back.
 */
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError, throwIfAborted } from '../errors';
import { h264Args, runFfmpeg } from '../media/ffmpeg';
import { probeMedia } from '../media/probe';
import type { EngineContext, EngineJob, EngineOutput } from '../types';
import type { FramePlan } from './workflow';

export type ChunkRunner = (chunk: string, index: number, onProgress: (pct: number, note?: string) => void) => Promise<EngineOutput[]>;

/** Cuts the clip into chunk files of exactly `chunkFrames` frames (the last one shorter) at the plan's rate. */
async function cut(source: string, dir: string, plan: FramePlan, ctx: EngineContext): Promise<string[]> {
  const seconds = plan.chunkFrames / plan.fps;
  await runFfmpeg(
    [
      '-i', source, '-an',
      '-vf', `fps=${plan.fps}`,
      '-frames:v', String(plan.maxFrames),
      ...h264Args({ crf: 12, preset: 'veryfast' }),
      // a key frame at every chunk boundary, so the segmenter cuts exactly there
      '-force_key_frames', `expr:gte(t,n_forced*${seconds})`,
      '-f', 'segment', '-segment_time', String(seconds), '-reset_timestamps', '1',
      join(dir, 'chunk-%04d.mp4'),
    ],
    { signal: ctx.signal },
  );
  return (await readdir(dir)).filter((f) => /^chunk-\d{4}\.mp4$/.test(f)).sort().map((f) => join(dir, f));
}

export async function animeInChunks(job: EngineJob, ctx: EngineContext, plan: FramePlan, runChunk: ChunkRunner): Promise<EngineOutput> {
  const source = job.inputs[0];
  if (!source) throw new EngineError(USER_TEXTS.UPLOAD_FAILED, 'no video to redraw');
  const original = await probeMedia(source);
  const chunks = await cut(source, ctx.workDir, plan, ctx);
  if (!chunks.length) throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, 'the video has no frames');
  const redrawn: string[] = [];
  for (const [index, chunk] of chunks.entries()) {
    throwIfAborted(ctx.signal);
    const share = (pct: number) => Math.round(((index + pct / 100) / chunks.length) * 95);
    const outputs = await runChunk(chunk, index + 1, (pct, note) => ctx.onProgress(share(pct), `chunk ${index + 1} of ${chunks.length}${note ? `: ${note}` : ''}`));
    const video = outputs.find((o) => /\.(mp4|webm|mov)$/i.test(o.path));
    if (!video) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `ComfyUI returned no video for chunk ${index + 1}`);
    redrawn.push(video.path);
  }
  const list = join(ctx.workDir, 'chunks.txt');
  await writeFile(list, redrawn.map((p) => `file '${p.replace(/'/g, "'\\''")}'`).join('\n'));
  const path = join(ctx.workDir, `${job.taskId.replace(/[^A-Za-z0-9_-]/g, '_')}-anime.mp4`);
  const seconds = Math.min(original.duration, plan.maxFrames / plan.fps);
  await runFfmpeg(
    [
      '-f', 'concat', '-safe', '0', '-i', list,
      ...(original.hasAudio ? ['-i', source, '-map', '0:v:0', '-map', '1:a:0', '-c:a', 'aac', '-b:a', '160k'] : ['-map', '0:v:0']),
      ...h264Args({ crf: 18 }),
      '-t', seconds.toFixed(3),
      path,
    ],
    { signal: ctx.signal, duration: seconds },
  );
  return { path, media: 'video', mime: 'video/mp4' };
}
