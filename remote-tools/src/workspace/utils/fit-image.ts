/**
 * Phone photos larger than the upload limit (a 12 MP 4032x3024 picture) are scaled down in the browser to fit
 * it before they are uploaded, rather than refused (issue 21); the crop step does the same at 2000 px. Only a
 * picture that cannot be made to fit (its short side would fall under the minimum) keeps the spec's refusal.
 */
import type { ImageLimit } from 'shared-contracts/upload-limits';

/** The size a picture scales to so both sides fit the limit, or null when it already fits. */
export function fitSize(width: number, height: number, limit: Pick<ImageLimit, 'maxLong' | 'maxShort'>): { width: number; height: number } | null {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  const scale = Math.min(1, limit.maxLong / long, limit.maxShort / short);
  if (scale >= 1) return null;
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) };
}

/** What the upload area says after scaling. */
export function scaledText(from: { width: number; height: number }, to: { width: number; height: number }, limit: Pick<ImageLimit, 'maxLong' | 'maxShort'>): string {
  return `Your ${from.width}x${from.height} photo was scaled to ${to.width}x${to.height} to fit the ${limit.maxLong}*${limit.maxShort} limit.`;
}

/** Draws the picture at `size` and encodes it as the file's own kind (JPEG at 0.92 for JPEG and WEBP photos). */
async function scaleImageFile(url: string, file: File, size: { width: number; height: number }): Promise<File> {
  const img = new Image();
  img.src = url;
  await img.decode();
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas getContext fail');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(img, 0, 0, size.width, size.height);
  const type = file.type === 'image/png' ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.92));
  if (!blob) throw new Error('canvas toBlob fail');
  const name = type === 'image/jpeg' ? file.name.replace(/\.(png|webp|jpe?g)$/i, '') + '.jpg' : file.name;
  return new File([blob], name, { type });
}

/**
 * A picked photo made to fit the limit: the scaled file, its new size and what to tell the user; null when it
 * fits already or cannot be made to fit (then the spec's refusal applies).
 */
export async function fitPhoto(url: string, file: File, meta: { width?: number; height?: number }, limit: ImageLimit): Promise<{ file: File; meta: { width: number; height: number }; note: string } | null> {
  if (!meta.width || !meta.height) return null;
  const fit = fitSize(meta.width, meta.height, limit);
  if (!fit || Math.min(fit.width, fit.height) < limit.minSide) return null;
  const scaled = await scaleImageFile(url, file, fit).catch(() => null);
  if (!scaled) return null;
  return { file: scaled, meta: fit, note: scaledText({ width: meta.width, height: meta.height }, fit, limit) };
}
