/**
 * The tools' fixed set of real inputs (issue 21), shared by the tests and `scripts/bench-tools.ts`: photos that
 * ship inside npm packages (no binary media in the repository), the marks and noise a user's file carries added
 * on top, and hand-drawn truth masks for the background remover.
 *
 * - people: `@vladmandic/face-api` demo/sample1.jpg (a party photo of three people), MIT package
 * - a street scene with a robot: `autocannon` test/j5.jpeg (the picture the issue's user met), MIT package
 * - a product on a plain backdrop: a mug drawn here (its truth is exact: the same shapes)
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from '../src/media/ffmpeg';
import { speak } from '../src/local/audio/speech';

export interface Box { x: number; y: number; w: number; h: number }

export function faceApiSample(n: 1 | 2 | 3 | 4 | 5 | 6): string {
  return join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', `sample${n}.jpg`);
}

function streetSample(): string {
  return join(require.resolve('autocannon/package.json'), '..', 'test', 'j5.jpeg');
}

type Polygon = [number, number][];

/** A truth mask (one byte a pixel, 255 = foreground) from polygons in the picture's own pixels. */
async function polygonMask(width: number, height: number, polygons: Polygon[], holes: Polygon[] = []): Promise<Uint8Array> {
  const path = (ps: Polygon[], fill: string) => ps.map((p) => `<polygon points="${p.map(([x, y]) => `${x},${y}`).join(' ')}" fill="${fill}"/>`).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#000"/>${path(polygons, '#fff')}${path(holes, '#000')}</svg>`;
  const raw = await sharp(Buffer.from(svg)).extractChannel(0).raw().toBuffer();
  return Uint8Array.from(raw, (v) => (v > 127 ? 255 : 0));
}

/**
 * The party photo with a caption and a stock-photo mark, 960x640 (the issue's case 1). `textBoxes` are where the
 * text was drawn (the truth of what the remover should select).
 */
export async function partyPhoto(dir: string): Promise<{ path: string; textBoxes: Box[] }> {
  const W = 960;
  const H = 640;
  const path = join(dir, 'party.jpg');
  const caption = { x: 250, y: 560, w: 460, h: 52 };
  const mark = { x: 640, y: 24, w: 290, h: 40 };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<text x="${caption.x + caption.w / 2}" y="${caption.y + 40}" font-family="DejaVu Sans" font-weight="bold" font-size="40" fill="#ffffff" stroke="#000" stroke-width="1.5" text-anchor="middle">Happy birthday, Anna!</text>
<text x="${mark.x + mark.w / 2}" y="${mark.y + 30}" font-family="DejaVu Sans" font-size="30" fill="#ffffff" fill-opacity="0.8" text-anchor="middle">© STOCKPHOTO</text>
</svg>`;
  await sharp(faceApiSample(1)).resize(W, H).composite([{ input: Buffer.from(svg) }]).jpeg({ quality: 90 }).toFile(path);
  return { path, textBoxes: [caption, mark] };
}

/** A mug with a handle on a light studio backdrop, 640x480; the hole inside the handle is background. */
export async function mugPhoto(dir: string): Promise<{ path: string; truth: Uint8Array }> {
  const W = 640;
  const H = 480;
  const path = join(dir, 'mug.jpg');
  // body 200..400 x 130..400; handle: an outer and an inner rounded shape to the right of the body
  const body: Polygon = [[200, 130], [400, 130], [400, 380], [380, 400], [220, 400], [200, 380]];
  const handleOuter: Polygon = [[395, 170], [470, 170], [500, 200], [500, 310], [470, 340], [395, 340]];
  const handleHole: Polygon = [[400, 205], [445, 205], [462, 222], [462, 290], [445, 305], [400, 305]];
  const pts = (p: Polygon) => p.map(([x, y]) => `${x},${y}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">
<defs>
 <radialGradient id="bg" cx="0.5" cy="0.45" r="0.75"><stop offset="0" stop-color="#eeeae4"/><stop offset="1" stop-color="#cfcac2"/></radialGradient>
 <linearGradient id="mug" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#8c1d18"/><stop offset="0.35" stop-color="#d0453b"/><stop offset="1" stop-color="#6e1410"/></linearGradient>
</defs>
<rect width="100%" height="100%" fill="url(#bg)"/>
<ellipse cx="300" cy="402" rx="120" ry="12" fill="#b5afa6"/>
<path d="M ${pts(handleOuter).split(' ').join(' L ')} Z M ${pts(handleHole).split(' ').join(' L ')} Z" fill="#a3271f" fill-rule="evenodd"/>
<polygon points="${pts(body)}" fill="url(#mug)"/>
<ellipse cx="300" cy="132" rx="100" ry="10" fill="#5a0f0c"/>
<text x="300" y="280" font-family="DejaVu Sans" font-weight="bold" font-size="34" fill="#f6e7d8" text-anchor="middle">COFFEE</text>
</svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 92 }).toFile(path);
  const truth = await polygonMask(W, H, [body, handleOuter], [handleHole]);
  return { path, truth };
}

/** The street scene with a robot (1169x584) and a hand-drawn outline of the robot. */
export async function streetPhoto(): Promise<{ path: string; truth: Uint8Array }> {
  const head: Polygon = [[400, 45], [450, 35], [500, 70], [600, 140], [700, 170], [810, 270], [740, 290], [745, 330], [690, 400], [640, 390], [590, 360], [540, 330], [480, 300], [420, 260], [345, 225], [350, 190], [375, 105]];
  const arm: Polygon = [[380, 290], [440, 280], [480, 330], [560, 360], [560, 410], [500, 430], [480, 480], [440, 510], [400, 560], [380, 584], [260, 584], [265, 520], [300, 470], [320, 410], [360, 390], [375, 330]];
  const grip: Polygon = [[262, 90], [322, 95], [322, 220], [262, 220]];
  return { path: streetSample(), truth: await polygonMask(1169, 584, [head, arm, grip]) };
}

/** One person cut from the party photo (600x800) and a hand-drawn outline of her. */
export async function portraitPhoto(dir: string): Promise<{ path: string; truth: Uint8Array }> {
  const path = join(dir, 'portrait.jpg');
  await sharp(faceApiSample(1)).extract({ left: 1260, top: 0, width: 600, height: 800 }).jpeg({ quality: 92 }).toFile(path);
  const person: Polygon = [[0, 470], [60, 430], [130, 420], [200, 380], [215, 300], [250, 220], [300, 185], [370, 180], [430, 210], [470, 260], [490, 330], [500, 420], [530, 500], [545, 600], [550, 700], [555, 800], [0, 800]];
  return { path, truth: await polygonMask(600, 800, [person]) };
}

/** Share of foreground (alpha > 127) and intersection over union with a truth mask. */
export function maskFigures(alpha: Uint8Array | Buffer, truth: Uint8Array): { share: number; iou: number } {
  let fg = 0, inter = 0, union = 0;
  for (let p = 0; p < truth.length; p++) {
    const a = alpha[p] > 127;
    const t = truth[p] > 127;
    if (a) fg++;
    if (a && t) inter++;
    if (a || t) union++;
  }
  return { share: fg / truth.length, iou: union ? inter / union : 0 };
}

/**
 * Heavy grain over a real scene: a slow pan across a photo, 640x360 at 25 fps, with strong temporal noise,
 * encoded at high quality as a camera would (a high bitrate). `clean` is the same pan without the grain.
 */
export async function noisyVideo(dir: string, seconds = 3): Promise<{ path: string; clean: string }> {
  const clean = join(dir, 'clean.mp4');
  const path = join(dir, 'grainy.mp4');
  const pan = `scale=1280:-2,crop=640:360:'(iw-640)*t/${seconds}':'(ih-360)/3'`;
  await runFfmpeg(['-loop', '1', '-framerate', '25', '-t', String(seconds), '-i', faceApiSample(3), '-vf', `${pan},format=yuv420p`, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '12', '-pix_fmt', 'yuv420p', clean]);
  await runFfmpeg(['-i', clean, '-vf', 'noise=c0s=38:c1s=14:c2s=14:allf=t', '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '14', '-pix_fmt', 'yuv420p', path]);
  return { path, clean };
}

/**
 * A voice clip with steady background noise, 16 kHz mono: about `seconds` of eSpeak NG speech (sentences with
 * pauses, so the noise shows between words) mixed with pink noise. `clean` is the speech alone.
 */
export async function noisyVoice(dir: string, seconds = 12): Promise<{ path: string; clean: string }> {
  const speech = join(dir, 'speech.wav');
  const clean = join(dir, 'voice-clean.wav');
  const path = join(dir, 'voice-noisy.wav');
  await speak(
    'Hello and welcome to the studio. Today we record a short message. The room is noisy, with a fan running. ' +
      'Please listen to the end of this clip. Every word should stay clear, and the hiss should go away.',
    speech,
  );
  await runFfmpeg(['-i', speech, '-af', `aresample=16000,apad,atrim=0:${seconds}`, '-ac', '1', '-ar', '16000', clean]);
  await runFfmpeg([
    '-i', clean, '-f', 'lavfi', '-i', `anoisesrc=d=${seconds}:c=pink:a=0.06:r=16000:seed=7`,
    '-filter_complex', '[0:a][1:a]amix=inputs=2:duration=first,volume=2', '-ac', '1', '-ar', '16000', path,
  ]);
  return { path, clean };
}

/** mean difference between the 120 px of new area left of the picture and the picture's own first 120 px mirrored (low = a mirror) */
export function mirrorDiff(src: { data: Buffer; width: number; height: number }, out: { data: Buffer; width: number; height: number }): number {
  const left = Math.floor((out.width - src.width) / 2);
  let s = 0, n = 0;
  for (let y = 0; y < src.height; y++) for (let k = 0; k < Math.min(120, left); k++) {
    const o = (y * out.width + left - 1 - k) * 3;
    const i = (y * src.width + k) * 3;
    for (let c = 0; c < 3; c++) { s += Math.abs(out.data[o + c] - src.data[i + c]); n++; }
  }
  return s / n;
}

/** RMS in dBFS of the 20 ms frames where the clean speech is silent (the pauses), in [from, to) seconds */
export function pauseLevel(s: Float32Array, clean: Float32Array, from: number, to: number): number {
  const F = 320;
  let e = 0, n = 0;
  for (let i = Math.floor((from * 16000) / F) * F; i + F <= Math.min(to * 16000, s.length, clean.length); i += F) {
    let ce = 0;
    for (let k = 0; k < F; k++) ce += clean[i + k] ** 2;
    if (Math.sqrt(ce / F) > 0.002) continue;
    for (let k = 0; k < F; k++) e += s[i + k] ** 2;
    n += F;
  }
  return n ? 10 * Math.log10(e / n + 1e-12) : NaN;
}

export function speechLevel(s: Float32Array, clean: Float32Array): number {
  const F = 320;
  let e = 0, n = 0;
  for (let i = 0; i + F <= Math.min(s.length, clean.length); i += F) {
    let ce = 0;
    for (let k = 0; k < F; k++) ce += clean[i + k] ** 2;
    if (Math.sqrt(ce / F) < 0.05) continue;
    for (let k = 0; k < F; k++) e += s[i + k] ** 2;
    n += F;
  }
  return n ? 10 * Math.log10(e / n + 1e-12) : NaN;
}
