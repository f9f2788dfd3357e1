/**
 * Speech with eSpeak NG compiled to WebAssembly (npm `espeak-ng`, GPL-3.0-or-later). The build is an ES
 * module that exits like a command line program, so each call runs it in a short-lived child process
 * (about 0.6 s of CPU); nothing is installed beyond npm.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TtsVoice } from 'shared-contracts/entities';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineAbortedError, EngineError } from '../../errors';
import { killOnAbort } from '../../media/ffmpeg';

const RUNNER = join(__dirname, 'espeak-runner.mjs');

function runEspeak(outPath: string, args: string[], text: string, signal?: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [RUNNER, outPath, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const cleanup = killOnAbort(child, signal);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.stdin.on('error', () => undefined);
    child.stdin.end(text);
    child.on('error', reject);
    child.on('close', (code) => {
      cleanup();
      if (signal?.aborted) return reject(new EngineAbortedError());
      if (code === 0) resolve(out);
      else reject(new EngineError(USER_TEXTS.PROCESSING_FAILED, `espeak-ng exited ${code}: ${err.trim().slice(-300)}`, true));
    });
  });
}

/** languages offered in the voice list (the product's login locales), each with a male and a female voice */
const LANGS: { id: string; name: string }[] = [
  { id: 'en-us', name: 'English (US)' },
  { id: 'en-gb', name: 'English (UK)' },
  { id: 'de', name: 'German' },
  { id: 'fr-fr', name: 'French' },
  { id: 'it', name: 'Italian' },
  { id: 'es', name: 'Spanish' },
  { id: 'pt-br', name: 'Portuguese (Brazil)' },
  { id: 'nl', name: 'Dutch' },
  { id: 'pl', name: 'Polish' },
  { id: 'ro', name: 'Romanian' },
  { id: 'ru', name: 'Russian' },
  { id: 'id', name: 'Indonesian' },
  { id: 'cmn', name: 'Chinese (Mandarin)' },
  { id: 'ja', name: 'Japanese' },
  { id: 'ko', name: 'Korean' },
  { id: 'ar', name: 'Arabic' },
];
const VARIANTS = [
  { id: 'm3', gender: 'male' as const, label: 'male' },
  { id: 'f3', gender: 'female' as const, label: 'female' },
];

let voices: Promise<TtsVoice[]> | null = null;

/** The voices of /v1/ai/tts/voice: those of the list that this eSpeak NG build really has. */
export function listVoices(): Promise<TtsVoice[]> {
  voices ??= (async () => {
    const [langs, variants] = await Promise.all([runEspeak('-', ['--voices'], ''), runEspeak('-', ['--voices=variant'], '')]);
    const haveLang = new Set(langs.split('\n').slice(1).map((l) => l.trim().split(/\s+/)[1]).filter(Boolean));
    const haveVariant = new Set(variants.split('\n').slice(1).map((l) => (l.match(/!v\/(\S+)/) ?? [])[1]).filter(Boolean));
    const list: TtsVoice[] = [];
    for (const l of LANGS) {
      if (!haveLang.has(l.id)) continue;
      for (const v of VARIANTS) {
        if (!haveVariant.has(v.id)) continue;
        list.push({ id: `${l.id}+${v.id}`, name: `${l.name}, ${v.label}`, lang: l.id, gender: v.gender });
      }
    }
    return list;
  })();
  voices.catch(() => (voices = null));
  return voices;
}

export const DEFAULT_VOICE = 'en-us+f3';

export interface SpeakOptions {
  voice?: string;
  /** words per minute, 80 to 450 (espeak's default 175) */
  speed?: number;
  /** 0 to 99 (espeak's default 50) */
  pitch?: number;
  /** pitch range 0 (monotone) to 99 (espeak's default 50) */
  range?: number;
  /** extra pause between words, in 10 ms units */
  wordGap?: number;
  signal?: AbortSignal;
}

/** Speak text into a mono 22.05 kHz WAV file. Unknown voices fall back to the default. */
export async function speak(text: string, outPath: string, opts: SpeakOptions = {}): Promise<void> {
  const list = await listVoices();
  const voice = list.some((v) => v.id === opts.voice) ? opts.voice! : DEFAULT_VOICE;
  const clean = text.replace(/\s+/g, ' ').trim().replace(/^-+/, '');
  if (!clean) throw new EngineError(USER_TEXTS.PROCESSING_FAILED, 'nothing to say');
  await runEspeak(
    outPath,
    [
      '-v', voice, '-s', String(Math.round(opts.speed ?? 165)), '-p', String(Math.round(opts.pitch ?? 50)),
      ...(opts.range === undefined ? [] : ['-P', String(Math.round(opts.range))]),
      ...(opts.wordGap === undefined ? [] : ['-g', String(Math.round(opts.wordGap))]),
    ],
    clean,
    opts.signal,
  );
}

const spokenCache = new Map<string, number>();

/**
 * How long `text` lasts when spoken by `voice` (seconds): the speech is synthesised and measured, the same as
 * the talking tools will speak it, so a price follows the real length rather than a word count. Cached.
 */
export async function speechSeconds(text: string, voice?: string): Promise<number> {
  const key = `${voice ?? DEFAULT_VOICE}\n${text.replace(/\s+/g, ' ').trim()}`;
  const known = spokenCache.get(key);
  if (known !== undefined) return known;
  const dir = await mkdtemp(join(tmpdir(), 'speech-len-'));
  try {
    const wav = join(dir, 'speech.wav');
    await speak(text, wav, { voice });
    const buf = await readFile(wav);
    // espeak writes 16-bit mono; its header may leave the data size open
    const dataAt = buf.indexOf('data');
    const rate = buf.readUInt32LE(24);
    const seconds = dataAt > 0 ? (buf.length - dataAt - 8) / 2 / rate : 0;
    if (spokenCache.size > 500) spokenCache.delete(spokenCache.keys().next().value as string);
    spokenCache.set(key, seconds);
    return seconds;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
