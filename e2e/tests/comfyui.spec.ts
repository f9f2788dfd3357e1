/**
 * The GPU workers' path in the browser (issue 19): image to image runs on ComfyUI in the e2e product (a replay of
 * the real ComfyUI 0.8). Before Generate the screen names the model; the result comes back through the queue,
 * the worker and storage with the ComfyUI badge on its card and in the preview, and with its size.
 */
import { deflateSync } from 'node:zlib';
import { expect, test } from '../support/login';

/** A small PNG made here (no image library in the e2e package): a gradient, 600x400. */
function makePng(width: number, height: number): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buffer: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buffer) c = table[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) raw.set([Math.round((x * 255) / width), Math.round((y * 255) / height), 150], y * (width * 3 + 1) + 1 + x * 3);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

test('image to image on ComfyUI: the model named before Generate, the result badged', async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await page.goto('/image-to-image');
  await signIn(page, 'standard@demo.local', { goto: false });
  await page.getByTestId('image-input-source').locator('input[type=file]').setInputFiles({ name: 'street.png', mimeType: 'image/png', buffer: makePng(600, 400) });
  await page.getByRole('dialog', { name: 'User agreement' }).getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByTestId('image-input-source').getByTestId('uploaded-size')).toHaveText('Uploaded · 600 × 400 px');
  await page.getByRole('textbox', { name: 'Prompt' }).fill('the same street as a watercolour');
  await expect(page.getByTestId('engine-notice')).toHaveText('Made on ComfyUI by SDXL base 1.0.');
  await expect(page.getByTestId('preview-notice')).toHaveCount(0);
  await page.getByTestId('generate-button').click();

  const card = page.getByTestId('task-card').first();
  await expect(card).toHaveAttribute('data-status', 'success', { timeout: 90_000 });
  await expect(card.getByTestId('engine-badge')).toHaveText('ComfyUI · SDXL base 1.0');
  const picture = card.getByRole('button', { name: /Preview image 1/ });
  await picture.click();
  const preview = page.getByRole('dialog', { name: 'Image preview' });
  await expect(preview.getByTestId('engine-badge')).toHaveText('ComfyUI · SDXL base 1.0');
  const size = await preview.locator('img').first().evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
  expect(size.width).toBeGreaterThan(0);
  expect(size.width / size.height).toBeCloseTo(600 / 400, 1);
});
