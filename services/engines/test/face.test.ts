jest.setTimeout(180000);
import { join } from 'node:path';
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { runFfmpeg } from '../src/media/ffmpeg';
import { probeMedia } from '../src/media/probe';
import type { EngineData } from '../src/types';
import { ctxFor, engine, faceSample, frameDiff, frames, job, makePicture, pcm, rms, tempDir } from './helpers';

/**
 * No face photo is made here (a drawn face is not detected); the tests use the sample photo that ships in
 * @vladmandic/face-api's npm package (demo/sample1.jpg), cropped to one person.
 */
const t = tempDir('face');
afterAll(() => t.cleanup());
const ctx = () => ctxFor(t.dir);
let portrait: string;
let faceBox: { x: number; y: number; w: number; h: number };
beforeAll(async () => {
  portrait = join(t.dir, 'portrait.jpg');
  // the woman on the right of the sample, 480x640
  await sharp(faceSample()).extract({ left: 1260, top: 0, width: 600, height: 800 }).resize(360, 480).jpeg({ quality: 92 }).toFile(portrait);
});

describe('faces', () => {
  it('image_fkp: 68 landmarks per face in input pixels, mouth below the eyes', async () => {
    const r = await engine.run(job('image_fkp', {}, [portrait]), ctx());
    const data = r.metadata.data as Extract<EngineData, { kind: 'faces' }>;
    expect(data.kind).toBe('faces');
    expect(data.width).toBe(360);
    expect(data.faces.length).toBeGreaterThanOrEqual(1);
    const f = data.faces[0];
    expect(f.landmarks).toHaveLength(68);
    expect(f.score).toBeGreaterThan(0.5);
    const eyeY = (f.landmarks[36][1] + f.landmarks[45][1]) / 2;
    const mouthY = (f.landmarks[48][1] + f.landmarks[54][1]) / 2;
    expect(mouthY).toBeGreaterThan(eyeY + 10);
    for (const [x, y] of f.landmarks) {
      expect(x).toBeGreaterThan(f.box.x - f.box.width * 0.3);
      expect(x).toBeLessThan(f.box.x + f.box.width * 1.3);
      expect(y).toBeGreaterThan(f.box.y - f.box.height * 0.5);
    }
    faceBox = { x: f.box.x, y: f.box.y, w: f.box.width, h: f.box.height };
    expect(r.metadata.engine).toBe('local:face-api');
  });

  it('face_check passes a face and answers the spec text when there is none', async () => {
    const ok = await engine.run(job('face_check', {}, [portrait]), ctx());
    expect((ok.metadata.data as Extract<EngineData, { kind: 'faces' }>).faces.length).toBeGreaterThanOrEqual(1);
    const noFace = await makePicture(join(t.dir, 'noface.png'), 320, 240);
    await expect(engine.run(job('face_check', {}, [noFace]), ctx())).rejects.toMatchObject({ userText: USER_TEXTS.NO_FACE });
    await expect(engine.run(job('image_fkp', {}, [noFace]), ctx())).rejects.toMatchObject({ userText: USER_TEXTS.NO_FACE });
  });
});

describe('talking', () => {
  it('talking photo: speaks the text, moves only the mouth region, in time with the speech', async () => {
    const r = await engine.run(job('talking_photo', { text: 'Hello! Welcome to the studio.', voice: 'en-us+m3', resolution: '360p' }, [portrait]), ctx());
    const o = r.outputs[0];
    const p = await probeMedia(o.path);
    expect(p).toMatchObject({ media: 'video', width: 360, height: 480, hasAudio: true, videoCodec: 'h264' });
    expect(p.duration).toBeGreaterThan(1);
    const audio = await pcm(o.path);
    expect(rms(audio)).toBeGreaterThan(0.01);
    const f = await frames(o.path, 360, 480);
    // frame-to-first differences: inside the lower face vs the rest of the picture
    const lower = (x: number, y: number) => x > faceBox.x && x < faceBox.x + faceBox.w && y > faceBox.y + faceBox.h * 0.55 && y < faceBox.y + faceBox.h * 1.25;
    let maxMouth = 0;
    let maxElsewhere = 0;
    for (const fr of f) {
      let dm = 0, nm = 0, de = 0, ne = 0;
      for (let y = 0; y < 480; y += 2) for (let x = 0; x < 360; x += 2) {
        const i = (y * 360 + x) * 3;
        const d = Math.abs(fr[i] - f[0][i]) + Math.abs(fr[i + 1] - f[0][i + 1]);
        if (lower(x, y)) { dm += d; nm++; } else { de += d; ne++; }
      }
      maxMouth = Math.max(maxMouth, dm / nm);
      maxElsewhere = Math.max(maxElsewhere, de / ne);
    }
    expect(maxMouth).toBeGreaterThan(4);
    expect(maxElsewhere).toBeLessThan(2.5);
    expect(r.metadata.note).toMatch(/no talking-head model ran/);
  });

  it('talking avatar: an uploaded track drives the mouth; the head sways', async () => {
    const speech = join(t.dir, 'speech.wav');
    // syllable-like bursts: a 3 s tone switched on and off 4 times a second
    await runFfmpeg(['-f', 'lavfi', '-i', "aevalsrc='sin(2*PI*180*t)*gt(sin(2*PI*4*t),0)*0.6':s=16000:d=3", speech]);
    const r = await engine.run(job('talking_avatar', { resolution: '360p' }, [portrait, speech]), ctx());
    const p = await probeMedia(r.outputs[0].path);
    expect(Math.abs(p.duration - 3)).toBeLessThan(0.3);
    const f = await frames(r.outputs[0].path, 90, 120);
    expect(frameDiff(f[0], f[40])).toBeGreaterThan(1);
    expect(r.metadata.note).toMatch(/uploaded audio/);
  });

  it('lip sync: re-times a video of a face to new speech and loops it to the speech length', async () => {
    const clip = join(t.dir, 'face.mp4');
    await runFfmpeg(['-loop', '1', '-framerate', '25', '-t', '1', '-i', portrait, '-vf', 'scale=240:320', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
    const r = await engine.run(job('lip_sync', { text: 'One two three four.' }, [clip]), ctx());
    const p = await probeMedia(r.outputs[0].path);
    expect(p.hasAudio).toBe(true);
    expect(p.duration).toBeGreaterThan(1.4); // longer than the 1 s clip: looped
    const f = await frames(r.outputs[0].path, 240, 320);
    let moved = 0;
    for (const fr of f) moved = Math.max(moved, frameDiff(fr, f[0]));
    expect(moved).toBeGreaterThan(0.3);
  });

  // issue 21 case 6: a faceless clip rendered for 17 s, then failed with a Retry that had to fail again
  it('lip sync refuses a video without a face before it renders, for good', async () => {
    const clip = join(t.dir, 'noface.mp4');
    await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=6', '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', clip]);
    const c = ctx();
    await expect(engine.run(job('lip_sync', { text: 'Hello there, this is a long enough sentence to render for a while.' }, [clip]), c)).rejects.toMatchObject({ userText: USER_TEXTS.NO_FACE, retryable: false });
    // nothing was rendered: the refusal came at the first step
    expect(Math.max(...c.progress)).toBeLessThan(10);
  });
});
