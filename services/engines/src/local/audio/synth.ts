/**
 * A small deterministic music synthesiser: the prompt sets key, mode, tempo and instruments; the seed picks
 * the chord progression, melody and drum pattern. Writes 44.1 kHz stereo PCM itself (no samples, no model).
 */
import { rng, words } from '../prompt';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

export const SR = 44100;

type Instrument = 'piano' | 'guitar' | 'synth' | 'pad' | 'strings' | 'bass' | 'bells' | 'organ';

export interface MusicPlan {
  root: number; // 0 = C
  mode: 'major' | 'minor';
  bpm: number;
  instruments: Instrument[];
  drums: 'none' | 'soft' | 'four' | 'rock' | 'hiphop';
  progression: number[]; // scale degrees 0..6
  /** prompt words that decided something */
  drivers: string[];
  keyName: string;
}

const NOTE_NAMES = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
const NOTE_INDEX: Record<string, number> = { c: 0, 'c#': 1, db: 1, d: 2, 'd#': 3, eb: 3, e: 4, f: 5, 'f#': 6, gb: 6, g: 7, 'g#': 8, ab: 8, a: 9, 'a#': 10, bb: 10, b: 11 };
export const MAJOR = [0, 2, 4, 5, 7, 9, 11];
export const MINOR = [0, 2, 3, 5, 7, 8, 10];

const SAD = ['sad', 'melancholy', 'melancholic', 'dark', 'moody', 'lonely', 'rain', 'rainy', 'tragic', 'somber', 'sorrow', 'grief', 'tears', 'nostalgic', 'mysterious', 'horror', 'suspense', 'minor'];
const HAPPY = ['happy', 'joyful', 'bright', 'sunny', 'cheerful', 'upbeat', 'uplifting', 'summer', 'fun', 'playful', 'love', 'romantic', 'hopeful', 'major', 'celebration', 'party'];

function pickTempo(ws: string[], text: string, r: () => number): { bpm: number; by?: string } {
  const m = /(\d{2,3})\s*bpm/.exec(text);
  if (m) return { bpm: M.max(50, M.min(190, Number(m[1]))), by: `${m[1]} bpm` };
  const table: [string[], number, number][] = [
    [['ambient', 'meditation', 'sleep', 'calm', 'relaxing', 'peaceful', 'slow', 'ballad'], 64, 80],
    [['lofi', 'lo', 'chill', 'chillhop', 'jazz', 'acoustic', 'folk'], 76, 92],
    [['hiphop', 'hip', 'rap', 'trap', 'rnb'], 84, 96],
    [['pop', 'funk', 'disco', 'happy', 'upbeat'], 108, 124],
    [['edm', 'house', 'dance', 'techno', 'electronic', 'club', 'trance'], 122, 130],
    [['rock', 'punk', 'metal', 'energetic', 'epic', 'action'], 126, 150],
    [['fast', 'drum', 'dnb', 'intense', 'workout', 'running'], 150, 174],
  ];
  for (const [ks, lo, hi] of table) {
    const hit = ws.find((w) => ks.includes(w));
    if (hit) return { bpm: M.round(lo + r() * (hi - lo)), by: hit };
  }
  return { bpm: M.round(90 + r() * 30) };
}

export function planMusic(prompt: string, style: string | undefined, seed: number): MusicPlan {
  const text = `${prompt} ${style ?? ''}`.toLowerCase();
  const ws = words(text);
  const r = rng(seed);
  const drivers: string[] = [];
  // key
  let root = M.floor(r() * 12);
  let mode: 'major' | 'minor' = r() > 0.5 ? 'major' : 'minor';
  const keyM = /\b([a-g](?:#|b)?)\s*(major|minor|maj|min|m)\b/.exec(text);
  if (keyM && NOTE_INDEX[keyM[1]] !== undefined) {
    root = NOTE_INDEX[keyM[1]];
    mode = keyM[2].startsWith('mi') || keyM[2] === 'm' ? 'minor' : 'major';
    drivers.push(`${keyM[1].toUpperCase()} ${mode}`);
  } else {
    const sad = ws.find((w) => SAD.includes(w));
    const happy = ws.find((w) => HAPPY.includes(w));
    if (sad && !happy) { mode = 'minor'; drivers.push(sad); }
    else if (happy && !sad) { mode = 'major'; drivers.push(happy); }
  }
  const tempo = pickTempo(ws, text, r);
  if (tempo.by) drivers.push(tempo.by);
  // instruments
  const instWords: [string[], Instrument][] = [
    [['piano', 'keys', 'lofi', 'jazz', 'ballad', 'classical'], 'piano'],
    [['guitar', 'acoustic', 'folk', 'rock', 'country', 'metal', 'punk'], 'guitar'],
    [['synth', 'synthwave', 'edm', 'electronic', 'techno', 'house', 'trance', 'retro', '80s', 'cyberpunk'], 'synth'],
    [['pad', 'ambient', 'dreamy', 'space', 'meditation', 'sleep'], 'pad'],
    [['strings', 'violin', 'cello', 'orchestra', 'orchestral', 'cinematic', 'epic', 'classical'], 'strings'],
    [['bells', 'chime', 'chimes', 'music', 'box', 'christmas', 'lullaby', 'glockenspiel'], 'bells'],
    [['organ', 'church', 'gospel'], 'organ'],
  ];
  const instruments: Instrument[] = [];
  for (const [ks, inst] of instWords) {
    const hit = ws.find((w) => ks.includes(w));
    if (hit && !instruments.includes(inst)) { instruments.push(inst); drivers.push(hit); }
  }
  if (instruments.length === 0) instruments.push((['piano', 'synth', 'guitar', 'pad'] as const)[M.floor(r() * 4)]);
  if (!ws.some((w) => ['ambient', 'meditation', 'sleep', 'solo'].includes(w))) instruments.push('bass');
  // drums
  let drums: MusicPlan['drums'] = 'soft';
  if (ws.some((w) => ['ambient', 'meditation', 'sleep', 'classical', 'orchestral', 'lullaby', 'calm', 'peaceful'].includes(w))) drums = 'none';
  else if (ws.some((w) => ['edm', 'house', 'dance', 'techno', 'disco', 'club', 'trance'].includes(w))) drums = 'four';
  else if (ws.some((w) => ['rock', 'punk', 'metal', 'energetic', 'pop', 'action'].includes(w))) drums = 'rock';
  else if (ws.some((w) => ['hiphop', 'hip', 'rap', 'trap', 'lofi', 'chillhop'].includes(w))) drums = 'hiphop';
  const progs = mode === 'major'
    ? [[0, 4, 5, 3], [0, 5, 3, 4], [5, 3, 0, 4], [0, 3, 4, 3], [0, 3, 5, 4]]
    : [[0, 5, 2, 6], [0, 3, 4, 0], [0, 6, 5, 6], [0, 3, 5, 4], [0, 5, 3, 4]];
  const progression = progs[M.floor(r() * progs.length)];
  return { root, mode, bpm: tempo.bpm, instruments, drums, progression, drivers, keyName: `${NOTE_NAMES[root]} ${mode}` };
}

const midiHz = (m: number) => 440 * 2 ** ((m - 69) / 12);

/** Stereo float mix buffer with note renderers. */
class Mix {
  readonly left: Float32Array;
  readonly right: Float32Array;
  private noise: () => number;
  constructor(readonly seconds: number, seed: number) {
    const n = M.ceil(seconds * SR);
    this.left = new Float32Array(n);
    this.right = new Float32Array(n);
    this.noise = rng(seed ^ 0x51ed270b);
  }
  private add(i: number, v: number, pan: number) {
    if (i < 0 || i >= this.left.length) return;
    this.left[i] += v * M.cos((pan + 1) * M.PI / 4);
    this.right[i] += v * M.sin((pan + 1) * M.PI / 4);
  }

  note(inst: Instrument, midi: number, start: number, dur: number, vel: number, pan = 0): void {
    const f = midiHz(midi);
    const s0 = M.floor(start * SR);
    const rel = inst === 'pad' || inst === 'strings' ? 0.6 : inst === 'organ' ? 0.08 : 0.25;
    const n = M.floor((dur + rel) * SR);
    const w = 2 * M.PI * f / SR;
    if (inst === 'guitar') {
      // Karplus-Strong plucked string
      const period = M.max(2, M.round(SR / f));
      const buf = new Float32Array(period);
      for (let k = 0; k < period; k++) buf[k] = this.noise() * 2 - 1;
      let idx = 0;
      for (let i = 0; i < n; i++) {
        const next = (idx + 1) % period;
        const v = buf[idx];
        buf[idx] = 0.4985 * (v + buf[next]);
        idx = next;
        const env = i / SR > dur ? M.exp(-(i / SR - dur) * 12) : 1;
        this.add(s0 + i, M.tanh(v * 1.6) * 0.5 * vel * env, pan);
      }
      return;
    }
    let lp = 0;
    for (let i = 0; i < n; i++) {
      const t = i / SR;
      const off = t > dur ? M.exp(-(t - dur) / (rel / 4)) : 1;
      let v = 0;
      switch (inst) {
        case 'piano': {
          const env = M.min(1, t / 0.004) * M.exp(-t * (1.2 + f / 900));
          v = (M.sin(w * i) + 0.45 * M.sin(2.003 * w * i) * M.exp(-t * 2) + 0.2 * M.sin(3.01 * w * i) * M.exp(-t * 4) + 0.08 * M.sin(4.02 * w * i) * M.exp(-t * 6)) * env * 0.5;
          break;
        }
        case 'bells': {
          const env = M.min(1, t / 0.002) * M.exp(-t * 2.2);
          v = M.sin(w * i + 2.4 * M.exp(-t * 3) * M.sin(3.5 * w * i)) * env * 0.35;
          break;
        }
        case 'organ': {
          const env = M.min(1, t / 0.02);
          v = (M.sin(w * i) + 0.5 * M.sin(2 * w * i) + 0.3 * M.sin(4 * w * i)) * env * 0.22;
          break;
        }
        case 'bass': {
          const env = M.min(1, t / 0.005) * (0.55 + 0.45 * M.exp(-t * 5));
          v = (M.sin(w * i) + 0.25 * M.tanh(3 * M.sin(w * i))) * env * 0.6;
          break;
        }
        case 'synth': {
          const env = M.min(1, t / 0.01) * (0.6 + 0.4 * M.exp(-t * 4));
          const saw = ((f * t) % 1) * 2 - 1;
          const saw2 = ((f * 1.006 * t) % 1) * 2 - 1;
          lp += 0.18 * ((saw + saw2) * 0.5 - lp);
          v = lp * env * 0.4;
          break;
        }
        case 'pad':
        case 'strings': {
          const att = inst === 'pad' ? 0.8 : 0.25;
          const env = M.min(1, t / att);
          const vib = inst === 'strings' ? 1 + 0.004 * M.sin(2 * M.PI * 5.5 * t) : 1;
          let s = 0;
          for (const d of [0.994, 1, 1.007]) s += ((f * d * vib * t) % 1) * 2 - 1;
          lp += (inst === 'pad' ? 0.05 : 0.1) * (s / 3 - lp);
          v = lp * env * (inst === 'pad' ? 0.35 : 0.3);
          break;
        }
      }
      this.add(s0 + i, v * vel * off, pan);
    }
  }

  kick(start: number, vel = 1): void {
    const s0 = M.floor(start * SR);
    let ph = 0;
    for (let i = 0; i < SR * 0.35; i++) {
      const t = i / SR;
      ph += 2 * M.PI * (48 + 110 * M.exp(-t * 30)) / SR;
      this.add(s0 + i, M.sin(ph) * M.exp(-t * 9) * 0.9 * vel, 0);
    }
  }
  snare(start: number, vel = 1): void {
    const s0 = M.floor(start * SR);
    let prev = 0;
    for (let i = 0; i < SR * 0.2; i++) {
      const t = i / SR;
      const nz = this.noise() * 2 - 1;
      const hp = nz - prev;
      prev = nz;
      this.add(s0 + i, (hp * 0.35 * M.exp(-t * 22) + M.sin(2 * M.PI * 185 * t) * 0.3 * M.exp(-t * 30)) * vel, 0.1);
    }
  }
  hat(start: number, vel = 1, open = false): void {
    const s0 = M.floor(start * SR);
    let prev = 0;
    for (let i = 0; i < SR * (open ? 0.25 : 0.06); i++) {
      const t = i / SR;
      const nz = this.noise() * 2 - 1;
      const hp = nz - prev;
      prev = nz;
      this.add(s0 + i, hp * 0.16 * M.exp(-t * (open ? 14 : 70)) * vel, -0.3);
    }
  }

  /** add a mono signal (at SR) into both channels */
  addMono(signal: Float32Array, start: number, gain: number): void {
    const s0 = M.floor(start * SR);
    for (let i = 0; i < signal.length; i++) this.add(s0 + i, signal[i] * gain, 0);
  }

  /** lower everything between start and start+seconds to `gain`, with 50 ms ramps */
  duck(start: number, seconds: number, gain: number): void {
    const s0 = M.max(0, M.floor(start * SR));
    const s1 = M.min(this.left.length, M.floor((start + seconds) * SR));
    const ramp = M.floor(SR * 0.05);
    for (let i = M.max(0, s0 - ramp); i < M.min(this.left.length, s1 + ramp); i++) {
      const edge = i < s0 ? (s0 - i) / ramp : i >= s1 ? (i - s1) / ramp : 0;
      const g = gain + (1 - gain) * M.min(1, edge);
      this.left[i] *= g;
      this.right[i] *= g;
    }
  }

  /** a light room: a few feedback delays */
  reverb(amount: number): void {
    const delays = [1557, 1617, 1491, 1422].map((d) => M.round(d * 1.4));
    for (const [ch, sign] of [[this.left, 1], [this.right, -1]] as const) {
      const out = new Float32Array(ch.length);
      delays.forEach((d, k) => {
        const dd = d + sign * k * 23;
        const buf = new Float32Array(dd);
        let j = 0;
        for (let i = 0; i < ch.length; i++) {
          const y = buf[j];
          buf[j] = ch[i] + y * 0.78;
          j = (j + 1) % dd;
          out[i] += y * 0.25;
        }
      });
      for (let i = 0; i < ch.length; i++) ch[i] += out[i] * amount;
    }
  }

  /** soft-limit, normalise to -1 dBFS, fade in/out; 16-bit interleaved WAV */
  toWav(): Buffer {
    const n = this.left.length;
    let peak = 1e-9;
    for (let i = 0; i < n; i++) {
      this.left[i] = M.tanh(this.left[i]);
      this.right[i] = M.tanh(this.right[i]);
      peak = M.max(peak, M.abs(this.left[i]), M.abs(this.right[i]));
    }
    const gain = 0.89 / peak;
    const fade = M.min(n / 4, SR * 1.5);
    const buf = Buffer.alloc(44 + n * 4);
    buf.write('RIFF', 0);
    buf.writeUInt32LE(36 + n * 4, 4);
    buf.write('WAVEfmt ', 8);
    buf.writeUInt32LE(16, 16);
    buf.writeUInt16LE(1, 20);
    buf.writeUInt16LE(2, 22);
    buf.writeUInt32LE(SR, 24);
    buf.writeUInt32LE(SR * 4, 28);
    buf.writeUInt16LE(4, 32);
    buf.writeUInt16LE(16, 34);
    buf.write('data', 36);
    buf.writeUInt32LE(n * 4, 40);
    for (let i = 0; i < n; i++) {
      const env = M.min(1, i / (SR * 0.05), (n - i) / fade);
      buf.writeInt16LE(M.round(M.max(-1, M.min(1, this.left[i] * gain * env)) * 32767), 44 + i * 4);
      buf.writeInt16LE(M.round(M.max(-1, M.min(1, this.right[i] * gain * env)) * 32767), 46 + i * 4);
    }
    return buf;
  }
}

export interface Arrangement {
  mix: Mix;
  plan: MusicPlan;
  /** seconds per bar */
  bar: number;
  /** the melody's MIDI note at the start of each bar (songs sing near it) */
  barNotes: number[];
}

/** Arrange and render the backing for a plan. `lead` = play a melody (off for songs, where the voice leads). */
export function arrange(plan: MusicPlan, seconds: number, seed: number, lead = true): Arrangement {
  const r = rng(seed ^ 0x2545f491);
  const mix = new Mix(seconds, seed);
  const beat = 60 / plan.bpm;
  const bar = beat * 4;
  const scale = plan.mode === 'major' ? MAJOR : MINOR;
  const base = 48 + plan.root; // C3 + root
  const degree = (d: number, oct = 0) => base + scale[((d % 7) + 7) % 7] + 12 * (M.floor(d / 7) + oct);
  const bars = M.ceil(seconds / bar);
  const chordInst = plan.instruments.find((i) => i !== 'bass') ?? 'piano';
  const leadInst = plan.instruments.filter((i) => i !== 'bass')[1] ?? (chordInst === 'pad' || chordInst === 'strings' ? 'bells' : chordInst);
  const barNotes: number[] = [];
  // a motif reused through the piece so it sounds composed, varied every 4 bars
  const motif = Array.from({ length: 8 }, () => M.floor(r() * 5) - 1);
  const rhythm = Array.from({ length: 8 }, () => (r() > 0.3 ? 1 : 0));
  for (let b = 0; b < bars; b++) {
    const t0 = b * bar;
    const deg = plan.progression[b % plan.progression.length];
    const chord = [degree(deg), degree(deg + 2), degree(deg + 4)];
    barNotes.push(degree(deg + 2, 1));
    // chords
    if (chordInst === 'pad' || chordInst === 'strings' || chordInst === 'organ') {
      chord.forEach((m, k) => mix.note(chordInst, m + 12, t0, bar * 0.98, 0.5, (k - 1) * 0.4));
    } else if (chordInst === 'guitar') {
      for (let s = 0; s < 4; s++) chord.forEach((m, k) => mix.note('guitar', m + 12, t0 + s * beat + k * 0.012, beat * 0.9, 0.55, -0.3));
    } else {
      const hits = plan.bpm > 110 ? [0, 1.5, 2.5] : [0, 2];
      for (const h of hits) chord.forEach((m, k) => mix.note(chordInst, m + 12, t0 + h * beat, beat * 1.5, 0.45, (k - 1) * 0.3));
    }
    // bass
    if (plan.instruments.includes('bass')) {
      const pattern = plan.drums === 'four' ? [0, 1, 2, 3] : plan.drums === 'rock' ? [0, 0.5, 2, 2.5] : [0, 2.5];
      for (const p of pattern) mix.note('bass', degree(deg, -1), t0 + p * beat, beat * 0.9, 0.8, 0);
    }
    // melody
    if (lead) {
      const vary = M.floor(b / 4) % 2 ? 1 : 0;
      for (let k = 0; k < 8; k++) {
        if (!rhythm[(k + vary) % 8]) continue;
        const step = motif[(k + b) % 8] + (k % 2 ? 2 : 0) + vary;
        mix.note(leadInst, degree(deg + step, 2), t0 + k * beat / 2, beat / 2 * 0.9, 0.4, 0.25);
      }
    }
    // drums
    for (let q = 0; q < 4 && plan.drums !== 'none'; q++) {
      const tq = t0 + q * beat;
      if (plan.drums === 'four') { mix.kick(tq); mix.hat(tq + beat / 2, 0.9, true); if (q % 2) mix.snare(tq, 0.7); }
      if (plan.drums === 'rock') { if (q % 2 === 0) mix.kick(tq); else mix.snare(tq); mix.hat(tq, 0.8); mix.hat(tq + beat / 2, 0.6); }
      if (plan.drums === 'hiphop') { if (q === 0 || (q === 2 && r() > 0.3)) mix.kick(tq + (q === 2 ? beat / 2 : 0)); if (q % 2) mix.snare(tq, 0.8); mix.hat(tq, 0.6); mix.hat(tq + beat / 2, 0.4); }
      if (plan.drums === 'soft') { if (q === 0) mix.kick(tq, 0.6); if (q === 2) mix.snare(tq, 0.4); mix.hat(tq, 0.4); }
    }
  }
  mix.reverb(plan.drums === 'none' ? 0.5 : 0.25);
  return { mix, plan, bar, barNotes };
}
