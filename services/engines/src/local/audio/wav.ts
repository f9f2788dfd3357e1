import { SR } from './synth';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

/** Read a 16-bit PCM WAV (mono or stereo) to mono float samples at SR (linear resampling). */
export function wavToMono(buf: Buffer): Float32Array {
  let off = 12;
  let rate = SR;
  let channels = 1;
  let data: Buffer | null = null;
  while (off + 8 <= buf.length) {
    const id = buf.toString('ascii', off, off + 4);
    let size = buf.readUInt32LE(off + 4);
    if (id === 'fmt ') {
      channels = buf.readUInt16LE(off + 10);
      rate = buf.readUInt32LE(off + 12);
    } else if (id === 'data') {
      if (size === 0 || off + 8 + size > buf.length) size = buf.length - off - 8; // streamed WAVs leave the size open
      data = buf.subarray(off + 8, off + 8 + size);
      break;
    }
    off += 8 + size + (size % 2);
  }
  if (!data) return new Float32Array(0);
  const frames = M.floor(data.length / (2 * channels));
  const src = new Float32Array(frames);
  for (let i = 0; i < frames; i++) {
    let s = 0;
    for (let c = 0; c < channels; c++) s += data.readInt16LE((i * channels + c) * 2);
    src[i] = s / channels / 32768;
  }
  if (rate === SR) return src;
  const out = new Float32Array(M.floor((frames * SR) / rate));
  for (let i = 0; i < out.length; i++) {
    const x = (i * rate) / SR;
    const i0 = M.floor(x);
    const fr = x - i0;
    out[i] = (src[i0] ?? 0) * (1 - fr) + (src[i0 + 1] ?? 0) * fr;
  }
  return out;
}
