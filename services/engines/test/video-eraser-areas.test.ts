import { join } from 'node:path';
import sharp from 'sharp';
import { ffmpegToBuffer } from '../src/media/ffmpeg';
import { ctxFor, engine, job, makeVideo, tempDir } from './helpers';

const t = tempDir('eraser-areas');
afterAll(() => t.cleanup());

it('video eraser: two separate drawn areas are erased as two boxes, not one box spanning both', async () => {
  const video = await makeVideo(join(t.dir, 'clip.mp4'), { width: 192, height: 108, seconds: 1, audio: false });
  const mask = join(t.dir, 'mask.png');
  await sharp(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="192" height="108"><rect width="192" height="108" fill="#000"/><rect x="10" y="10" width="20" height="20" fill="#fff"/><rect x="150" y="70" width="25" height="20" fill="#fff"/><rect x="100" y="5" width="2" height="2" fill="#fff"/></svg>')).png().toFile(mask);
  const r = await engine.run(job('video_eraser', {}, [video, mask]), ctxFor(join(t.dir, 'out')));
  expect(r.metadata.note).toMatch(/^Erased 2 areas/);
  expect(r.outputs[0].duration).toBeCloseTo(1, 0);
});

it('video eraser: an object marked on two frames is followed between them (its box interpolated over time)', async () => {
  const video = await makeVideo(join(t.dir, 'moving.mp4'), { width: 192, height: 108, seconds: 2, audio: false });
  const regions = [
    { x: 10, y: 20, w: 30, h: 30, t: 0 },
    { x: 140, y: 50, w: 30, h: 30, t: 1.8 },
  ];
  const r = await engine.run(job('video_eraser', { regions }, [video]), ctxFor(join(t.dir, 'out2')));
  expect(r.metadata.note).toMatch(/a moving object followed between 2 marked frames/);
  expect(r.outputs[0].duration).toBeCloseTo(2, 0);
  const frame = async (at: number) => (await sharp(await ffmpegFrame(r.outputs[0].path, at)).raw().toBuffer({ resolveWithObject: true }));
  const before = async (at: number) => (await sharp(await ffmpegFrame(video, at)).raw().toBuffer({ resolveWithObject: true }));
  // at the start the left box is erased and the right one untouched; near the end the other way round
  const diff = (a: Buffer, b: Buffer, w: number, box: { x: number; y: number; w: number; h: number }) => {
    let s = 0;
    for (let y = box.y; y < box.y + box.h; y++) for (let x = box.x; x < box.x + box.w; x++) for (let c = 0; c < 3; c++) s += Math.abs(a[(y * w + x) * 3 + c] - b[(y * w + x) * 3 + c]);
    return s / (box.w * box.h * 3);
  };
  const [o0, i0, o1, i1] = await Promise.all([frame(0.05), before(0.05), frame(1.75), before(1.75)]);
  const left = { x: 14, y: 24, w: 20, h: 20 };
  const right = { x: 144, y: 54, w: 20, h: 20 };
  expect(diff(o0.data, i0.data, 192, left)).toBeGreaterThan(diff(o0.data, i0.data, 192, right) + 5);
  expect(diff(o1.data, i1.data, 192, right)).toBeGreaterThan(diff(o1.data, i1.data, 192, left) + 5);
});

async function ffmpegFrame(file: string, at: number): Promise<Buffer> {
  return ffmpegToBuffer(['-ss', String(at), '-i', file, '-frames:v', '1', '-f', 'image2', '-c:v', 'png', 'pipe:1']);
}
