import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LYRICS_MIN_LENGTH, MUSIC_DEFAULT_DURATION, PROMPT_MIN_LENGTH, USER_TEXTS } from 'shared-contracts/src/constants';
import { EngineError, throwIfAborted } from '../../errors';
import { ffmpegToBuffer, runFfmpeg } from '../../media/ffmpeg';
import { probeMedia } from '../../media/probe';
import type { AlgorithmParams, EngineContext, EngineJob, EngineResult } from '../../types';
import { clamp, input, mediaOutput, NO_MODEL, outFile } from '../common';
import { seedFor } from '../prompt';
import { DEFAULT_VOICE, speak } from './speech';
import { arrange, planMusic, SR, wavToMono } from './synth';

type Job<A extends keyof AlgorithmParams> = EngineJob<A>;

function encodeArgs(format: 'mp3' | 'm4a'): string[] {
  return format === 'm4a' ? ['-c:a', 'aac', '-b:a', '192k'] : ['-c:a', 'libmp3lame', '-b:a', '192k'];
}

async function encodeWav(wav: Buffer, path: string, format: 'mp3' | 'm4a', ctx: EngineContext, seconds: number): Promise<void> {
  const wavPath = `${path}.wav`;
  await writeFile(wavPath, wav);
  await runFfmpeg(['-i', wavPath, ...encodeArgs(format), path], { signal: ctx.signal, duration: seconds, onProgress: (f) => ctx.onProgress(80 + f * 19) });
}

export async function textToMusic(job: Job<'mai_tcm'>, ctx: EngineContext): Promise<EngineResult> {
  const prompt = (job.params.prompt ?? '').trim();
  if (!prompt) throw new EngineError(USER_TEXTS.MUSIC_EMPTY, 'empty prompt');
  if (prompt.length < PROMPT_MIN_LENGTH) throw new EngineError(USER_TEXTS.MUSIC_EMPTY, `prompt shorter than ${PROMPT_MIN_LENGTH}`);
  const seconds = clamp(job.params.duration ?? MUSIC_DEFAULT_DURATION, 5, 240);
  const seed = seedFor(prompt, job.params.seed);
  const plan = planMusic(prompt, job.params.style, seed);
  ctx.onProgress(5, 'composing');
  const a = arrange(plan, seconds, seed, true);
  throwIfAborted(ctx.signal);
  ctx.onProgress(70, 'mixing');
  const format = job.params.format === 'm4a' ? 'm4a' : 'mp3';
  const path = outFile(ctx, job, 0, format);
  await encodeWav(a.mix.toWav(), path, format, ctx, seconds);
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:music-synth',
      note: `Synthesised by the local engine in ${plan.keyName} at ${plan.bpm} bpm with ${plan.instruments.join(', ')}${plan.drums === 'none' ? '' : ` and ${plan.drums} drums`}${plan.drivers.length ? `, following "${plan.drivers.join('", "')}"` : ''}; ${NO_MODEL}.`,
    },
  };
}

export async function textToSong(job: Job<'mai_text2song_minimax'>, ctx: EngineContext): Promise<EngineResult> {
  const lyrics = (job.params.lyrics ?? '').trim();
  const prompt = (job.params.prompt ?? '').trim();
  if (!lyrics && !prompt) throw new EngineError(USER_TEXTS.MUSIC_EMPTY, 'no lyrics and no prompt');
  if (lyrics.length < LYRICS_MIN_LENGTH) throw new EngineError(USER_TEXTS.LYRICS_TOO_SHORT, `lyrics shorter than ${LYRICS_MIN_LENGTH}`);
  const lines = lyrics
    .split(/\n+|(?<=[.!?;])\s+/)
    .map((l) => l.replace(/^\s*\[[^\]]*\]\s*/, '').trim())
    .filter(Boolean);
  // the backing depends on the prompt (or, without one, the lyrics) and the seed
  const seed = seedFor(prompt || lyrics, job.params.seed);
  const plan = planMusic(prompt || lyrics, job.params.style, seed);
  const beat = 60 / plan.bpm;
  const bar = beat * 4;
  const phrase = bar * 2;
  const intro = bar * 2;
  // every line gets a two-bar phrase; the song is long enough for all of them
  const wanted = clamp(job.params.duration ?? MUSIC_DEFAULT_DURATION, 5, 240);
  const seconds = clamp(Math.max(wanted, intro + lines.length * phrase + bar * 2), 5, 240);
  const a = arrange(plan, seconds, seed, false);
  ctx.onProgress(20, 'singing');
  const voice = job.params.voice ?? DEFAULT_VOICE;
  let sung = 0;
  for (let i = 0; i < lines.length; i++) {
    throwIfAborted(ctx.signal);
    const start = intro + i * phrase;
    if (start > seconds - 1) break;
    const wordsInLine = lines[i].split(/\s+/).length;
    // fit the line into its phrase; pitch follows the melody note of the phrase's first bar
    const wpm = clamp((wordsInLine / (phrase * 0.85)) * 60, 110, 260);
    const note = a.barNotes[Math.min(a.barNotes.length - 1, Math.floor(start / bar))] ?? 60;
    const pitch = clamp(30 + ((note - 60) % 12 + 12) % 12 * 4, 10, 90);
    const wavPath = join(ctx.workDir, `${job.taskId}-line${i}.wav`);
    await speak(lines[i], wavPath, { voice, speed: wpm, pitch, signal: ctx.signal });
    const mono = wavToMono(await readFile(wavPath)).subarray(0, Math.floor(phrase * SR));
    let peak = 1e-6;
    for (const v of mono) peak = Math.max(peak, Math.abs(v));
    // the backing steps back while a line is sung
    a.mix.duck(start, mono.length / SR, 0.65);
    a.mix.addMono(mono, start, 0.85 / peak);
    sung++;
    ctx.onProgress(20 + (50 * (i + 1)) / lines.length);
  }
  const format = job.params.format === 'm4a' ? 'm4a' : 'mp3';
  const path = outFile(ctx, job, 0, format);
  await encodeWav(a.mix.toWav(), path, format, ctx, seconds);
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:music-synth+espeak-ng',
      model: 'eSpeak NG (formant speech synthesiser, GPL-3.0-or-later)',
      note: `Backing synthesised by the local engine in ${plan.keyName} at ${plan.bpm} bpm with ${plan.instruments.join(', ')}; ${sung} lyric line${sung === 1 ? '' : 's'} voiced by eSpeak NG (${voice}) on the phrase pitches. A speech synthesiser, not a singing model: ${NO_MODEL}.`,
    },
  };
}

/** RMS (0..1) of an audio file's first channels, decoded by ffmpeg. */
export async function audioRms(path: string, seconds?: number): Promise<number> {
  const pcm = await ffmpegToBuffer(['-i', path, ...(seconds ? ['-t', String(seconds)] : []), '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1']);
  let sum = 0;
  const n = pcm.length / 2;
  for (let i = 0; i < n; i++) sum += (pcm.readInt16LE(i * 2) / 32768) ** 2;
  return n ? Math.sqrt(sum / n) : 0;
}

async function requireAudio(path: string) {
  const p = await probeMedia(path).catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  if (!p.hasAudio) throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, 'no audio track');
  return p;
}

export async function audioNoiseReduction(job: Job<'audio_noise_reduction'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'audio');
  const info = await requireAudio(src);
  const strength = job.params.strength ?? 'medium';
  const nr = { low: 10, medium: 20, high: 32 }[strength];
  const filter = `highpass=f=70,afftdn=nr=${nr}:nf=-42:tn=1,afftdn=nr=${Math.round(nr / 2)}:nf=-48`;
  const path = outFile(ctx, job, 0, 'mp3');
  await runFfmpeg(['-i', src, '-vn', '-af', filter, '-c:a', 'libmp3lame', '-b:a', '192k', path], {
    signal: ctx.signal,
    duration: info.duration,
    onProgress: (f) => ctx.onProgress(f * 100),
  });
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:ffmpeg-afftdn',
      note: `Noise reduced with ffmpeg's FFT denoiser (afftdn, ${nr} dB, noise floor tracking) after an 70 Hz high-pass; ${NO_MODEL}.`,
    },
  };
}

export async function audioVocalRemoval(job: Job<'audio_vocal_removal'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'audio');
  const info = await requireAudio(src);
  // a mono track (or identical channels) has no side signal to keep
  const side = await ffmpegToBuffer(['-i', src, '-t', '30', '-af', 'pan=mono|c0=0.5*c0-0.5*c1', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], ctx.signal);
  let sideE = 0;
  for (let i = 0; i < side.length / 2; i++) sideE += (side.readInt16LE(i * 2) / 32768) ** 2;
  if (Math.sqrt(sideE / Math.max(1, side.length / 2)) < 1e-4) {
    throw new EngineError(USER_TEXTS.PROCESSING_FAILED, 'the track is mono: centre-channel cancellation needs a stereo mix');
  }
  const format = job.params.format === 'm4a' ? 'm4a' : 'mp3';
  const inst = outFile(ctx, job, 0, format);
  const vocals = outFile(ctx, job, 1, format);
  // instrumental: the side signal (L-R) plus the low end, which is centred but rarely vocal
  // vocals estimate: the centre (mid) band-limited to the voice range, minus what the sides share
  await runFfmpeg(
    [
      '-i', src, '-vn', '-filter_complex',
      '[0:a]aformat=channel_layouts=stereo,asplit=3[a][b][c];' +
        '[a]pan=stereo|c0=c0-c1|c1=c1-c0[side];' +
        '[b]lowpass=f=160,pan=stereo|c0=0.5*c0+0.5*c1|c1=0.5*c0+0.5*c1[low];' +
        '[side][low]amerge=inputs=2,pan=stereo|c0=c0+c2|c1=c1+c3[inst];' +
        '[c]pan=mono|c0=0.5*c0+0.5*c1,highpass=f=180,lowpass=f=7000[voc]',
      '-map', '[inst]', ...encodeArgs(format), inst,
      '-map', '[voc]', ...encodeArgs(format), vocals,
    ],
    { signal: ctx.signal, duration: info.duration, onProgress: (f) => ctx.onProgress(5 + f * 94) },
  );
  return {
    outputs: [await mediaOutput(inst), await mediaOutput(vocals)],
    metadata: {
      engine: 'local:ffmpeg-centre-cancel',
      note: `Vocals removed by centre-channel cancellation with ffmpeg (left minus right, with the centred bass below 160 Hz kept): works where the voice is mixed in the centre. The second file is the band-limited centre, a rough vocal estimate. ${NO_MODEL[0].toUpperCase()}${NO_MODEL.slice(1)}.`,
    },
  };
}
