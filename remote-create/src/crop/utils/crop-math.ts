/** The bounds math of the image crop modal (spec section 5, crop). Pure functions, tested beside. */

/** images are downscaled so their longest side is at most this (or the smaller maximum given) */
const CROP_MAX_SIZE = 2000;
/** minimum crop width, in pixels on screen */
export const MIN_CROP_WIDTH = 40;
/** the default crop area, in pixels on screen at the fit zoom */
const DEFAULT_CROP_SIZE = 412;
/** zoom runs from fit to this many times fit */
const ZOOM_MAX_FACTOR = 5;
/** the slider has ten steps over the zoom range */
const ZOOM_STEPS = 10;
/** one wheel tick or pinch step changes the scale by this much */
const WHEEL_STEP = 0.2;
const DEFAULT_MIN_RATIO = 0.01;
const DEFAULT_MAX_RATIO = 100;

export interface AspectChoice {
  label: string;
  /** width / height */
  value: number;
}

const ASPECT_CHOICES: readonly AspectChoice[] = [
  { label: '16:9', value: 16 / 9 },
  { label: '9:16', value: 9 / 16 },
  { label: '1:1', value: 1 },
  { label: '4:3', value: 4 / 3 },
  { label: '3:4', value: 3 / 4 },
];

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ZoomRange {
  min: number;
  max: number;
  step: number;
}

/** The longest side allowed: 2000, or the given maximum when it is smaller. */
export function maxSideOf(maxSize?: number): number {
  return maxSize && maxSize > 0 ? Math.min(maxSize, CROP_MAX_SIZE) : CROP_MAX_SIZE;
}

/** The size the image is worked on at: unchanged when it fits, else scaled down keeping its ratio. */
export function downscaleSize(width: number, height: number, maxSize?: number): Size {
  const limit = maxSideOf(maxSize);
  const longest = Math.max(width, height);
  if (longest <= limit) return { width, height };
  const factor = limit / longest;
  return {
    width: Math.max(1, Math.round(width * factor)),
    height: Math.max(1, Math.round(height * factor)),
  };
}

/** The aspect choices to offer: none in multiple mode, else those inside [minRatio, maxRatio]. */
export function aspectChoicesFor(minRatio = DEFAULT_MIN_RATIO, maxRatio = DEFAULT_MAX_RATIO, multiple = false): AspectChoice[] {
  if (multiple) return [];
  const EPS = 1e-9;
  return ASPECT_CHOICES.filter((choice) => choice.value >= minRatio - EPS && choice.value <= maxRatio + EPS);
}

/** The scale at which the whole image fits the viewport. */
export function fitScale(image: Size, viewport: Size): number {
  if (image.width <= 0 || image.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return 1;
  return Math.min(viewport.width / image.width, viewport.height / image.height);
}

/** Zoom from fit to five times fit, the step a tenth of that range. */
export function zoomRange(fit: number): ZoomRange {
  const min = fit;
  const max = fit * ZOOM_MAX_FACTOR;
  return { min, max, step: (max - min) / ZOOM_STEPS };
}

export function clampScale(scale: number, range: ZoomRange): number {
  return Math.min(range.max, Math.max(range.min, scale));
}

/** One wheel tick (or pinch step): scrolling up or spreading zooms in by 0.2, the other way out. */
export function wheelScale(scale: number, deltaY: number, range: ZoomRange): number {
  if (deltaY === 0) return scale;
  return clampScale(scale + (deltaY < 0 ? WHEEL_STEP : -WHEEL_STEP), range);
}

/** Keep the width/height ratio of a crop within bounds by shrinking the side that is too long. */
export function clampRatio(rect: Rect, minRatio = DEFAULT_MIN_RATIO, maxRatio = DEFAULT_MAX_RATIO): Rect {
  if (rect.width <= 0 || rect.height <= 0) return rect;
  const ratio = rect.width / rect.height;
  if (ratio > maxRatio) return { ...rect, width: rect.height * maxRatio };
  if (ratio < minRatio) return { ...rect, height: rect.width / minRatio };
  return rect;
}

/** A crop never leaves the image: size capped by the image, position pushed back inside. */
export function clampToImage(rect: Rect, image: Size): Rect {
  const width = Math.min(Math.max(rect.width, 0), image.width);
  const height = Math.min(Math.max(rect.height, 0), image.height);
  const x = Math.min(Math.max(rect.x, 0), image.width - width);
  const y = Math.min(Math.max(rect.y, 0), image.height - height);
  return { x, y, width, height };
}

/**
 * The crop shown when the modal opens (and after restore), in image pixels: 412x412 on screen at the fit
 * zoom (shaped by the aspect when one is chosen), centred, inside the image and within the ratio bounds.
 */
export function defaultCrop(image: Size, fit: number, aspect: number | null, minRatio?: number, maxRatio?: number): Rect {
  const side = DEFAULT_CROP_SIZE / (fit > 0 ? fit : 1);
  let width = side;
  let height = side;
  if (aspect && aspect > 0) {
    if (aspect >= 1) height = side / aspect;
    else width = side * aspect;
  }
  // shrink uniformly (keeping the shape) when it is larger than the image
  const shrink = Math.min(1, image.width / width, image.height / height);
  width *= shrink;
  height *= shrink;
  const bounded = clampRatio({ x: 0, y: 0, width, height }, minRatio, maxRatio);
  return clampToImage(
    { x: (image.width - bounded.width) / 2, y: (image.height - bounded.height) / 2, width: bounded.width, height: bounded.height },
    image,
  );
}

/** A crop of the given aspect, as large as fits in the current crop's box, centred on it, inside the image. */
export function applyAspect(current: Rect, aspect: number, image: Size): Rect {
  let width = current.width;
  let height = width / aspect;
  if (height > current.height) {
    height = current.height;
    width = height * aspect;
  }
  const cx = current.x + current.width / 2;
  const cy = current.y + current.height / 2;
  return clampToImage({ x: cx - width / 2, y: cy - height / 2, width, height }, image);
}

/** Whole pixels for the canvas, still inside the image. */
export function roundRect(rect: Rect, image: Size): Rect {
  const x = Math.max(0, Math.round(rect.x));
  const y = Math.max(0, Math.round(rect.y));
  const width = Math.max(1, Math.min(Math.round(rect.width), image.width - x));
  const height = Math.max(1, Math.min(Math.round(rect.height), image.height - y));
  return { x, y, width, height };
}
