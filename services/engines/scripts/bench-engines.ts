/**
 * Each local algorithm's time on a fixed input: wall time and CPU time (this process plus its ffmpeg and
 * espeak children), the first run of a model-backed algorithm including the model load. Writes
 * .bench/engines.json at the repository root.
 *
 *   npx tsx services/engines/scripts/bench-engines.ts [algorithm ...]
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from '../src/media/ffmpeg';
import { LocalEngine } from '../src/local/engine';
import type { AlgorithmId, EngineJob } from '../src/types';

const root = resolve(__dirname, '..', '..', '..');
const work = mkdtempSync(join(tmpdir(), 'bench-engines-'));
const engine = new LocalEngine();

/** CPU seconds of this process and its finished children (Linux /proc). */
function cpuSeconds(): number {
  const own = process.cpuUsage();
  let children = 0;
  try {
    const f = readFileSync('/proc/self/stat', 'utf8');
    const fields = f.slice(f.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100; // cutime + cstime, clock ticks
  } catch {
    /* not Linux */
  }
  return (own.user + own.system) / 1e6 + children;
}

async function inputs() {
  const picture = join(work, 'picture.png');
  await sharp({ create: { width: 512, height: 384, channels: 3, background: '#6a8caf' } })
    .composite([
      { input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="512" height="384"><circle cx="180" cy="170" r="90" fill="#c0392b"/><rect x="300" y="200" width="140" height="120" fill="#27ae60"/><path d="M0,384 L200,250 L512,330 L512,384Z" fill="#2c3e50"/></svg>') },
    ])
    .png()
    .toFile(picture);
  const sample = join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', 'sample1.jpg');
  const portrait = join(work, 'portrait.jpg');
  await sharp(sample).extract({ left: 1260, top: 0, width: 600, height: 800 }).resize(384, 512).jpeg().toFile(portrait);
  // the same face mirrored: the face cache (keyed by picture content) must not answer for face_check
  const mirrored = join(work, 'portrait-mirrored.jpg');
  await sharp(portrait).flop().jpeg().toFile(mirrored);
  const video = join(work, 'video.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', video]);
  const faceVideo = join(work, 'face.mp4');
  await runFfmpeg(['-loop', '1', '-framerate', '25', '-t', '2', '-i', portrait, '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p', faceVideo]);
  const stereo = join(work, 'stereo.wav');
  await runFfmpeg([
    '-f', 'lavfi', '-i', 'sine=frequency=660:duration=10', '-f', 'lavfi', '-i', 'sine=frequency=300:duration=10', '-f', 'lavfi', '-i', 'anoisesrc=d=10:c=pink:a=0.05',
    '-filter_complex', '[0:a][1:a][2:a]amerge=inputs=3,pan=stereo|c0=0.4*c0+0.4*c1+c2|c1=0.4*c0+c2', stereo,
  ]);
  return { picture, portrait, mirrored, video, faceVideo, stereo };
}

type Case = { algorithm: AlgorithmId; params: Record<string, unknown>; inputs: string[]; input: string };

async function main() {
  const only = new Set(process.argv.slice(2));
  const f = await inputs();
  const box = { x: 150, y: 120, w: 90, h: 80 };
  const cases: Case[] = [
    { algorithm: 'text2image', params: { prompt: 'golden sunset over misty mountains', ratio: '1:1', seed: 1 }, inputs: [], input: '1024x1024, 1 image' },
    { algorithm: 'image2image', params: { prompt: 'deep purple galaxy', seed: 1 }, inputs: [f.picture], input: '512x384 -> 4:3 1024x768' },
    { algorithm: 'image_enhancer', params: { scale: 2 }, inputs: [f.picture], input: '512x384, x2' },
    { algorithm: 'bg_remover', params: {}, inputs: [f.portrait], input: '384x512 portrait' },
    { algorithm: 'object_remover', params: { regions: [box] }, inputs: [f.picture], input: '512x384, 90x80 box' },
    { algorithm: 'partial_redrawing', params: { prompt: 'a blue striped shirt', regions: [box] }, inputs: [f.picture], input: '512x384, 90x80 box' },
    { algorithm: 'text_watermark_remover', params: {}, inputs: [f.picture], input: '512x384, automatic detection' },
    { algorithm: 'image_extender', params: { ratio: '16:9' }, inputs: [f.picture], input: '512x384 -> 683x384' },
    { algorithm: 'watermark', params: {}, inputs: [f.picture], input: '512x384 image' },
    { algorithm: 'image_fkp', params: {}, inputs: [f.portrait], input: '384x512 portrait' },
    { algorithm: 'face_check', params: {}, inputs: [f.mirrored], input: '384x512 portrait (mirrored, uncached)' },
    { algorithm: 'text2video', params: { prompt: 'misty forest mountains at sunrise', ratio: '16:9', duration: 5, seed: 1 }, inputs: [], input: '5 s, 1024x576' },
    { algorithm: 'image2video', params: { duration: 5 }, inputs: [f.picture], input: '5 s, 1024x768' },
    { algorithm: 'effect', params: { effect: 'zoom_pulse', duration: 5 }, inputs: [f.picture], input: '5 s, 720x540' },
    { algorithm: 'video2anime', params: { style: 'anime' }, inputs: [f.video], input: '3 s 640x360' },
    { algorithm: 'video_enhancer', params: { scale: 2, interpolate_fps: 50 }, inputs: [f.video], input: '3 s 640x360 -> 1280x720, 50 fps' },
    { algorithm: 'video_denoise', params: { strength: 'medium' }, inputs: [f.video], input: '3 s 640x360, hqdn3d' },
    { algorithm: 'video_eraser', params: { regions: [box] }, inputs: [f.video], input: '3 s 640x360, one box' },
    { algorithm: 'audio_noise_reduction', params: {}, inputs: [f.stereo], input: '10 s stereo' },
    { algorithm: 'audio_vocal_removal', params: {}, inputs: [f.stereo], input: '10 s stereo' },
    { algorithm: 'mai_tcm', params: { prompt: 'upbeat acoustic guitar folk song', duration: 30, seed: 1 }, inputs: [], input: '30 s' },
    { algorithm: 'mai_text2song_minimax', params: { prompt: 'happy pop song', lyrics: 'Sunshine in my pocket\nDancing down the street tonight\nEvery light is green for us', duration: 30 }, inputs: [], input: '30 s, 3 lines' },
    { algorithm: 'talking_photo', params: { text: 'Hello and welcome to the studio. Let us make something.' }, inputs: [f.portrait], input: '384x512, ~3 s speech (face found by the earlier check: cached)' },
    { algorithm: 'talking_avatar', params: { text: 'Hello and welcome to the studio. Let us make something.' }, inputs: [f.portrait], input: '384x512, ~3 s speech' },
    { algorithm: 'lip_sync', params: { text: 'Hello and welcome to the studio.' }, inputs: [f.faceVideo], input: '2 s 384x512 video, ~2 s speech' },
    { algorithm: 't_sensitive_detect', params: { prompt: 'a cat playing piano on a sunny afternoon' }, inputs: [], input: 'one sentence' },
    { algorithm: 'i_sensitive_detect', params: {}, inputs: [f.picture], input: '512x384' },
    { algorithm: 'v_sensitive_detect', params: {}, inputs: [f.video], input: '3 s video' },
  ];
  const results: Record<string, unknown>[] = [];
  for (const c of cases) {
    if (only.size && !only.has(c.algorithm)) continue;
    const dir = join(work, c.algorithm);
    mkdirSync(dir, { recursive: true });
    const j = { taskId: `bench-${c.algorithm}`, algorithm: c.algorithm, params: c.params, inputs: c.inputs } as EngineJob;
    const cpu0 = cpuSeconds();
    const t0 = performance.now();
    try {
      const r = await engine.run(j, { workDir: dir, signal: new AbortController().signal, onProgress: () => undefined });
      const wall = (performance.now() - t0) / 1000;
      const cpu = cpuSeconds() - cpu0;
      const o = r.outputs[0];
      results.push({ algorithm: c.algorithm, input: c.input, wall_s: +wall.toFixed(2), cpu_s: +cpu.toFixed(2), engine: r.metadata.engine, output: o ? { width: o.width, height: o.height, duration: o.duration, mime: o.mime } : null });
      console.log(`${c.algorithm.padEnd(24)} ${wall.toFixed(2).padStart(7)} s wall ${cpu.toFixed(2).padStart(7)} s cpu  ${c.input}`);
    } catch (e) {
      results.push({ algorithm: c.algorithm, input: c.input, error: (e as Error).message });
      console.log(`${c.algorithm.padEnd(24)} FAILED ${(e as Error).message}`);
    }
  }
  const out = join(root, '.bench', 'engines.json');
  mkdirSync(join(root, '.bench'), { recursive: true });
  writeFileSync(out, JSON.stringify({ when: new Date().toISOString(), node: process.version, cpus: cpus().length, cpu_model: cpus()[0]?.model, loadavg: (await import('node:os')).loadavg(), results }, null, 2));
  console.log(`wrote ${out}`);
  rmSync(work, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
