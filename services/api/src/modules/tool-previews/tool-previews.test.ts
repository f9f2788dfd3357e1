import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { AI_TOOLS } from 'shared-contracts/tools';
import type { Engine, EngineJob } from '@studio/engines/types';
import { detectTextRegions, readRgb, releaseOcr, watermarkPng } from '@studio/engines/vision';
import { createLocalStorage } from '../storage/local.js';
import { priceRuleOf } from './price-rule.js';
import { keyOf, PREVIEW_JOBS, renderPreview, sharedInputs } from './render.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'tool-previews-test-'));
afterAll(async () => {
  await releaseOcr();
  rmSync(dir, { recursive: true, force: true });
});

describe('tool previews', () => {
  it('every tool of the catalogue has a preview job and a price line from the real quote', () => {
    for (const tool of AI_TOOLS) expect(PREVIEW_JOBS[tool.id]).toBeDefined();
    expect(priceRuleOf('object_remover')).toBe('1 credit an image');
    expect(priceRuleOf('video_eraser')).toBe('1 credit per 10 s of video');
    expect(priceRuleOf('talking_photo')).toBe('6 credits a second of video');
    expect(priceRuleOf('audio_noise_reduction')).toBe('10 min a month with Standard, 30 with Premium; then 1 credit a minute');
    expect(priceRuleOf('effect')).toBe('1 credit an effect; free with Standard and Premium');
  });

  it('renders a preview from its generated input into storage, with its meta', async () => {
    const storage = createLocalStorage(path.join(dir, 'storage'));
    const seen: EngineJob[] = [];
    const engine: Engine = {
      name: 'test',
      supports: () => true,
      async run(job, ctx) {
        seen.push(job);
        const out = path.join(ctx.workDir, 'out.png');
        await sharp(job.inputs[0]).negate().png().toFile(out);
        return { outputs: [{ path: out, media: 'image', mime: 'image/png' }], metadata: { engine: 'local:test', note: 'negated' } };
      },
    };
    const shared = sharedInputs();
    try {
      const meta = await renderPreview('object-remover', engine, storage, shared);
      expect(seen[0].algorithm).toBe('object_remover');
      expect(seen[0].inputs).toHaveLength(2);
      expect(meta).toMatchObject({ tool: 'object-remover', media: 'image', before_media: 'image', engine: 'local:test', before: 'before.png', after: 'after.png' });
      expect((await storage.stat(keyOf('object-remover', 'after.png')))?.size).toBeGreaterThan(100);
      expect(await storage.stat(keyOf('object-remover', 'meta.json'))).not.toBeNull();
    } finally {
      rmSync(shared.dir, { recursive: true, force: true });
    }
  });

  it("finds the product's own watermark as a starting region for the text remover", async () => {
    const mark = await watermarkPng(1400, 900, 'SAMPLE WATERMARK');
    const file = path.join(dir, 'marked.png');
    const base = await sharp({ create: { width: 480, height: 320, channels: 3, background: '#6a8caf' } }).png().toBuffer();
    writeFileSync(file, await sharp(base).composite([{ input: mark.png, left: 20, top: 150 }]).png().toBuffer());
    const regions = await detectTextRegions(await readRgb(file));
    expect(regions.length).toBeGreaterThan(0);
    const union = regions.reduce((u, r) => ({ x0: Math.min(u.x0, r.x), y0: Math.min(u.y0, r.y), x1: Math.max(u.x1, r.x + r.w), y1: Math.max(u.y1, r.y + r.h) }), { x0: 1e9, y0: 1e9, x1: 0, y1: 0 });
    expect(union.y0).toBeGreaterThanOrEqual(140);
    expect(union.y1).toBeLessThanOrEqual(150 + mark.height + 20);
    expect(union.x0).toBeLessThanOrEqual(40);
  });
});
