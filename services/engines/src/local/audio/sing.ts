/**
 * Singing with a speech synthesiser: each lyric line is split into syllables, eSpeak NG speaks them
 * monotone with a gap after each, the recording is cut at those gaps, and every syllable is then tuned to
 * its melody note (its own pitch measured by autocorrelation, resampled to the note's frequency) and
 * stretched to the note's length by repeating one pitch period of its vowel. No singing model runs here.
 */
import { readFile } from 'node:fs/promises';
import { rng } from '../prompt';
import { speak } from './speech';
import { SR } from './synth';
import { wavToMono } from './wav';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

export interface SungNote {
  syllable: string;
  /** MIDI note */
  midi: number;
  /** seconds from the start of the phrase */
  start: number;
  /** seconds */
  length: number;
}

/** Splits a line into rough syllables: one vowel group each, with the consonants around it. */
export function syllables(line: string): string[] {
  const out: string[] = [];
  for (const word of line.toLowerCase().replace(/[^a-z\u00c0-\u024f'\s-]/g, ' ').split(/[\s-]+/)) {
    const w = word.replace(/'/g, '');
    if (!w) continue;
    const parts = w.match(/[^aeiouy]*[aeiouy]+(?:[^aeiouy]*$|[^aeiouy](?=[^aeiouy]))?/g);
    if (!parts || parts.length === 0) {
      out.push(w);
      continue;
    }
    // a trailing silent 'e' ("time", "love") joins the syllable before it
    const joined = parts.join('');
    if (joined.length < w.length) parts[parts.length - 1] += w.slice(joined.length);
    const lastPart = parts[parts.length - 1];
    if (parts.length > 1 && /^[^aeiouy]*e$/.test(lastPart) && lastPart.length <= 3 && !/[^aeiouy]le$/.test(lastPart)) {
      const last = parts.pop()!;
      parts[parts.length - 1] += last;
    }
    out.push(...parts);
  }
  return out;
}

/**
 * The melody of one line: its syllables spread over `beats` beats in eighth notes (the last held longer),
 * each on a scale tone near the chord of its bar, stepping like a tune rather than jumping.
 */
export function melodyFor(
  count: number,
  opts: { beat: number; beats: number; scale: number[]; root: number; chordDegrees: number[]; seed: number; low?: number },
): Omit<SungNote, 'syllable'>[] {
  const r = rng(opts.seed);
  const n = M.max(1, count);
  // eighth notes, sixteenths for long lines; a breath of one beat at the end of the phrase
  const perBeat = n <= (opts.beats - 1) * 2 ? 2 : 4;
  const slots = M.max(n, (opts.beats - 1) * perBeat);
  const slot = ((opts.beats - 1) * opts.beat) / slots;
  const each = M.max(1, M.floor(slots / n));
  const notes: Omit<SungNote, 'syllable'>[] = [];
  const low = opts.low ?? 57;
  const degreeMidi = (d: number) => 60 + opts.root + opts.scale[((d % 7) + 7) % 7] + 12 * M.floor(d / 7);
  let degree = opts.chordDegrees[0] + (r() > 0.5 ? 2 : 0);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const len = i === n - 1 ? M.max(1, slots - at) : each;
    const bar = M.min(opts.chordDegrees.length - 1, M.floor((at * slot) / (opts.beat * 4)));
    const chord = opts.chordDegrees[bar];
    // step by -2..2 degrees, pulled to the chord's tones on the beats
    degree += M.floor(r() * 5) - 2;
    if ((at % perBeat) === 0) {
      const tones = [chord - 3, chord, chord + 2, chord + 4, chord + 7];
      degree = tones.reduce((a, b) => (M.abs(b - degree) < M.abs(a - degree) ? b : a));
    }
    let midi = degreeMidi(degree);
    while (midi < low) { midi += 12; degree += 7; }
    while (midi > low + 15) { midi -= 12; degree -= 7; }
    notes.push({ midi, start: at * slot, length: len * slot * 0.92 });
    at += len;
  }
  return notes;
}

/** Cuts a recording into `count` voiced pieces at its gaps (falls back to equal parts). */
function splitAtGaps(signal: Float32Array, count: number): Float32Array[] {
  const win = M.round(SR * 0.01);
  const frames = M.floor(signal.length / win);
  const energy = new Float32Array(frames);
  let peak = 1e-6;
  for (let f = 0; f < frames; f++) {
    let s = 0;
    for (let i = f * win; i < (f + 1) * win; i++) s += signal[i] * signal[i];
    energy[f] = M.sqrt(s / win);
    peak = M.max(peak, energy[f]);
  }
  const voiced = Array.from(energy, (e) => e > peak * 0.06);
  const pieces: [number, number][] = [];
  let start = -1;
  let quiet = 0;
  for (let f = 0; f <= frames; f++) {
    const v = f < frames && voiced[f];
    if (v) {
      if (start < 0) start = f;
      quiet = 0;
    } else if (start >= 0) {
      quiet += 1;
      // a gap of 60 ms ends a syllable (stops inside words are shorter)
      if (quiet >= 6 || f === frames) {
        pieces.push([start, f - quiet + 1]);
        start = -1;
        quiet = 0;
      }
    }
  }
  if (pieces.length === 0) pieces.push([0, frames]);
  // the synthesiser ran two syllables together: split the longest piece; or paused inside one: join the
  // two pieces with the shortest gap between them
  while (pieces.length < count) {
    let longest = 0;
    pieces.forEach(([a, b], i) => { if (b - a > pieces[longest][1] - pieces[longest][0]) longest = i; });
    const [a, b] = pieces[longest];
    const mid = M.max(a + 1, M.floor((a + b) / 2));
    pieces.splice(longest, 1, [a, mid], [mid, M.max(mid + 1, b)]);
  }
  while (pieces.length > count) {
    let shortest = 0;
    for (let i = 1; i < pieces.length - 1; i++) {
      if (pieces[i + 1][0] - pieces[i][1] < pieces[shortest + 1][0] - pieces[shortest][1]) shortest = i;
    }
    pieces.splice(shortest, 2, [pieces[shortest][0], pieces[shortest + 1][1]]);
  }
  return pieces.map(([a, b]) => signal.subarray(M.min(signal.length, a * win), M.min(signal.length, b * win)));
}

/** The fundamental frequency of a voiced piece (Hz), by autocorrelation of its middle; 0 when unvoiced. */
export function pitchOf(piece: Float32Array): number {
  return pitchAt(piece, 0.5) || pitchAt(piece, 0.72);
}

function pitchAt(piece: Float32Array, where: number): number {
  const lo = M.floor(SR / 500);
  const hi = M.floor(SR / 75);
  const len = M.min(piece.length - hi - 1, M.round(SR * 0.04));
  if (len < lo * 2) return 0;
  const from = M.max(0, M.min(piece.length - len - hi - 1, M.floor(piece.length * where - (len + hi) / 2)));
  let e0 = 0;
  for (let i = 0; i < len; i++) e0 += piece[from + i] * piece[from + i];
  if (e0 <= 1e-9) return 0;
  const corr = new Float32Array(hi + 1);
  let best = 0;
  for (let lag = lo; lag <= hi; lag++) {
    let s = 0;
    let e1 = 0;
    for (let i = 0; i < len; i++) {
      const b = piece[from + i + lag];
      s += piece[from + i] * b;
      e1 += b * b;
    }
    corr[lag] = s / M.sqrt(e0 * e1 + 1e-12);
    best = M.max(best, corr[lag]);
  }
  if (best < 0.5) return 0;
  // the shortest lag nearly as good as the best: a multiple of the period would read an octave low
  for (let lag = lo + 1; lag < hi; lag++) {
    if (corr[lag] >= best * 0.9 && corr[lag] >= corr[lag - 1] && corr[lag] >= corr[lag + 1]) return SR / lag;
  }
  return 0;
}

const midiHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

/** One syllable tuned to a note: resampled to its pitch, then held to its length on a repeated period. */
export function tune(piece: Float32Array, midi: number, seconds: number): Float32Array {
  const target = midiHz(midi);
  const f0 = pitchOf(piece);
  const ratio = f0 > 0 ? M.max(0.5, M.min(2, target / f0)) : 1;
  const shiftedLen = M.max(1, M.floor(piece.length / ratio));
  const shifted = new Float32Array(shiftedLen);
  for (let i = 0; i < shiftedLen; i++) {
    const x = i * ratio;
    const i0 = M.floor(x);
    const fr = x - i0;
    shifted[i] = (piece[i0] ?? 0) * (1 - fr) + (piece[i0 + 1] ?? 0) * fr;
  }
  const want = M.max(1, M.round(seconds * SR));
  const out = new Float32Array(want);
  if (shiftedLen >= want) {
    out.set(shifted.subarray(0, want));
  } else {
    // hold the vowel: repeat one period from the middle until the note is long enough
    const period = M.max(8, M.round(SR / target));
    const mid = M.max(period, M.floor(shiftedLen * 0.55));
    const head = shifted.subarray(0, mid);
    const loop = shifted.subarray(mid - period, mid);
    const tail = shifted.subarray(mid, M.min(shiftedLen, mid + M.floor(SR * 0.08)));
    out.set(head, 0);
    let at = head.length;
    const stop = want - tail.length;
    while (at < stop) {
      const n = M.min(loop.length, stop - at);
      out.set(loop.subarray(0, n), at);
      at += n;
    }
    out.set(tail.subarray(0, M.max(0, want - at)), at);
  }
  // short fades so cuts never click
  const fade = M.min(M.floor(want / 4), M.round(SR * 0.015));
  for (let i = 0; i < fade; i++) {
    out[i] *= i / fade;
    out[want - 1 - i] *= i / fade;
  }
  return out;
}

/** Sings one line on its notes: answers the tuned syllables with their starts (seconds in the phrase). */
export async function singLine(
  line: string,
  notes: (count: number) => Omit<SungNote, 'syllable'>[],
  wavPath: string,
  opts: { voice: string; signal?: AbortSignal },
): Promise<{ notes: SungNote[]; audio: { start: number; samples: Float32Array }[] }> {
  const sy = syllables(line);
  if (sy.length === 0) return { notes: [], audio: [] };
  const plan = notes(sy.length);
  // monotone (-P 0), slow enough to be clear, and a long gap after each syllable so they can be cut apart
  await speak(sy.join(' '), wavPath, { voice: opts.voice, speed: 150, pitch: 40, range: 0, wordGap: 12, signal: opts.signal });
  const pieces = splitAtGaps(wavToMono(await readFile(wavPath)), sy.length);
  const sung: SungNote[] = [];
  const audio: { start: number; samples: Float32Array }[] = [];
  plan.forEach((note, i) => {
    sung.push({ syllable: sy[i], ...note });
    audio.push({ start: note.start, samples: tune(pieces[i], note.midi, note.length) });
  });
  return { notes: sung, audio };
}
