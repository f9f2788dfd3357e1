/**
 * The inputs the tools' previews are made from, generated here (no binary in the repository): a drawn
 * landscape, the same with a red box to remove, with the product's own watermark, a slow pan across a photo
 * (the video tools), a voice under pink noise, and a portrait from the face samples that ship in
 * @vladmandic/face-api (MIT).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from '@studio/engines/media';

const SCENE = (w: number, h: number, box: boolean) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 480 320">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3d7cc9"/><stop offset="1" stop-color="#f2c98a"/></linearGradient></defs>
<rect width="480" height="320" fill="url(#sky)"/>
<circle cx="390" cy="80" r="34" fill="#fff3c4"/>
<path d="M0,230 C90,170 170,200 240,215 C320,232 390,180 480,205 L480,320 L0,320Z" fill="#3f7d4e"/>
<path d="M0,270 C120,240 260,262 480,250 L480,320 L0,320Z" fill="#2c5a3a"/>
<rect x="205" y="180" width="70" height="55" fill="#c8b08a"/><path d="M197,182 L240,150 L283,182Z" fill="#8c3b2e"/>
${box ? '<rect x="205" y="60" width="70" height="70" fill="#e0202a"/>' : ''}
</svg>`;

export type InputName =
  | 'scene' | 'sceneSmall' | 'sceneSquare' | 'boxed' | 'boxMask' | 'hillMask' | 'portrait'
  | 'clip' | 'noisyClip' | 'boxedClip' | 'clipMask' | 'faceClip' | 'noisyVoice';

/** Each input made on first use (a preview waits only for its own), then kept. */
export type PreviewInputs = (name: InputName) => Promise<string>;

const x264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];

/** the face sample of a group on a sofa (MIT), panned slowly at 320x180, 25 fps, with extra filters after */
function pan(seconds: number, then?: string): string[] {
  const sample = join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', 'sample3.jpg');
  const vf = [`scale=640:-2,crop=320:180:'(iw-320)*t/${seconds}':'(ih-180)/3'`, then, 'format=yuv420p'].filter(Boolean).join(',');
  return ['-loop', '1', '-framerate', '25', '-t', String(seconds), '-i', sample, '-vf', vf];
}
const maskSvg = (w: number, h: number, shape: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><rect width="${w}" height="${h}" fill="#000"/>${shape}</svg>`);
const svg = (w: number, h: number, box: boolean) => sharp(Buffer.from(SCENE(w, h, box)));

export function makeInputs(dir: string): PreviewInputs {
  const p = (name: string) => join(dir, name);
  const made = new Map<InputName, Promise<string>>();
  const recipes: Record<InputName, () => Promise<string>> = {
    scene: async () => (await svg(480, 320, false).png().toFile(p('scene.png')), p('scene.png')),
    sceneSmall: async () => (await svg(192, 128, false).png().toFile(p('scene-small.png')), p('scene-small.png')),
    sceneSquare: async () => (await sharp(await get('scene')).extract({ left: 80, top: 0, width: 320, height: 320 }).png().toFile(p('scene-square.png')), p('scene-square.png')),
    boxed: async () => (await svg(480, 320, true).png().toFile(p('boxed.png')), p('boxed.png')),
    boxMask: async () => (await sharp(maskSvg(480, 320, '<rect x="199" y="54" width="82" height="82" fill="#fff"/>')).png().toFile(p('box-mask.png')), p('box-mask.png')),
    hillMask: async () => (await sharp(maskSvg(480, 320, '<rect x="192" y="146" width="96" height="94" fill="#fff"/>')).png().toFile(p('hill-mask.png')), p('hill-mask.png')),
    portrait: async () => {
      const sample = join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', 'sample1.jpg');
      await sharp(sample).extract({ left: 1260, top: 0, width: 600, height: 800 }).resize(288, 384).jpeg({ quality: 90 }).toFile(p('portrait.jpg'));
      return p('portrait.jpg');
    },
    // the video tools show a real scene: a slow pan across a photo of a room with people (issue 21), not a test pattern
    clip: async () => (await runFfmpeg(['-y', ...pan(2), ...x264, p('clip.mp4')]), p('clip.mp4')),
    noisyClip: async () => (await runFfmpeg(['-y', ...pan(2, 'noise=c0s=34:c1s=12:c2s=12:allf=t'), ...x264, '-crf', '14', p('noisy.mp4')]), p('noisy.mp4')),
    boxedClip: async () => (await runFfmpeg(['-y', ...pan(2, 'drawbox=x=16:y=16:w=60:h=60:color=red:t=fill'), ...x264, p('boxed.mp4')]), p('boxed.mp4')),
    clipMask: async () => (await sharp(maskSvg(320, 180, '<rect x="12" y="12" width="68" height="68" fill="#fff"/>')).png().toFile(p('clip-mask.png')), p('clip-mask.png')),
    faceClip: async () => (await runFfmpeg(['-y', '-loop', '1', '-framerate', '25', '-t', '2', '-i', await get('portrait'), ...x264, p('face.mp4')]), p('face.mp4')),
    noisyVoice: async () => {
      // a voice under a fan's hiss: what the noise reduction (RNNoise, a speech model) is for
      const { speak } = await import('@studio/engines/speech');
      await speak('Hello! This voice was recorded next to a noisy fan. Listen to the hiss go away.', p('voice.wav'));
      await runFfmpeg([
        '-y', '-i', p('voice.wav'), '-f', 'lavfi', '-i', 'anoisesrc=d=6:c=pink:a=0.06:seed=5',
        '-filter_complex', '[0:a]aresample=44100,apad[v];[v][1:a]amix=inputs=2:duration=shortest,volume=2', '-ac', '2', p('noisy-voice.wav'),
      ]);
      return p('noisy-voice.wav');
    },
  };
  function get(name: InputName): Promise<string> {
    let file = made.get(name);
    if (!file) made.set(name, (file = recipes[name]()));
    return file;
  }
  return get;
}
