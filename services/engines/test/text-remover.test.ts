jest.setTimeout(180000);
import { USER_TEXTS } from 'shared-contracts/constants';
import sharp from 'sharp';
import { join } from 'node:path';
import { ctxFor, engine, job, rgb, tempDir } from './helpers';
import { partyPhoto, type Box } from './media-fixtures';
import { detectTextRegions } from '../src/local/image/text-detect';
import { detectFaces } from '../src/local/image/face';
import { readRgb } from '../src/local/image/raw';
import { releaseOcr } from '../src/local/models';

const t = tempDir('text-remover');
afterAll(async () => {
  await releaseOcr();
  t.cleanup();
});

const area = (boxes: Box[], inside: (x: number, y: number) => boolean) => {
  let n = 0, c = 0;
  for (const b of boxes) for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) { n++; if (inside(x, y)) c++; }
  return c / n;
};

// issue 21 case 1: on a party photo with a caption and a "© STOCKPHOTO" mark the old stroke detector selected
// 53% of the picture with every face in it, and Remove turned the faces into patchwork
describe('text and watermark remover on a real photo', () => {
  it('selects the text Tesseract reads, never a face, and leaves the faces untouched', async () => {
    const f = await partyPhoto(t.dir);
    const img = await readRgb(f.path);
    const faces = (await detectFaces(img)).map(({ box: b }) => ({ x: Math.round(b.x), y: Math.round(b.y), w: Math.round(b.width), h: Math.round(b.height) }));
    expect(faces.length).toBe(3);
    const boxes = await detectTextRegions(img);
    const inSel = (x: number, y: number) => boxes.some((b) => x >= b.x && x < b.x + b.w && y >= b.y && y < b.y + b.h);
    expect(area(faces, inSel)).toBe(0);
    expect(area([f.textBoxes[0]], inSel)).toBeGreaterThan(0.85); // the caption
    expect(area([f.textBoxes[1]], inSel)).toBeGreaterThan(0.25); // the mark (OCR reads "PHOTO")
    expect(area([{ x: 0, y: 0, w: img.width, h: img.height }], inSel)).toBeLessThan(0.12);

    const r = await engine.run(job('text_watermark_remover', {}, [f.path]), ctxFor(t.dir));
    const out = await rgb(r.outputs[0].path);
    let change = 0, n = 0;
    for (const b of faces) for (let y = b.y; y < b.y + b.h; y++) for (let x = b.x; x < b.x + b.w; x++) {
      const p = (y * img.width + x) * 3;
      for (let c = 0; c < 3; c++) { change += Math.abs(out.data[p + c] - img.data[p + c]); n++; }
    }
    // the output is re-encoded as JPEG (quality 95): a face left alone differs by encoding noise only
    expect(change / n).toBeLessThan(2.5);
    expect(r.metadata.note).toMatch(/OCR/);
  });

  it('finds nothing on a photo without text and asks the user to select an area instead of charging', async () => {
    const plain = join(t.dir, 'no-text.jpg');
    await sharp(f6()).resize(480, 360).jpeg().toFile(plain);
    await expect(engine.run(job('text_watermark_remover', {}, [plain]), ctxFor(t.dir))).rejects.toMatchObject({ userText: USER_TEXTS.SELECT_AREA, retryable: false });
  });
});

function f6(): string {
  return join(require.resolve('@vladmandic/face-api/package.json'), '..', 'demo', 'sample5.jpg');
}
