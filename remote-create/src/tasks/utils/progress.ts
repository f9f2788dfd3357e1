/**
 * The progress modal curve of spec section 4, used where the server gives no figure: it starts at 0 and
 * each second adds 4 below 20, 1 below 50, 0.5 below 80 and 0.01 below 99, capped at 99; success jumps to
 * 100. Shown values are clamped to 0-100 and rounded (section 5).
 */
import { PROGRESS_CAP } from 'shared-contracts';

/** One tick (one second) of the curve. */
export function nextProgress(value: number): number {
  let step: number;
  if (value < 20) step = 4;
  else if (value < 50) step = 1;
  else if (value < 80) step = 0.5;
  else if (value < PROGRESS_CAP) step = 0.01;
  else return PROGRESS_CAP;
  return Math.min(PROGRESS_CAP, value + step);
}

/** The curve after a number of whole seconds, without iterating (5 s to 20, 35 s to 50, 95 s to 80). */
export function progressAfter(seconds: number): number {
  const s = Math.max(0, Math.floor(seconds));
  if (s <= 5) return 4 * s;
  if (s <= 35) return 20 + (s - 5);
  if (s <= 95) return 50 + 0.5 * (s - 35);
  return Math.min(PROGRESS_CAP, 80 + 0.01 * (s - 95));
}

/** Progress as shown: clamped to 0-100 and rounded. */
export function displayProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.max(0, Math.min(100, value)));
}
