/**
 * The area an edit works on, as the inpainting graph reads it: one white-on-black PNG at the picture's own
 * size (LoadImageMask, red channel). The product sends the area as a brush mask (white on black, or opaque on
 * transparent) and/or rectangles; the local engine's reading of both (loadMask) makes the one mask ComfyUI
 * gets, so an area means the same on either engine, and an empty one is refused before anything is queued.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { ALGORITHMS } from 'shared-contracts/algorithms';
import { loadMask } from '../local/image/raw';
import type { EngineJob, Region } from '../types';

/** Whether an algorithm's second input is an area mask (the inpainting tools). */
export function takesArea(job: EngineJob): boolean {
  return ALGORITHMS[job.algorithm].inputs[1]?.kinds.includes('mask') ?? false;
}

/** The job's inputs with the area drawn as the second: [picture, mask.png]. */
export async function withAreaMask(job: EngineJob, workDir: string): Promise<string[]> {
  const [picture, brush] = job.inputs;
  // its size as shown (after its EXIF rotation, which ComfyUI's LoadImage applies too)
  const { info } = await sharp(picture).rotate().raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  const regions = (job.params as { regions?: Region[] }).regions;
  const mask = await loadMask(width, height, brush, regions);
  const path = join(workDir, `${job.taskId.replace(/[^A-Za-z0-9_-]/g, '_')}-area.png`);
  await sharp(Buffer.from(mask), { raw: { width, height, channels: 1 } }).png().toFile(path);
  return [picture, path];
}
