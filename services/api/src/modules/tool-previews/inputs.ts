/**
 * The inputs the tools' previews are made from, generated here (no binary in the repository): a drawn
 * landscape, the same with a red box to remove, with the product's own watermark, ffmpeg test patterns,
 * a tone under pink noise, and a portrait from the face sample that ships in @vladmandic/face-api (MIT).
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from '@studio/engines/media/ffmpeg';

const SCENE = (w: number, h: number, box: boolean) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 480 320">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3d7cc9"/><stop offset="1" stop-color="#f2c98a"/></linearGradient></defs>
<rect width="480" height="320" fill="url(#sky)"/>
<circle cx="370" cy="90" r="38" fill="#fff3c4"/>
<path d="M0,230 C90,170 170,200 240,215 C320,232 390,180 480,205 L480,320 L0,320Z" fill="#3f7d4e"/>
<path d="M0,270 C120,240 260,262 480,250 L480,320 L0,320Z" fill="#2c5a3a"/>
<rect x="90" y="180" width="70" height="55" fill="#c8b08a"/><path d="M82,182 L125,150 L168,182Z" fill="#8c3b2e"/>
${box ? '<rect x="250" y="120" width="70" height="70" fill="#e0202a"/>' : ''}
</svg>`;

export interface PreviewInputs {
  scene: string;
  sceneSmall: string;
  sceneSquare: string;
  boxed: string;
  boxMask: string;
  hillMask: string;
  portrait: string;
  clip: string;
  noisyClip: string;
  boxedClip: string;
  clipMask: string;
  faceClip: string;
  noisyTone: string;
}

export async function makeInputs(dir: string): Promise<PreviewInputs> {
  const p = (name: string) => join(dir, name);
  const svg = (w: number, h: number, box: boolean) => sharp(Buffer.from(SCENE(w, h, box)));
  await svg(480, 320, false).png().toFile(p('scene.png'));
  await svg(192, 128, false).png().toFile(p('scene-small.png'));
  await sharp(p('scene.png')).extract({ left: 80, top: 0, width: 320, height: 320 }).png().toFile(p('scene-square.png'));
  await svg(480, 320, true).png().toFile(p('boxed.png'));
  const maskSvg = (shape: string) => Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="480" height="320" fill="#000"/>${shape}</svg>`);
  await sharp(maskSvg('<rect x="244" y="114" width="82" height="82" fill="#fff"/>')).png().toFile(p('box-mask.png'));
  await sharp(maskSvg('<rect x="84" y="146" width="90" height="94" fill="#fff"/>')).png().toFile(p('hill-mask.png'));
  const sample = join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', 'sample1.jpg');
  await sharp(sample).extract({ left: 1260, top: 0, width: 600, height: 800 }).resize(288, 384).jpeg({ quality: 90 }).toFile(p('portrait.jpg'));
  const x264 = ['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2', ...x264, p('clip.mp4')]);
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2', '-vf', 'noise=alls=40:allf=t', ...x264, p('noisy.mp4')]);
  await runFfmpeg(['-y', '-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=2', '-vf', 'drawbox=x=200:y=50:w=60:h=60:color=red:t=fill', ...x264, p('boxed.mp4')]);
  await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#000"/><rect x="196" y="46" width="68" height="68" fill="#fff"/></svg>')).png().toFile(p('clip-mask.png'));
  await runFfmpeg(['-y', '-loop', '1', '-framerate', '25', '-t', '2', '-i', p('portrait.jpg'), ...x264, p('face.mp4')]);
  await runFfmpeg([
    '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=4', '-f', 'lavfi', '-i', 'anoisesrc=d=4:c=pink:a=0.08',
    '-filter_complex', '[0:a][1:a]amix=inputs=2,volume=1.6', '-ac', '2', p('noisy-tone.wav'),
  ]);
  return {
    scene: p('scene.png'),
    sceneSmall: p('scene-small.png'),
    sceneSquare: p('scene-square.png'),
    boxed: p('boxed.png'),
    boxMask: p('box-mask.png'),
    hillMask: p('hill-mask.png'),
    portrait: p('portrait.jpg'),
    clip: p('clip.mp4'),
    noisyClip: p('noisy.mp4'),
    boxedClip: p('boxed.mp4'),
    clipMask: p('clip-mask.png'),
    faceClip: p('face.mp4'),
    noisyTone: p('noisy-tone.wav'),
  };
}
