import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { h264Args, runFfmpeg } from '../../media/ffmpeg';
import type { ProbedMedia } from '../../media/probe';
import type { CameraMotion, EngineContext, EngineJob, EngineResult } from '../../types';
import { clamp, input, mediaOutput, nearestRatio, NO_MODEL, outFile, ratioSize, videoSize } from '../common';
import { compose } from '../image/compose';
import { watermarkPng } from '../image/watermark-mark';
import { rng, seedFor } from '../prompt';
import { arrange, planMusic } from '../audio/synth';
import { FPS, progress, requireVideo, type Job } from './video-common';

function pickMotion(motion: CameraMotion | undefined, seed: number): Exclude<CameraMotion, 'auto'> {
  if (motion && motion !== 'auto') return motion;
  const all = ['zoom_in', 'zoom_out', 'pan_left', 'pan_right', 'pan_up', 'pan_down'] as const;
  return all[Math.floor(rng(seed)() * all.length)];
}

/** zoompan expressions for a camera move over n frames (input already scaled to `over` x the frame) */
function zoompan(m: Exclude<CameraMotion, 'auto'>, n: number, w: number, h: number): string {
  const p = `(on/${Math.max(1, n - 1)})`;
  const cx = "iw/2-(iw/zoom/2)";
  const cy = "ih/2-(ih/zoom/2)";
  let z = '1.12';
  let x = cx;
  let y = cy;
  if (m === 'zoom_in') z = `1+0.25*${p}`;
  if (m === 'zoom_out') z = `1.25-0.25*${p}`;
  if (m === 'pan_left') x = `(iw-iw/zoom)*(1-${p})`;
  if (m === 'pan_right') x = `(iw-iw/zoom)*${p}`;
  if (m === 'pan_up') y = `(ih-ih/zoom)*(1-${p})`;
  if (m === 'pan_down') y = `(ih-ih/zoom)*${p}`;
  return `zoompan=z='${z}':x='${x}':y='${y}':d=1:s=${w}x${h}:fps=${FPS}`;
}

/**
 * The audio toggle: a soundtrack synthesised for the clip from the prompt's mood (like the music engine),
 * exactly as long as the clip. Answers the extra ffmpeg input and output arguments, and a few words for
 * the note.
 */
async function soundtrack(
  job: EngineJob,
  ctx: EngineContext,
  prompt: string,
  seed: number,
  duration: number,
  inputIndex: number,
): Promise<{ input: string[]; output: string[]; say: string }> {
  const plan = planMusic(prompt || 'calm ambient', undefined, seed);
  const wav = join(ctx.workDir, `${job.taskId}-sound.wav`);
  await writeFile(wav, arrange(plan, duration, seed, true).mix.toWav());
  return {
    input: ['-i', wav],
    output: ['-map', `${inputIndex}:a`, '-c:a', 'aac', '-b:a', '160k'],
    say: `, with a soundtrack synthesised in ${plan.keyName} at ${plan.bpm} bpm (${plan.instruments.join(', ')})`,
  };
}

export async function text2video(job: Job<'text2video'>, ctx: EngineContext): Promise<EngineResult> {
  const { prompt } = job.params;
  const duration = clamp(job.params.duration ?? 5, 1, 10);
  const base = ratioSize(job.params.ratio, '16:9');
  const { width: W, height: H } = videoSize(base.width, base.height, job.params.resolution);
  const seed = seedFor(prompt, job.params.seed);
  const motion = pickMotion(job.params.motion, seed);
  // layers rendered larger than the frame so the camera can move
  const LW = Math.round(W * 1.3);
  const LH = Math.round(H * 1.3);
  const c = compose(prompt, seed, LW, LH);
  const bgPath = join(ctx.workDir, `${job.taskId}-bg.png`);
  const fgPath = join(ctx.workDir, `${job.taskId}-fg.png`);
  await sharp(Buffer.from(c.background)).removeAlpha().png().toFile(bgPath);
  await sharp(Buffer.from(c.foreground)).ensureAlpha().png().toFile(fgPath);
  const sound = job.params.audio ? await soundtrack(job, ctx, prompt, seed, duration, 2) : { input: [], output: [], say: '' };
  ctx.onProgress(10, 'rendering');
  const n = Math.round(duration * FPS);
  // the foreground layer moves twice as far as the background: parallax
  const dir = motion === 'pan_left' ? -1 : motion === 'pan_right' ? 1 : rng(seed + 1)() > 0.5 ? 1 : -1;
  const fx = `(iw-ow)/2+${dir}*(iw-ow)/2*(t/${duration}*2-1)*0.9`;
  const fy = motion === 'pan_up' ? `(ih-oh)*(1-t/${duration})` : motion === 'pan_down' ? `(ih-oh)*t/${duration}` : '(ih-oh)/2';
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(
    [
      '-loop', '1', '-framerate', String(FPS), '-t', String(duration), '-i', bgPath,
      '-loop', '1', '-framerate', String(FPS), '-t', String(duration), '-i', fgPath,
      ...sound.input,
      '-filter_complex',
      `[0:v]${zoompan(motion, n, W, H)},setsar=1[bg];` +
        `[1:v]format=rgba,scale=${Math.round(W * 1.3)}:${Math.round(H * 1.3)},crop=${W}:${H}:x='${fx}':y='${fy}',setsar=1[fg];` +
        // no fade-in: the first frame is a representative one (posters and thumbnails use it)
        `[bg][fg]overlay=0:0:shortest=1,fade=t=out:st=${Math.max(0, duration - 0.4)}:d=0.4[v]`,
      // the clip's length ends both streams: a video frame count would end the file while the soundtrack was still being encoded (it ran 0.75 s short)
      '-map', '[v]', ...sound.output, '-t', String(duration), '-r', String(FPS), ...h264Args(), path,
    ],
    { signal: ctx.signal, duration, onProgress: progress(ctx, 10, 98) },
  );
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:procedural-video',
      note: `Rendered procedurally from the prompt by the local engine: a ${c.scene} composition${c.drivers.length ? ` shaped by "${c.drivers.join('", "')}"` : ''} in two layers, filmed with a ${motion.replace('_', ' ')} camera move and parallax${sound.say}; a preview, ${NO_MODEL}.`,
    },
  };
}

export async function image2video(job: Job<'image2video'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'image');
  const meta = await sharp(src).rotate().metadata();
  const iw = meta.autoOrient?.width ?? meta.width ?? 1;
  const ih = meta.autoOrient?.height ?? meta.height ?? 1;
  const base = ratioSize(nearestRatio(iw, ih));
  const { width: W, height: H } = videoSize(base.width, base.height, job.params.resolution);
  const duration = clamp(job.params.duration ?? 5, 1, 10);
  const seed = seedFor(job.params.prompt ?? src, job.params.seed);
  const motion = pickMotion(job.params.motion, seed);
  const n = Math.round(duration * FPS);
  // cover-crop to the frame, with room for the camera
  const firstPath = join(ctx.workDir, `${job.taskId}-first.png`);
  await sharp(src).rotate().resize(Math.round(W * 1.3), Math.round(H * 1.3), { fit: 'cover' }).png().toFile(firstPath);
  const args = ['-loop', '1', '-framerate', String(FPS), '-t', String(duration), '-i', firstPath];
  let filter = `[0:v]${zoompan(motion, n, W, H)},setsar=1[a]`;
  let out = '[a]';
  let endNote = '';
  if (job.inputs[1]) {
    const endPath = join(ctx.workDir, `${job.taskId}-end.png`);
    await sharp(job.inputs[1]).rotate().resize(W, H, { fit: 'cover' }).png().toFile(endPath);
    args.push('-loop', '1', '-framerate', String(FPS), '-t', String(duration), '-i', endPath);
    // cross-dissolve from the moving first frame into the end frame over the second half
    filter += `;[1:v]format=yuva420p,setsar=1,fade=t=in:st=${duration / 2}:d=${duration / 2}:alpha=1[b];[a][b]overlay=0:0:shortest=1[m]`;
    out = '[m]';
    endNote = ', dissolving into the end frame';
  }
  filter += `;${out}null[v]`;
  const sound = job.params.audio ? await soundtrack(job, ctx, job.params.prompt ?? '', seed, duration, job.inputs[1] ? 2 : 1) : { input: [], output: [], say: '' };
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg([...args, ...sound.input, '-filter_complex', filter, '-map', '[v]', ...sound.output, '-t', String(duration), '-r', String(FPS), ...h264Args(), path], {
    signal: ctx.signal,
    duration,
    onProgress: progress(ctx, 5, 98),
  });
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:ken-burns',
      note: `The image was animated by the local engine with a ${motion.replace('_', ' ')} camera move (ken-burns)${endNote}${sound.say}; a preview, ${NO_MODEL}.`,
    },
  };
}

const ANIME: Record<string, { chain: string; say: string }> = {
  anime: {
    chain: 'hqdn3d=6:6:8:8,lutrgb=r=floor(val/42)*42+21:g=floor(val/42)*42+21:b=floor(val/42)*42+21,eq=saturation=1.45:contrast=1.08',
    say: 'smoothed, posterised to flat colour bands, saturated and outlined',
  },
  cartoon: {
    chain: 'hqdn3d=10:10:10:10,lutrgb=r=floor(val/64)*64+32:g=floor(val/64)*64+32:b=floor(val/64)*64+32,eq=saturation=1.7',
    say: 'strongly smoothed, posterised to few colours and outlined',
  },
  comic: {
    chain: 'hqdn3d=6:6:6:6,eq=saturation=0.55:contrast=1.35,lutrgb=r=floor(val/51)*51:g=floor(val/51)*51:b=floor(val/51)*51',
    say: 'desaturated, contrasted, posterised and outlined',
  },
  sketch: { chain: 'format=gray,hqdn3d=4:4:4:4', say: 'turned into pencil lines from its edges' },
  watercolor: {
    chain: 'boxblur=2:1,lutrgb=r=floor(val/32)*32+16:g=floor(val/32)*32+16:b=floor(val/32)*32+16,eq=saturation=1.3:brightness=0.04',
    say: 'softened into washed colour areas and outlined',
  },
};

export async function video2anime(job: Job<'video2anime'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'video');
  const info = await requireVideo(src);
  const style = job.params.style && ANIME[job.params.style] ? job.params.style : 'anime';
  const { width: W, height: H } = job.params.resolution ? videoSize(info.width, info.height, job.params.resolution) : videoSize(info.width, info.height);
  const s = ANIME[style];
  const edges = style === 'sketch'
    ? `[0:v]scale=${W}:${H},${s.chain},edgedetect=low=0.08:high=0.2,negate,format=yuv420p[v]`
    : `[0:v]scale=${W}:${H},split[a][b];[a]${s.chain}[c];[b]format=gray,edgedetect=low=0.1:high=0.25,negate,format=gbrp[e];[c]format=gbrp[c2];[c2][e]blend=all_mode=multiply,format=yuv420p[v]`;
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(['-i', src, '-filter_complex', edges, '-map', '[v]', '-map', '0:a?', ...h264Args(), '-c:a', 'aac', '-b:a', '128k', path], {
    signal: ctx.signal,
    duration: info.duration,
    onProgress: progress(ctx),
  });
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:ffmpeg-stylise',
      note: `Stylised as ${style} by an ffmpeg filter chain: every frame ${s.say}; ${NO_MODEL}.`,
    },
  };
}

const EFFECTS: Record<string, (d: number, W: number, H: number) => { pre: string; say: string }> = {
  zoom_pulse: (d, W, H) => ({ pre: `zoompan=z='1.12+0.08*sin(2*PI*on/${FPS})':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x${H}:fps=${FPS}`, say: 'a pulsing zoom' }),
  heartbeat: (d, W, H) => ({ pre: `zoompan=z='1.08+0.1*pow(abs(sin(PI*on/${FPS * 0.8})),12)':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x${H}:fps=${FPS}`, say: 'a heartbeat zoom' }),
  dolly: (d, W, H) => ({ pre: `zoompan=z='1+0.5*on/${d * FPS}':x='iw/2-(iw/zoom/2)':y='ih/2-(ih/zoom/2)':d=1:s=${W}x${H}:fps=${FPS}`, say: 'a dolly push-in' }),
  shake: (_d, W, H) => ({ pre: `scale=${Math.round(W * 1.1)}:${Math.round(H * 1.1)},crop=${W}:${H}:x='(iw-ow)/2+sin(t*37)*iw*0.02':y='(ih-oh)/2+cos(t*29)*ih*0.02'`, say: 'a camera shake' }),
  spin: (d, W, H) => ({ pre: `scale=${Math.round(Math.hypot(W, H))}:${Math.round(Math.hypot(W, H))},rotate=a='2*PI*t/${d}':ow=${W}:oh=${H}`, say: 'a full spin' }),
  glitch: (_d, W, H) => ({ pre: `scale=${W}:${H},format=gbrp,geq=r='r(X+12*sin(T*23)*gt(sin(T*7),0.3),Y)':g='g(X,Y)':b='b(X-12*sin(T*19)*gt(sin(T*7),0.3),Y)',noise=alls=18:allf=t`, say: 'a colour-split glitch with noise' }),
  fade_bw: (d, W, H) => ({ pre: `scale=${W}:${H},hue=s='max(0,1-t/${d})'`, say: 'a fade from colour to black and white' }),
};

export async function effect(job: Job<'effect'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'image');
  const meta = await sharp(src).rotate().metadata();
  const base = ratioSize(nearestRatio(meta.autoOrient?.width ?? meta.width ?? 1, meta.autoOrient?.height ?? meta.height ?? 1));
  const { width: W, height: H } = videoSize(base.width, base.height, job.params.resolution ?? '540p');
  const d = clamp(job.params.duration ?? 5, 1, 10);
  const name = job.params.effect && EFFECTS[job.params.effect] ? job.params.effect : 'zoom_pulse';
  const e = EFFECTS[name](d, W, H);
  const still = join(ctx.workDir, `${job.taskId}-still.png`);
  await sharp(src).rotate().resize(Math.round(W * 1.2), Math.round(H * 1.2), { fit: 'cover' }).png().toFile(still);
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(
    ['-loop', '1', '-framerate', String(FPS), '-t', String(d), '-i', still, '-vf', `${e.pre},scale=${W}:${H},setsar=1`, '-frames:v', String(Math.round(d * FPS)), '-r', String(FPS), ...h264Args(), path],
    { signal: ctx.signal, duration: d, onProgress: progress(ctx) },
  );
  return {
    outputs: [await mediaOutput(path)],
    metadata: { engine: 'local:ffmpeg-effect', note: `The image was animated with ${e.say} by ffmpeg filters; ${NO_MODEL}.` },
  };
}

export async function watermarkVideo(job: Job<'watermark'>, ctx: EngineContext, src: string, info: ProbedMedia): Promise<EngineResult> {
  const mark = await watermarkPng(info.width, info.height, job.params.text);
  const markPath = join(ctx.workDir, `${job.taskId}-mark.png`);
  await writeFile(markPath, mark.png);
  const path = outFile(ctx, job, 0, 'mp4');
  await runFfmpeg(
    ['-i', src, '-i', markPath, '-filter_complex', `[0:v][1:v]overlay=W-w-${mark.margin}:H-h-${mark.margin},format=yuv420p[v]`, '-map', '[v]', '-map', '0:a?', ...h264Args({ crf: 18 }), '-c:a', 'aac', path],
    { signal: ctx.signal, duration: info.duration, onProgress: progress(ctx) },
  );
  return {
    outputs: [await mediaOutput(path)],
    metadata: { engine: 'local:watermark', note: 'The free-plan watermark (logo and name, bottom right) was drawn on every frame.' },
  };
}
