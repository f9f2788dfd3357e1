/** Zoom, rotation and group navigation of the image preview (spec section 2: zoom 0.25 to 4, step 0.2). */
export const PREVIEW_MIN_ZOOM = 0.25;
export const PREVIEW_MAX_ZOOM = 4;
const PREVIEW_ZOOM_STEP = 0.2;

const round = (value: number) => Math.round(value * 100) / 100;

export function clampZoom(zoom: number): number {
  return round(Math.min(PREVIEW_MAX_ZOOM, Math.max(PREVIEW_MIN_ZOOM, zoom)));
}

export function zoomIn(zoom: number): number {
  return clampZoom(zoom + PREVIEW_ZOOM_STEP);
}

export function zoomOut(zoom: number): number {
  return clampZoom(zoom - PREVIEW_ZOOM_STEP);
}

/** Quarter turns, kept in 0..270. */
export function rotate(degrees: number, direction: 1 | -1): number {
  return (((degrees + 90 * direction) % 360) + 360) % 360;
}

/** The next index in the group, staying at the ends. */
export function step(index: number, count: number, direction: 1 | -1): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, index + direction));
}
