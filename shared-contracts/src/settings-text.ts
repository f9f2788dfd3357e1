/**
 * How a creation's settings read to a person (an explore item's detail, a task's notes): each setting a
 * name ('Camera motion', not 'motion') and its value in words ('Zoom out', not 'zoom_out'; '60%', not 0.6).
 * The creation screen's own choices use the same words (MOTION_LABELS).
 */
import type { TaskField } from './task-entities.js';

/** The camera moves of the video modes. */
export const MOTION_LABELS: Readonly<Record<string, string>> = {
  auto: 'Auto',
  zoom_in: 'Zoom in',
  zoom_out: 'Zoom out',
  pan_left: 'Pan left',
  pan_right: 'Pan right',
  pan_up: 'Pan up',
  pan_down: 'Pan down',
};

const SETTING_LABELS: Readonly<Record<string, string>> = {
  ratio: 'Aspect ratio',
  duration: 'Duration',
  resolution: 'Resolution',
  motion: 'Camera motion',
  num: 'Quantity',
  strength: 'Strength',
  style: 'Style',
  effect: 'Effect',
  lyrics: 'Lyrics',
  audio: 'Soundtrack',
  end_frame: 'End frame',
};

/** Not settings a person reads: the prompt has its own place; seeds, files and cover art are machinery. */
const NOT_SHOWN: ReadonlySet<string> = new Set(['prompt', 'seed', 'file_path', 'end_frame_path', 'file_paths', 'styleCoverLink']);

/** 'zoom_out' -> 'Zoom out', 'styleName' -> 'Style name'. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : key;
}

function valueText(field: string, val: TaskField['val'] | null | undefined): string {
  if (typeof val === 'boolean') return val ? 'On' : 'Off';
  if (field === 'duration' && typeof val === 'number') return `${val} s`;
  if (field === 'strength' && typeof val === 'number') return `${Math.round(val <= 1 ? val * 100 : val)}%`;
  if (field === 'motion') return MOTION_LABELS[String(val)] ?? humanize(String(val));
  if (field === 'ratio' && val === 'original') return 'Original shape';
  const text = String(val);
  // an id ('zoom_out', 'neon_glow') reads as words; free text (a style's label, lyrics) stays as it is
  return /^[a-z0-9]+(?:_[a-z0-9]+)+$/.test(text) || text === 'on' ? humanize(text) : text;
}

/** The settings of a creation as a person reads them, in their order, without the ones nobody reads. */
export function settingsText(fields: readonly TaskField[]): { field: string; label: string; value: string }[] {
  return fields
    .filter((item) => !NOT_SHOWN.has(item.field) && item.val !== '' && item.val !== null && item.val !== undefined)
    .map((item) => ({ field: item.field, label: SETTING_LABELS[item.field] ?? humanize(item.field), value: valueText(item.field, item.val) }));
}
