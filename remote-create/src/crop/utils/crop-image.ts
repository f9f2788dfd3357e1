/** Canvas work of the crop modal: load, downscale, cut. Every canvas failure is 'canvas getContext fail'. */
import { USER_TEXTS } from 'shared-contracts';
import { downscaleSize, type Rect, type Size } from './crop-math';

export interface WorkingImage extends Size {
  /** object URL of the image at its working size */
  src: string;
  /** the type the crop is written in (png and webp keep theirs, the rest become jpeg) */
  type: string;
  release(): void;
}

export class CanvasError extends Error {
  constructor() {
    super(USER_TEXTS.CANVAS_FAIL);
    this.name = 'CanvasError';
  }
}

export function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  let context: CanvasRenderingContext2D | null = null;
  try {
    context = canvas.getContext('2d');
  } catch {
    context = null;
  }
  if (!context) throw new CanvasError();
  return context;
}

export function outputType(type: string): string {
  return type === 'image/png' || type === 'image/webp' ? type : 'image/jpeg';
}

export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

function canvasToBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new CanvasError())), type, 0.92);
  });
}

/** Reads the file and, when its longest side is above the limit, redraws it at the working size. */
export async function prepareWorkingImage(file: Blob, maxSize?: number): Promise<WorkingImage> {
  const type = outputType(file.type);
  const originalUrl = URL.createObjectURL(file);
  try {
    const image = await loadImage(originalUrl);
    const size = downscaleSize(image.naturalWidth, image.naturalHeight, maxSize);
    if (size.width === image.naturalWidth && size.height === image.naturalHeight) {
      return { src: originalUrl, type, ...size, release: () => URL.revokeObjectURL(originalUrl) };
    }
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = context2d(canvas);
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, size.width, size.height);
    const blob = await canvasToBlob(canvas, type);
    URL.revokeObjectURL(originalUrl);
    const src = URL.createObjectURL(blob);
    return { src, type, ...size, release: () => URL.revokeObjectURL(src) };
  } catch (error) {
    URL.revokeObjectURL(originalUrl);
    throw error;
  }
}

/** Cuts `rect` (image pixels of the working image) out of the loaded working image. */
export async function cropToBlob(image: HTMLImageElement, rect: Rect, type: string): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = rect.width;
  canvas.height = rect.height;
  const context = context2d(canvas);
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, rect.width, rect.height);
  return canvasToBlob(canvas, type);
}
