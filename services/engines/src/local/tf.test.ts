import { join } from 'node:path';
import sharp from 'sharp';
import { detectFaces } from './image/face';
import { readRgb, type RawImage } from './image/raw';
import { esrganUpscale } from './image/upscale';
import { releaseTf, setTfIdleMs, tf } from './tf';

// tfjs (its wasm backend and the models on it) is dropped after a minute with no tfjs work in flight; 300 ms here
setTfIdleMs(300);
jest.setTimeout(180000);

const never = new AbortController().signal;
function picture(w: number, h: number): RawImage {
  const data = Buffer.alloc(w * h * 3);
  for (let i = 0; i < data.length; i++) data[i] = (i * 37 + (i >> 7) * 11) & 255;
  return { data, width: w, height: h, channels: 3 };
}
async function released(): Promise<void> {
  const until = Date.now() + 10_000;
  while (tf.findBackend('wasm') && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
}

afterAll(() => releaseTf());

describe('tfjs idle release', () => {
  it('drops the wasm backend and the models after the idle time, and the next upscale loads again and gives the same pixels', async () => {
    const img = picture(80, 72);
    const first = await esrganUpscale(img, 2, () => undefined, never);
    expect(tf.findBackend('wasm')).toBeTruthy();
    expect(tf.memory().numTensors).toBeGreaterThan(0); // the model's weights

    await released();
    expect(tf.findBackend('wasm')).toBeNull();
    // the models' tensors are disposed, the backend's factory stays registered for the next use
    expect(tf.engine().state.numTensors).toBe(0);
    expect(tf.engine().backendNames()).toContain('wasm');

    const second = await esrganUpscale(img, 2, () => undefined, never);
    expect(tf.getBackend()).toBe('wasm');
    expect([second.width, second.height]).toEqual([160, 144]);
    expect(Buffer.compare(second.data, first.data)).toBe(0);
  });

  it('never releases under a running inference', async () => {
    const running = esrganUpscale(picture(64, 64), 2, () => undefined, never);
    expect(releaseTf()).toBe(false);
    await running;
    expect(tf.findBackend('wasm')).toBeTruthy();
    expect(releaseTf()).toBe(true);
    expect(tf.findBackend('wasm')).toBeNull();
  });

  it('face-api loads its nets again after a release and finds the same face', async () => {
    const sample = join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', 'sample1.jpg');
    const portrait = await readRgb(await sharp(sample).extract({ left: 1260, top: 0, width: 600, height: 800 }).resize(360, 480).png().toBuffer());
    const before = await detectFaces(portrait, 0.5);
    expect(before.length).toBe(1);
    expect(releaseTf()).toBe(true);
    expect(tf.engine().state.numTensors).toBe(0);
    // another threshold: not the answer cache's key
    const after = await detectFaces(portrait, 0.49);
    expect(after).toEqual(before);
  });
});
