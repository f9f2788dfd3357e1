/**
 * Measures what the tfjs idle release gives back: process memory after the tfjs engines ran once (ESRGAN x2, x3,
 * x4, the selfie matte, face detection: the wasm backend and every tfjs model loaded), after `releaseTf()` + GC,
 * and after they ran again (loaded again; outputs compared byte for byte).
 * Run: `node --expose-gc --import tsx services/engines/scripts/tf-idle-memory.ts`
 */
import { join } from 'node:path';
import { loadavg } from 'node:os';
import sharp from 'sharp';
import { detectFaces } from '../src/local/image/face';
import { readRgb, type RawImage } from '../src/local/image/raw';
import { removeBackground } from '../src/local/image/segment';
import { esrganUpscale } from '../src/local/image/upscale';
import { releaseTf } from '../src/local/tf';

const gc = (globalThis as { gc?: () => void }).gc;
function mb(n: number): string {
  return `${(n / 1048576).toFixed(0)} MB`;
}
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    gc?.();
    await new Promise((r) => setTimeout(r, 200));
  }
}
function row(label: string): void {
  const m = process.memoryUsage();
  console.log(`${label.padEnd(34)} rss ${mb(m.rss).padStart(7)}  external ${mb(m.external).padStart(7)}  arrayBuffers ${mb(m.arrayBuffers).padStart(7)}  heapUsed ${mb(m.heapUsed).padStart(6)}`);
}

async function main(): Promise<void> {
  if (!gc) throw new Error('run node with --expose-gc');
  const W = 96;
  const data = Buffer.alloc(W * W * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + (i >> 7) * 11) & 255;
  const img: RawImage = { data, width: W, height: W, channels: 3 };
  const ctl = new AbortController();
  console.log(`load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  const sample = join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', 'sample1.jpg');
  const portrait = await readRgb(await sharp(sample).extract({ left: 1260, top: 0, width: 600, height: 800 }).resize(360, 480).png().toBuffer());
  let round = 0;
  const runAll = async (): Promise<Buffer> => {
    const outs: Buffer[] = [];
    for (const s of [2, 3, 4] as const) outs.push((await esrganUpscale(img, s, () => undefined, ctl.signal)).data);
    outs.push(Buffer.from((await removeBackground(portrait, 'selfie')).alpha));
    // another threshold each round: not detectFaces's answer cache
    outs.push(Buffer.from(JSON.stringify(await detectFaces(portrait, 0.5 - round++ / 100))));
    return Buffer.concat(outs);
  };
  await settle();
  row('before tfjs');
  let t0 = performance.now();
  const a = await runAll();
  const cold = performance.now() - t0;
  t0 = performance.now();
  await runAll();
  const warm = performance.now() - t0;
  await settle();
  row('after the tfjs engines ran (twice)');
  console.log(`released: ${releaseTf()}`);
  await settle();
  row('after the idle release + gc');
  t0 = performance.now();
  const b = await runAll();
  const reloaded = performance.now() - t0;
  await settle();
  row('after they ran again (reloaded)');
  console.log(`outputs after the release byte-equal to the first: ${Buffer.compare(a, b) === 0}`);
  console.log(`all five engines: first run ${cold.toFixed(0)} ms, warm ${warm.toFixed(0)} ms, after a release ${reloaded.toFixed(0)} ms`);
  releaseTf();
  await settle();
  row('after a second release + gc');
  console.log(`load average ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
}
void main();
