jest.setTimeout(180000);
import { join } from 'node:path';
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { ctxFor, engine, job, tempDir } from './helpers';
import { maskFigures, mugPhoto, portraitPhoto, streetPhoto } from './media-fixtures';
import { releaseIsnet } from '../src/local/models';

const t = tempDir('bg-remover');
afterAll(async () => {
  await releaseIsnet();
  t.cleanup();
});

async function alphaOf(path: string): Promise<Buffer> {
  return sharp(path).ensureAlpha().extractChannel(3).raw().toBuffer();
}

// issue 21 case 2: a street photo with a robot came back "Foreground kept: 1%", Done, 1 credit; the hole of a
// mug's handle stayed grey
describe('background remover on real pictures', () => {
  it('cuts the robot out of a street scene (a subject that is not a person)', async () => {
    const f = await streetPhoto();
    const r = await engine.run(job('bg_remover', {}, [f.path]), ctxFor(t.dir));
    const m = maskFigures(await alphaOf(r.outputs[0].path), f.truth);
    expect(m.iou).toBeGreaterThan(0.5);
    expect(r.metadata.engine).toBe('local:isnet');
    expect(r.metadata.note).toMatch(/ISNet/);
  });

  it("cuts a mug out of its backdrop, the hole inside the handle included", async () => {
    const f = await mugPhoto(t.dir);
    const r = await engine.run(job('bg_remover', {}, [f.path]), ctxFor(t.dir));
    const alpha = await alphaOf(r.outputs[0].path);
    expect(maskFigures(alpha, f.truth).iou).toBeGreaterThan(0.85);
    expect(alpha[255 * 640 + 430]).toBeLessThan(30); // inside the handle
    expect(alpha[250 * 640 + 300]).toBeGreaterThan(225); // the mug's body
  });

  it('keeps a person whole, after the model process was ended unused and started again', async () => {
    // the worker ends the model after a minute unused; the next run starts it again (the native addon loads
    // once per process: in a second worker thread it refused with 'Module did not self-register')
    await releaseIsnet();
    const f = await portraitPhoto(t.dir);
    const r = await engine.run(job('bg_remover', {}, [f.path]), ctxFor(t.dir));
    expect(maskFigures(await alphaOf(r.outputs[0].path), f.truth).iou).toBeGreaterThan(0.85);
  });

  it('fails, without a retry, when the cut-out would keep next to nothing', async () => {
    const blank = join(t.dir, 'blank.png');
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8a9aa8' } }).png().toFile(blank);
    await expect(engine.run(job('bg_remover', {}, [blank]), ctxFor(t.dir))).rejects.toMatchObject({ userText: USER_TEXTS.NO_SUBJECT, retryable: false });
  });
});
