import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { LYRICS_MIN_LENGTH, MUSIC_DEFAULT_DURATION, PROMPT_MIN_LENGTH, USER_TEXTS } from 'shared-contracts/constants';
import { EngineError, throwIfAborted } from '../../errors';
import { ffmpegToBuffer, runFfmpeg } from '../../media/ffmpeg';
import { probeMedia } from '../../media/probe';
import type { AlgorithmParams, EngineContext, EngineJob, EngineResult } from '../../types';
import { clamp, input, mediaOutput, NO_MODEL, outFile } from '../common';
import { seedFor } from '../prompt';
import { melodyFor, singLine, syllables } from './sing';
import { DEFAULT_VOICE } from './speech';
import { rnnoise, RNNOISE_RATE } from './rnnoise';
import { MODEL_NAMES } from '../../local-methods';
import { arrange, MAJOR, MINOR, planMusic } from './synth';

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
    .filter((l) => syllables(l).length > 0);
  // the backing depends on the prompt (or, without one, the lyrics) and the seed
  const seed = seedFor(prompt || lyrics, job.params.seed);
  const plan = planMusic(prompt || lyrics, job.params.style, seed);
  // the length chosen is the length made: the lines that fit are sung, the rest left out (and said so)
  const seconds = clamp(job.params.duration ?? MUSIC_DEFAULT_DURATION, 5, 240);
  const beat = 60 / plan.bpm;
  const bar = beat * 4;
  const intro = seconds >= 20 ? bar : beat;
  const phrase = bar * 2;
  const fits = Math.max(1, Math.floor((seconds - intro - 0.25) / phrase));
  const sungLines = lines.slice(0, fits);
  const a = arrange(plan, seconds, seed, false);
  ctx.onProgress(15, 'singing');
  const voice = job.params.voice ?? DEFAULT_VOICE;
  const scale = plan.mode === 'major' ? MAJOR : MINOR;
  const low = /\+m\d/.test(voice) ? 48 : 57;
  const leadInst = plan.instruments.find((i) => i !== 'bass') ?? 'piano';
  let sungNotes = 0;
  for (let i = 0; i < sungLines.length; i++) {
    throwIfAborted(ctx.signal);
    const start = intro + i * phrase;
    const firstBar = Math.round(start / bar);
    const chordDegrees = [0, 1].map((k) => plan.progression[(firstBar + k) % plan.progression.length]);
    const { notes, audio } = await singLine(
      sungLines[i],
      (count) => melodyFor(count, { beat, beats: Math.max(2, Math.min(8, Math.floor((seconds - start) / beat))), scale, root: plan.root, chordDegrees, seed: seed + i, low }),
      join(ctx.workDir, `${job.taskId}-line${i}.wav`),
      { voice, signal: ctx.signal },
    );
    let peak = 1e-6;
    for (const piece of audio) for (const v of piece.samples) peak = Math.max(peak, Math.abs(v));
    const last = notes[notes.length - 1];
    // the backing steps back while a line is sung; an instrument doubles the tune softly
    if (last) a.mix.duck(start, last.start + last.length, 0.6);
    for (const note of notes) a.mix.note(leadInst, note.midi, start + note.start, note.length, 0.12, 0.2);
    for (const piece of audio) a.mix.addMono(piece.samples, start + piece.start, 0.8 / peak);
    sungNotes += notes.length;
    ctx.onProgress(15 + (60 * (i + 1)) / sungLines.length);
  }
  const format = job.params.format === 'm4a' ? 'm4a' : 'mp3';
  const path = outFile(ctx, job, 0, format);
  await encodeWav(a.mix.toWav(), path, format, ctx, seconds);
  const left = lines.length - sungLines.length;
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:music-synth+espeak-ng',
      model: 'eSpeak NG (formant speech synthesiser, GPL-3.0-or-later)',
      note: `A preview: backing synthesised by the local engine in ${plan.keyName} at ${plan.bpm} bpm with ${plan.instruments.join(', ')}; ${sungLines.length} lyric line${sungLines.length === 1 ? '' : 's'} sung by eSpeak NG (${voice}), ${sungNotes} syllables each tuned to its melody note in pitch and length${left > 0 ? `; ${left} more line${left === 1 ? '' : 's'} did not fit in ${seconds} s` : ''}. A speech synthesiser tuned to a melody, not a singing model: ${NO_MODEL}.`,
    },
  };
}

/** RMS (0..1) of an audio file's first channels, decoded by ffmpeg. */
async function requireAudio(path: string) {
  const p = await probeMedia(path).catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  if (!p.hasAudio) throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, 'no audio track');
  return p;
}

/**
 * The track's noise floor in dBFS: the 10th percentile of 50 ms frame levels over its first minute (the
 * quiet moments between words or notes are mostly noise). afftdn's floor must start near the real one: a
 * fixed -42 dB left louder hiss (a phone recording, a fan) almost untouched.
 */
async function estimateNoiseFloor(src: string, signal?: AbortSignal): Promise<number> {
  const pcm = await ffmpegToBuffer(['-i', src, '-t', '60', '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1'], signal);
  const frame = 400;
  const levels: number[] = [];
  for (let start = 0; start + frame * 2 <= pcm.length; start += frame * 2) {
    let sum = 0;
    for (let i = 0; i < frame; i++) sum += (pcm.readInt16LE(start + i * 2) / 32768) ** 2;
    levels.push(10 * Math.log10(sum / frame + 1e-12));
  }
  if (!levels.length) return -80;
  levels.sort((a, b) => a - b);
  return levels[Math.floor(levels.length * 0.1)];
}

/** how much of RNNoise's output replaces the original per level (low keeps some air; high adds a light FFT pass) */
const RNNOISE_WET = { low: 0.7, medium: 1, high: 1 } as const;

export async function audioNoiseReduction(job: Job<'audio_noise_reduction'>, ctx: EngineContext): Promise<EngineResult> {
  const src = input(job, 0, 'audio');
  const info = await requireAudio(src);
  const strength = job.params.strength ?? 'medium';
  const channels = (info.audioChannels ?? 1) > 1 ? 2 : 1;
  ctx.onProgress(5, 'decoding');
  const before = await estimateNoiseFloor(src, ctx.signal);
  const pcm = await ffmpegToBuffer(['-i', src, '-vn', '-ac', String(channels), '-ar', String(RNNOISE_RATE), '-f', 's16le', 'pipe:1'], ctx.signal);
  ctx.onProgress(20, 'removing noise');
  const clean = await rnnoise(pcm, channels, RNNOISE_WET[strength], ctx.signal);
  const raw = `${outFile(ctx, job, 0, 'pcm')}`;
  await writeFile(raw, clean);
  const path = outFile(ctx, job, 0, 'mp3');
  const after = strength === 'high' ? ['-af', 'afftdn=nr=12:nf=-50'] : [];
  await runFfmpeg(['-f', 's16le', '-ar', String(RNNOISE_RATE), '-ac', String(channels), '-i', raw, ...after, '-c:a', 'libmp3lame', '-b:a', '192k', path], {
    signal: ctx.signal,
    duration: info.duration,
    onProgress: (f) => ctx.onProgress(80 + f * 19),
  });
  const floorAfter = await estimateNoiseFloor(path, ctx.signal);
  return {
    outputs: [await mediaOutput(path)],
    metadata: {
      engine: 'local:rnnoise',
      model: MODEL_NAMES.rnnoise,
      note: `Noise removed from the whole clip by RNNoise, a speech noise-suppression network (${strength}${strength === 'high' ? ', then a light FFT pass' : ''}); the noise floor went from ${before.toFixed(1)} dB to ${floorAfter.toFixed(1)} dB (${(before - floorAfter).toFixed(1)} dB less). Made for voices: music loses what RNNoise takes for noise.`,
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
