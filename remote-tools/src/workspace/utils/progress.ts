/**
 * The progress modal curve of spec section 4: from 0, each second adds 4 below 20, 1 below 50, 0.5 below
 * 80 and 0.01 below 99, capped at 99; success jumps to 100. Shown clamped to 0-100 and rounded (section 5).
 */
import { PROGRESS_CAP } from 'shared-contracts';

export function nextProgress(value: number): number {
  if (value >= PROGRESS_CAP) return PROGRESS_CAP;
  const step = value < 20 ? 4 : value < 50 ? 1 : value < 80 ? 0.5 : 0.01;
  return Math.min(PROGRESS_CAP, value + step);
}

export function displayProgress(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.max(0, Math.min(100, value)));
}
