/**
 * Each tool's price in one line for the tools list, from the tasks module's own quote() (the numbers a task
 * is really charged) on a reference input: one picture, 10 s of video, 1 s of speech, a minute of audio.
 */
import type { MediaObject } from '../storage/media.js';
import { resolveAlgorithm } from '../algorithms/catalog.js';
import { DEFAULT_PLAN_RULES, quote } from '../tasks/pricing.js';

export function priceRuleOf(algorithm: string): string {
  const resolved = resolveAlgorithm(algorithm);
  if (!resolved) return '';
  const at = new Date();
  const q = (level: 'free' | 'standard', seconds: number, media: 'video' | 'audio') =>
    quote({ resolved, params: {}, inputs: seconds ? [{ duration: seconds, media } as MediaObject] : [], level, usedSecondsThisMonth: 0, at, rules: DEFAULT_PLAN_RULES });
  const plural = (n: number) => `${n} credit${n === 1 ? '' : 's'}`;
  const rule = resolved.spec.duration.from;
  if (resolved.id === 'effect') {
    const paid = q('standard', 5, 'video');
    return `${plural(q('free', 5, 'video').cost)} an effect${paid.cost === 0 ? '; free with Standard and Premium' : ''}`;
  }
  if (resolved.id === 'audio_noise_reduction' || resolved.id === 'audio_vocal_removal') {
    const inc = DEFAULT_PLAN_RULES.includedAudioMinutes;
    return `${inc.standard} min a month with Standard, ${inc.premium} with Premium; then ${plural(q('free', 60, 'audio').cost)} a minute`;
  }
  if (rule === 'speech') return `${plural(q('free', 1, 'audio').cost)} a second of video`;
  if (rule === 'input') return `${plural(q('free', 10, 'video').cost)} per 10 s of video`;
  return `${plural(q('free', 0, 'video').cost)} an image`;
}
