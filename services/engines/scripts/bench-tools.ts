/**
 * The tools bench (issue 21): each local tool on the fixed set of real inputs (`test/media-fixtures.ts`), its
 * time on this machine (wall and CPU seconds, ffmpeg children included) and a quality figure:
 *
 * - background remover: foreground share and mask IoU against a hand-drawn truth (mug, street robot, portrait)
 * - text remover: how much of the faces and of the drawn text the default selection covers, and how much the
 *   faces changed in the result
 * - image extender: faces found in the new area (a mirror doubles heads)
 * - video denoise: PSNR against the clean clip before and after, output bitrate against the input's
 * - audio noise reduction: noise level in the pauses before and after (dB), in each half of the clip
 * - image enhancer: ESRGAN slim's x2 of a halved photo against the original (PSNR), beside a lanczos resize
 *
 *   npm run bench:tools [-- name ...]     (names: bg text extend denoise audio enhance)
 *
 * Writes .bench/tools.json at the repository root.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { LocalEngine } from '../src/local/engine';
import { detectFaces } from '../src/local/image/face';
import { readRgb } from '../src/local/image/raw';
import { probeMedia } from '../src/media/probe';
import { ffmpegToBuffer } from '../src/media/ffmpeg';
import type { EngineJob, EngineResult } from '../src/types';
import { maskFigures, mugPhoto, noisyVideo, noisyVoice, partyPhoto, portraitPhoto, streetPhoto, faceApiSample, mirrorDiff, pauseLevel, speechLevel, type Box } from '../test/media-fixtures';

const root = resolve(__dirname, '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'bench-tools-'));
const engine = new LocalEngine();
const rows: Record<string, unknown>[] = [];

function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const f = readFileSync('/proc/self/stat', 'utf8');
    const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    /* not Linux */
  }
  return (own.user + own.system) / 1e6 + children;
}

async function timed(name: string, j: Omit<EngineJob, 'taskId'>): Promise<{ r?: EngineResult; error?: string; wall: number; cpu: number }> {
  const dir = join(work, `${name}-${rows.length}`);
  mkdirSync(dir, { recursive: true });
  const c0 = cpuSeconds();
  const t0 = performance.now();
  try {
    const r = await engine.run({ ...j, taskId: `bench-${name}` } as EngineJob, { workDir: dir, signal: new AbortController().signal, onProgress: () => undefined });
    return { r, wall: (performance.now() - t0) / 1000, cpu: cpuSeconds() - c0 };
  } catch (e) {
    return { error: (e as Error).message, wall: (performance.now() - t0) / 1000, cpu: cpuSeconds() - c0 };
  }
}

function row(tool: string, input: string, t: { wall: number; cpu: number; error?: string; r?: EngineResult }, quality: Record<string, unknown>) {
  const r = { tool, input, wall_s: +t.wall.toFixed(2), cpu_s: +t.cpu.toFixed(2), engine: t.r?.metadata.engine, model: t.r?.metadata.model, error: t.error, ...quality };
  rows.push(r);
  console.log(JSON.stringify(r));
}

const pct = (v: number) => +(v * 100).toFixed(1);

async function bg() {
  const cases = [['mug on a plain backdrop', await mugPhoto(work)], ['street scene with a robot', await streetPhoto()], ['portrait', await portraitPhoto(work)]] as const;
  for (const [name, f] of cases) {
    const t = await timed('bg', { algorithm: 'bg_remover', params: {}, inputs: [f.path] });
    let q: Record<string, unknown> = {};
    if (t.r) {
      const alpha = await sharp(t.r.outputs[0].path).extractChannel(3).raw().toBuffer();
      const m = maskFigures(alpha, f.truth);
      q = { foreground_pct: pct(m.share), truth_pct: pct(maskFigures(f.truth, f.truth).share), iou: +m.iou.toFixed(3) };
    }
    row('bg_remover', name, t, q);
  }
}

function coverage(mask: (x: number, y: number) => boolean, boxes: Box[]): number {
  let n = 0, c = 0;
  for (const b of boxes) for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) { n++; if (mask(x, y)) c++; }
  return n ? c / n : 0;
}

async function text() {
  const f = await partyPhoto(work);
  const img = await readRgb(f.path);
  const faces = (await detectFaces(img)).map(({ box: b }) => ({ x: Math.round(b.x), y: Math.round(b.y), w: Math.round(b.width), h: Math.round(b.height) }));
  const { detectTextRegions } = await import('../src/local/image/text-detect');
  const sel = await Promise.resolve(detectTextRegions(img));
  const inSel = (x: number, y: number) => sel.some((b) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h);
  const selShare = coverage(inSel, [{ x: 0, y: 0, w: img.width, h: img.height }]);
  const t = await timed('text', { algorithm: 'text_watermark_remover', params: {}, inputs: [f.path] });
  let faceChange = NaN;
  if (t.r) {
    const out = await readRgb(t.r.outputs[0].path);
    let s = 0, n = 0;
    for (const b of faces) for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) {
      const p = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++) { s += Math.abs(out.data[p + c] - img.data[p + c]); n++; }
    }
    faceChange = s / n;
  }
  row('text_watermark_remover', 'party photo 960x640, caption + "© STOCKPHOTO", automatic selection', t, {
    selection_pct_of_picture: pct(selShare),
    faces_selected_pct: pct(coverage(inSel, faces)),
    text_selected_pct: pct(coverage(inSel, f.textBoxes)),
    face_mean_abs_change: +faceChange.toFixed(2),
    faces: faces.length,
  });
}

async function extend() {
  const f = await portraitPhoto(work);
  const inFaces = (await detectFaces(await readRgb(f.path))).length;
  const t = await timed('extend', { algorithm: 'image_extender', params: { ratio: '16:9' }, inputs: [f.path] });
  let outFaces = NaN;
  let mirror = NaN;
  if (t.r) {
    const out = await readRgb(t.r.outputs[0].path);
    outFaces = (await detectFaces(out, 0.3)).length;
    mirror = mirrorDiff(await readRgb(f.path), out);
  }
  row('image_extender', 'portrait 600x800 -> 16:9 (1422x800)', t, { faces_in: inFaces, faces_out_at_0_3: outFaces, diff_from_mirror: +mirror.toFixed(1) });
}

async function psnr(a: string, b: string): Promise<number> {
  const grab = (p: string) => ffmpegToBuffer(['-i', p, '-vf', 'scale=640:360', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']);
  const [x, y] = await Promise.all([grab(a), grab(b)]);
  const n = Math.min(x.length, y.length);
  let s = 0;
  for (let i = 0; i < n; i++) s += (x[i] - y[i]) ** 2;
  return 10 * Math.log10((255 * 255) / (s / n));
}

async function denoise() {
  const f = await noisyVideo(work);
  const inProbe = await probeMedia(f.path);
  const inKbps = (statSync(f.path).size * 8) / 1000 / (inProbe.duration ?? 1);
  for (const strength of ['medium', 'high'] as const) {
    const t = await timed('denoise', { algorithm: 'video_denoise', params: { strength }, inputs: [f.path] });
    const q: Record<string, unknown> = { psnr_in_db: +(await psnr(f.path, f.clean)).toFixed(2), input_kbps: Math.round(inKbps) };
    if (t.r) {
      const o = t.r.outputs[0];
      q.psnr_out_db = +(await psnr(o.path, f.clean)).toFixed(2);
      q.output_kbps = Math.round((statSync(o.path).size * 8) / 1000 / (o.duration ?? 1));
    }
    row('video_denoise', `3 s 640x360 pan over a photo, heavy grain, ${strength}`, t, q);
  }
}

async function levels(path: string): Promise<Float32Array> {
  const buf = await ffmpegToBuffer(['-i', path, '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1']);
  const out = new Float32Array(buf.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = buf.readInt16LE(i * 2) / 32768;
  return out;
}

async function audio() {
  const f = await noisyVoice(work);
  const clean = await levels(f.clean);
  const noisy = await levels(f.path);
  const t = await timed('audio', { algorithm: 'audio_noise_reduction', params: { strength: 'medium' }, inputs: [f.path] });
  const q: Record<string, unknown> = {};
  if (t.r) {
    const out = await levels(t.r.outputs[0].path);
    q.reduction_first_half_db = +(pauseLevel(noisy, clean, 0, 6) - pauseLevel(out, clean, 0, 6)).toFixed(1);
    q.reduction_second_half_db = +(pauseLevel(noisy, clean, 6, 12) - pauseLevel(out, clean, 6, 12)).toFixed(1);
    q.speech_level_change_db = +(speechLevel(out, clean) - speechLevel(noisy, clean)).toFixed(1);
  }
  row('audio_noise_reduction', '12 s voice + pink noise, 16 kHz', t, q);
}

async function enhance() {
  const orig = join(work, 'enh-orig.png');
  const half = join(work, 'enh-half.png');
  await sharp(faceApiSample(2)).extract({ left: 560, top: 200, width: 512, height: 384 }).png().toFile(orig);
  await sharp(orig).resize(256, 192, { kernel: 'cubic' }).png().toFile(half);
  const ref = await readRgb(orig);
  // esrgan-medium and esrgan-thick were measured for issue 21 (MODELS.md): no gain / +0.4 dB at 25x the time
  for (const model of ['slim'] as const) {
    const t = await timed('enhance', { algorithm: 'image_enhancer', params: { scale: 2 }, inputs: [half] });
    const q: Record<string, unknown> = {};
    if (t.r) {
      const o = await readRgb(t.r.outputs[0].path);
      let s = 0;
      for (let i = 0; i < ref.data.length; i++) s += (ref.data[i] - o.data[i]) ** 2;
      q.psnr_db = +(10 * Math.log10((255 * 255) / (s / ref.data.length))).toFixed(2);
    }
    row('image_enhancer', `256x192 -> 512x384 (x2), ${model}`, t, q);
  }
  const lan = await readRgb(await sharp(half).resize(512, 384, { kernel: 'lanczos3' }).png().toBuffer());
  let s = 0;
  for (let i = 0; i < ref.data.length; i++) s += (ref.data[i] - lan.data[i]) ** 2;
  rows.push({ tool: 'image_enhancer', input: 'lanczos3 resize (reference, no model)', psnr_db: +(10 * Math.log10((255 * 255) / (s / ref.data.length))).toFixed(2) });
}

const SUITES: Record<string, () => Promise<void>> = { bg, text, extend, denoise, audio, enhance };

async function main() {
  const only = process.argv.slice(2).filter((a) => SUITES[a]);
  for (const [name, run] of Object.entries(SUITES)) if (!only.length || only.includes(name)) await run();
  const out = join(root, '.bench', 'tools.json');
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(out, JSON.stringify({ when: new Date().toISOString(), node: process.version, cpus: cpus().length, loadavg: loadavg(), rows }, null, 2));
  console.log(`wrote ${out}`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
