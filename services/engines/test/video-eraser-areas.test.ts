import { join } from 'node:path';
import sharp from 'sharp';
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
