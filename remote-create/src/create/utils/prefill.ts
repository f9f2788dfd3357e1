/**
 * 'Make the same' (exploreId) and 'Go create' (tplId): the settings of an explore item or a template as a
 * change to a creation form. Only values the screen offers are taken; anything else keeps the default.
 */
import { ASPECT_RATIOS, BATCH_COUNTS, type AspectRatio, type CreateMode, type TaskField } from 'shared-contracts';
import type { CreateForm } from './form';
import { EFFECTS, MODES, MUSIC_DURATION, MUSIC_STYLES, type EffectId } from './modes';

function value(settings: readonly TaskField[], field: string): string | undefined {
  const found = settings.find((item) => item.field === field);
  return found === undefined ? undefined : String(found.val);
}

export function formFromSettings(mode: CreateMode, settings: readonly TaskField[], prompt?: string): Partial<CreateForm> {
  const spec = MODES[mode];
  const change: Partial<CreateForm> = {};
  const text = (prompt ?? value(settings, 'prompt') ?? '').trim();
  if (text) {
    if (mode === 'text-to-music') change.musicPrompt = text;
    else if (spec.prompt) change.prompt = text;
  }
  const ratio = value(settings, 'ratio');
  if (spec.ratio && ratio && ASPECT_RATIOS.some((r) => r.ratio === ratio)) change.ratio = ratio as AspectRatio;
  const duration = Number(value(settings, 'duration'));
  if (mode === 'text-to-music') {
    if (MUSIC_DURATION.options.includes(duration)) change.musicDuration = duration;
    const style = MUSIC_STYLES.find((item) => item.id === value(settings, 'style'));
    if (style) change.musicStyle = style.id;
  }
  else if (spec.duration?.options.includes(duration)) change.duration = duration;
  const resolution = value(settings, 'resolution');
  if (resolution && spec.resolution?.options.includes(resolution)) change.resolution = resolution;
  const motion = value(settings, 'motion');
  if (motion && spec.motion?.options.includes(motion)) change.motion = motion;
  const num = Number(value(settings, 'num'));
  if (spec.quantity && (BATCH_COUNTS as readonly number[]).includes(num)) change.quantity = num;
  const effect = value(settings, 'effect');
  if (spec.effect && effect && EFFECTS.some((e) => e.id === effect)) change.effect = effect as EffectId;
  return change;
}
