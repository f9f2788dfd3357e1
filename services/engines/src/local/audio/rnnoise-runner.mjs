// RNNoise (xiph, BSD-3-Clause; npm `@echogarden/rnnoise-wasm`, its trained weights compiled into the 126 KB
// WebAssembly) in its own process: the package is ESM only, and a long clip is seconds of CPU.
// Usage: node rnnoise-runner.mjs <channels> <wet 0..1>; stdin: 48 kHz interleaved s16le PCM; stdout: the same,
// denoised. Each channel has its own RNNoise state; RNNoise works on 480-sample (10 ms) frames of 16-bit-range floats.
import RNNoise from '@echogarden/rnnoise-wasm';

const channels = Math.max(1, Number(process.argv[2]) || 1);
const wet = Math.min(1, Math.max(0, Number(process.argv[3] ?? 1)));
const m = await RNNoise();
const N = m._rnnoise_get_frame_size();
const states = Array.from({ length: channels }, () => m._rnnoise_create(0));
const inPtr = m._malloc(N * 4);
const outPtr = m._malloc(N * 4);

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const pcm = Buffer.concat(chunks);
const samples = Math.floor(pcm.length / 2 / channels);
const out = Buffer.alloc(samples * channels * 2);
const frame = new Float32Array(N);
for (let ch = 0; ch < channels; ch++) {
  for (let start = 0; start < samples; start += N) {
    const n = Math.min(N, samples - start);
    frame.fill(0);
    for (let i = 0; i < n; i++) frame[i] = pcm.readInt16LE(((start + i) * channels + ch) * 2);
    m.HEAPF32.set(frame, inPtr >> 2);
    m._rnnoise_process_frame(states[ch], outPtr, inPtr);
    const den = m.HEAPF32.subarray(outPtr >> 2, (outPtr >> 2) + N);
    for (let i = 0; i < n; i++) {
      const v = wet * den[i] + (1 - wet) * frame[i];
      out.writeInt16LE(Math.max(-32768, Math.min(32767, Math.round(v))), ((start + i) * channels + ch) * 2);
    }
  }
}
for (const s of states) m._rnnoise_destroy(s);
process.stdout.write(out);
