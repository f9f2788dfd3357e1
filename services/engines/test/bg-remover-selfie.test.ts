import { join } from 'node:path';
import sharp from 'sharp';
import { ctxFor, engine, job, tempDir } from './helpers';

// An operator who does not take the AGPL ISNet weights starts the engines with ENGINE_BG_MODEL=selfie. The
// engines read their settings once, at their first use (settings.ts), so the setting is in place before any run
// of this file, as it is in a started process (a test file is a module registry of its own).
process.env.ENGINE_BG_MODEL = 'selfie';

const t = tempDir('bg-selfie');
afterAll(() => t.cleanup());
const ctx = () => ctxFor(t.dir);

describe('background remover without the ISNet weights', () => {
  it('with ENGINE_BG_MODEL=selfie (no AGPL weights) the background remover falls back to a border-colour matte for an object on a plain background', async () => {
    const src = join(t.dir, 'product.png');
    await sharp({ create: { width: 200, height: 160, channels: 3, background: '#f4f4f4' } })
      .composite([{ input: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><circle cx="40" cy="40" r="38" fill="#d35400"/></svg>'), left: 60, top: 40 }])
      .png().toFile(src);
    const r = await engine.run(job('bg_remover', {}, [src]), ctx());
    const { data } = await sharp(r.outputs[0].path).raw().toBuffer({ resolveWithObject: true });
    expect(data[(10 * 200 + 10) * 4 + 3]).toBeLessThan(20);
    expect(data[(80 * 200 + 100) * 4 + 3]).toBeGreaterThan(235);
    expect(r.metadata.note).toMatch(/border-colour/);
  });
});
