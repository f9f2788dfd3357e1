jest.setTimeout(120000);
import { join } from 'node:path';
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { ctxFor, engine, job, makePicture, meanDiff, rgb, tempDir } from './helpers';
import { watermarkPng } from '../src/local/image/watermark-mark';
import type { EngineData } from '../src/types';
import { releaseOcr } from '../src/local/models';
import { mirrorDiff, portraitPhoto } from './media-fixtures';

const t = tempDir('image');
afterAll(async () => {
  await releaseOcr();
  t.cleanup();
});
const ctx = () => ctxFor(t.dir);

describe('text2image', () => {
  it('renders at the ratio table size, deterministic for prompt+seed, different for another prompt', async () => {
    const a = await engine.run(job('text2image', { prompt: 'a golden sunset over the mountains', ratio: '9:16', seed: 7 }), ctx());
    const b = await engine.run(job('text2image', { prompt: 'a golden sunset over the mountains', ratio: '9:16', seed: 7 }), ctx());
    const c = await engine.run(job('text2image', { prompt: 'neon city street at night', ratio: '9:16', seed: 7 }), ctx());
    expect(a.outputs[0]).toMatchObject({ width: 576, height: 1024, media: 'image', mime: 'image/png' });
    const [ra, rb, rc] = await Promise.all([rgb(a.outputs[0].path), rgb(b.outputs[0].path), rgb(c.outputs[0].path)]);
    expect(ra.data.equals(rb.data)).toBe(true);
    expect(meanDiff(ra, rc, () => true)).toBeGreaterThan(10);
    expect(a.metadata.engine).toBe('local:procedural-art');
    expect(a.metadata.note).toMatch(/no generative model ran/);
  });

  // issue 21 case 10: "Night market", "Volcano" and "Lighthouse at sunset" showed the same mountain picture
  it('captions what the procedural picture shows, for titles that do not promise the prompt', async () => {
    const market = await engine.run(job('text2image', { prompt: 'a lively night market with lanterns and food stalls', ratio: '1:1' }), ctx());
    const sea = await engine.run(job('text2image', { prompt: 'a lighthouse on a cliff at sunset, warm light, crashing waves', ratio: '1:1' }), ctx());
    expect(market.metadata.caption).toBe('Landscape: night');
    expect(sea.metadata.caption).toBe('Seascape: waves, sunset');
  });

  it('makes a batch of four different images at 3:2', async () => {
    const r = await engine.run(job('text2image', { prompt: 'blue ocean waves', ratio: '3:2', num: 4 }), ctx());
    expect(r.outputs).toHaveLength(4);
    for (const o of r.outputs) expect([o.width, o.height]).toEqual([1023, 682]);
    const [x, y] = await Promise.all([rgb(r.outputs[0].path), rgb(r.outputs[1].path)]);
    expect(meanDiff(x, y, () => true)).toBeGreaterThan(2);
  });
});

describe('image2image', () => {
  it('restyles the input at the requested ratio and follows the prompt', async () => {
    const src = await makePicture(join(t.dir, 'i2i.png'), 400, 300);
    const a = await engine.run(job('image2image', { prompt: 'deep purple galaxy', ratio: '1:1', seed: 1 }, [src]), ctx());
    const b = await engine.run(job('image2image', { prompt: 'bright green forest', ratio: '1:1', seed: 1 }, [src]), ctx());
    expect(a.outputs[0]).toMatchObject({ width: 1024, height: 1024 });
    const [ra, rb] = await Promise.all([rgb(a.outputs[0].path), rgb(b.outputs[0].path)]);
    expect(meanDiff(ra, rb, () => true)).toBeGreaterThan(10);
    // green prompt -> the green channel dominates more than for the purple prompt
    const mean = (r: typeof ra, c: number) => { let s = 0; for (let i = c; i < r.data.length; i += 3) s += r.data[i]; return s / (r.data.length / 3); };
    expect(mean(rb, 1) - mean(rb, 2)).toBeGreaterThan(mean(ra, 1) - mean(ra, 2));
  });
});

describe('masked tools', () => {
  const W = 320, H = 240;
  const box = { x: 90, y: 70, w: 60, h: 50 };
  const inBox = (x: number, y: number) => x >= box.x && x < box.x + box.w && y >= box.y && y < box.y + box.h;
  const farOut = (x: number, y: number) => x < box.x - 8 || x >= box.x + box.w + 8 || y < box.y - 8 || y >= box.y + box.h + 8;

  it('object remover changes the masked region, leaves the rest byte-identical, and fills with surrounding colours', async () => {
    const src = await makePicture(join(t.dir, 'obj.png'), W, H);
    // a black object inside the box
    const withObj = join(t.dir, 'obj-in.png');
    await sharp(src).composite([{ input: { create: { width: 30, height: 30, channels: 3, background: '#000' } }, left: 105, top: 80 }]).png().toFile(withObj);
    const r = await engine.run(job('object_remover', { regions: [box] }, [withObj]), ctx());
    const [before, after] = await Promise.all([rgb(withObj), rgb(r.outputs[0].path)]);
    expect(after.width).toBe(W);
    expect(meanDiff(before, after, inBox)).toBeGreaterThan(15);
    expect(meanDiff(before, after, farOut)).toBe(0);
    // no black left where the object was
    let dark = 0;
    for (let y = 82; y < 108; y++) for (let x = 107; x < 133; x++) { const p = (y * W + x) * 3; if (after.data[p] + after.data[p + 1] + after.data[p + 2] < 60) dark++; }
    expect(dark).toBe(0);
    expect(r.metadata.note).toMatch(/no generative model ran/);
  });

  it('object remover reads a mask image', async () => {
    const src = await makePicture(join(t.dir, 'obj2.png'), W, H);
    const mask = join(t.dir, 'mask.png');
    await sharp({ create: { width: W, height: H, channels: 3, background: '#000' } })
      .composite([{ input: { create: { width: box.w, height: box.h, channels: 3, background: '#fff' } }, left: box.x, top: box.y }])
      .png().toFile(mask);
    const r = await engine.run(job('object_remover', {}, [src, mask]), ctx());
    const [before, after] = await Promise.all([rgb(src), rgb(r.outputs[0].path)]);
    expect(meanDiff(before, after, farOut)).toBe(0);
    expect(meanDiff(before, after, inBox)).toBeGreaterThan(1);
  });

  it('asks for an area when none is given', async () => {
    const src = await makePicture(join(t.dir, 'noarea.png'), 64, 64);
    await expect(engine.run(job('object_remover', {}, [src]), ctx())).rejects.toMatchObject({ userText: USER_TEXTS.SELECT_AREA });
  });

  it('partial redrawing recolours the area to the prompt colour and needs a prompt', async () => {
    const src = await makePicture(join(t.dir, 'redraw.png'), W, H);
    const r = await engine.run(job('partial_redrawing', { prompt: 'a red dress', regions: [box] }, [src]), ctx());
    const [before, after] = await Promise.all([rgb(src), rgb(r.outputs[0].path)]);
    expect(meanDiff(before, after, farOut)).toBe(0);
    let red = 0, n = 0;
    for (let y = box.y; y < box.y + box.h; y++) for (let x = box.x; x < box.x + box.w; x++) { const p = (y * W + x) * 3; red += after.data[p] - (after.data[p + 1] + after.data[p + 2]) / 2; n++; }
    expect(red / n).toBeGreaterThan(30);
    expect(r.metadata.note).toMatch(/recoloured it to "red"/);
    await expect(engine.run(job('partial_redrawing', { prompt: ' ', regions: [box] }, [src]), ctx())).rejects.toMatchObject({ userText: USER_TEXTS.REDRAW_PROMPT });
  });

  // issue 21 case 7: "red leather trousers" came back as salmon blotches with box edges
  it('partial redrawing blends the recoloured area into a real photo over a soft edge', async () => {
    const f = await portraitPhoto(t.dir);
    const area = { x: 60, y: 560, w: 260, h: 200 }; // the dark uniform below the badge
    const r = await engine.run(job('partial_redrawing', { prompt: 'red leather jacket', regions: [area] }, [f.path]), ctx());
    const [a, b] = await Promise.all([rgb(f.path), rgb(r.outputs[0].path)]);
    const change = (x: number, y: number) => { const p = (y * 600 + x) * 3; return Math.abs(a.data[p] - b.data[p]) + Math.abs(a.data[p + 1] - b.data[p + 1]) + Math.abs(a.data[p + 2] - b.data[p + 2]); };
    const column = (x: number) => { let s = 0; for (let y = area.y + 40; y < area.y + area.h - 40; y++) s += change(x, y); return s / (area.h - 80); };
    // a ramp across the left edge: a little changed just outside, more just inside, most well inside
    expect(column(area.x - 3)).toBeGreaterThan(3);
    expect(column(area.x - 3)).toBeLessThan(column(area.x + 2));
    expect(column(area.x + 2)).toBeLessThan(column(area.x + 20));
    expect(column(area.x - 20)).toBeLessThan(1.5); // JPEG re-encoding only
    expect(r.metadata.note).toMatch(/soft edge/);
  });

  it('text and watermark remover finds an overlaid mark by itself and removes it', async () => {
    const clean = join(t.dir, 'clean.png');
    await sharp({ create: { width: W, height: H, channels: 3, background: '#4a7fb0' } }).png().toFile(clean);
    const mark = await watermarkPng(W, H, 'SAMPLE TEXT');
    const marked = join(t.dir, 'marked.png');
    const left = 40, top = 100;
    await sharp(clean).composite([{ input: mark.png, left, top }]).png().toFile(marked);
    const r = await engine.run(job('text_watermark_remover', {}, [marked]), ctx());
    const [c, m, out] = await Promise.all([rgb(clean), rgb(marked), rgb(r.outputs[0].path)]);
    const inMark = (x: number, y: number) => x >= left && x < left + mark.width && y >= top && y < top + mark.height;
    const before = meanDiff(c, m, inMark);
    const afterD = meanDiff(c, out, inMark);
    expect(before).toBeGreaterThan(10);
    expect(afterD).toBeLessThan(before * 0.35);
    expect(meanDiff(c, out, (x, y) => !inMark(x, y) && (y < top - 12 || y > top + mark.height + 12))).toBe(0);
    expect(r.metadata.note).toMatch(/OCR/);
  });
});

describe('image extender', () => {
  it('outpaints a 4:3 picture to 16:9 keeping the original pixels', async () => {
    const src = await makePicture(join(t.dir, 'ext.png'), 320, 240);
    const r = await engine.run(job('image_extender', { ratio: '16:9' }, [src]), ctx());
    const o = r.outputs[0];
    expect(o.height).toBe(240);
    expect(Math.abs(o.width! / o.height! - 16 / 9)).toBeLessThan(0.01);
    const [a, b] = await Promise.all([rgb(src), sharp(o.path).extract({ left: Math.floor((o.width! - 320) / 2), top: 0, width: 320, height: 240 }).raw().toBuffer()]);
    expect(b.equals(a.data)).toBe(true);
    // the new side areas are not empty: they carry the picture's colours
    const full = await rgb(o.path);
    let sum = 0;
    for (let y = 0; y < 240; y++) for (let x = 0; x < 20; x++) sum += full.data[(y * full.width + x) * 3];
    expect(sum / (240 * 20)).toBeGreaterThan(20);
  });

  // issue 21 case 3: the extender mirrored people (a doubled head, a mirrored face)
  it('continues a real portrait sideways without mirroring it', async () => {
    const f = await portraitPhoto(t.dir);
    const r = await engine.run(job('image_extender', { ratio: '16:9' }, [f.path]), ctx());
    const [src, out] = await Promise.all([rgb(f.path), rgb(r.outputs[0].path)]);
    expect([out.width, out.height]).toEqual([1422, 800]);
    // the 120 px beside the picture differ clearly from the picture's own edge mirrored (a mirror: < 6)
    expect(mirrorDiff(src, out)).toBeGreaterThan(10);
    const left = (1422 - 600) / 2;
    const inner = await sharp(r.outputs[0].path).extract({ left: Math.floor(left), top: 0, width: 600, height: 800 }).removeAlpha().raw().toBuffer();
    expect(inner.equals(src.data)).toBe(true);
    expect(r.metadata.note).toMatch(/never mirrored/);
  });

  it('extends by explicit pixels per side', async () => {
    const src = await makePicture(join(t.dir, 'ext2.png'), 100, 80);
    const r = await engine.run(job('image_extender', { expand: { left: 10, right: 30, top: 0, bottom: 20 } }, [src]), ctx());
    expect([r.outputs[0].width, r.outputs[0].height]).toEqual([140, 100]);
  });
});

describe('watermark (image)', () => {
  it('draws a visible mark in the bottom-right corner only', async () => {
    const src = join(t.dir, 'plain.png');
    await sharp({ create: { width: 400, height: 300, channels: 3, background: '#808080' } }).png().toFile(src);
    const r = await engine.run(job('watermark', {}, [src]), ctx());
    const [a, b] = await Promise.all([rgb(src), rgb(r.outputs[0].path)]);
    expect(meanDiff(a, b, (x, y) => x > 300 && y > 260)).toBeGreaterThan(5);
    expect(meanDiff(a, b, (x, y) => x < 200 && y < 200)).toBe(0);
  });
});

describe('sensitive checks', () => {
  it('text: flags listed terms (also spelt with tricks) and passes ordinary prompts', async () => {
    const bad = await engine.run(job('t_sensitive_detect', { prompt: 'a N4KED woman, p0rn style' }), ctx());
    const ok = await engine.run(job('t_sensitive_detect', { prompt: 'a killer whale jumping in the sea at sunset' }), ctx());
    const d1 = bad.metadata.data as Extract<EngineData, { kind: 'moderation' }>;
    const d2 = ok.metadata.data as Extract<EngineData, { kind: 'moderation' }>;
    expect(d1.passed).toBe(false);
    expect(d1.flagged).toEqual(expect.arrayContaining(['naked', 'porn']));
    expect(bad.metadata.note).toContain(USER_TEXTS.NON_COMPLIANT);
    expect(d2.passed).toBe(true);
  });

  it('image: says plainly that no classifier ran', async () => {
    const src = await makePicture(join(t.dir, 'chk.png'), 64, 48);
    const r = await engine.run(job('i_sensitive_detect', {}, [src]), ctx());
    expect(r.metadata.note).toMatch(/No image classifier model is available/);
    expect(r.metadata.data).toMatchObject({ kind: 'moderation', passed: true, checks: ['decodes as png 64x48'] });
    const junk = join(t.dir, 'junk.png');
    require('node:fs').writeFileSync(junk, 'not an image');
    await expect(engine.run(job('i_sensitive_detect', {}, [junk]), ctx())).rejects.toMatchObject({ userText: USER_TEXTS.FORMAT_UNSUPPORTED });
  });
});

describe('models on tfjs wasm', () => {
  it('image enhancer upscales 2x with ESRGAN and adds detail beyond a plain resize', async () => {
    const src = join(t.dir, 'small.png');
    await sharp(await makePicture(join(t.dir, 'small-src.png'), 96, 64)).png().toFile(src);
    const c = ctx();
    const r = await engine.run(job('image_enhancer', { scale: 2 }, [src]), c);
    expect(r.outputs[0]).toMatchObject({ width: 192, height: 128 });
    expect(r.metadata.engine).toBe('local:esrgan');
    expect(r.metadata.model).toMatch(/esrgan-slim 2x/);
    // close to the picture, but not the same as a bicubic resize
    const up = await rgb(r.outputs[0].path);
    const bicubic = await sharp(src).resize(192, 128, { kernel: 'cubic' }).removeAlpha().raw().toBuffer();
    const d = meanDiff(up, { data: bicubic }, () => true);
    expect(d).toBeGreaterThan(0.2);
    expect(d).toBeLessThan(25);
    expect(c.progress.some((p) => p > 0 && p < 100)).toBe(true);
  });

});
