/**
 * What the engine that will run a creation can do (the cost call's `engine`, issue 19): settings it cannot
 * honour are disabled on the screen (the server refuses them too), and a form that asks for one is brought
 * back within the engine's limits, so Generate never sends what would be refused or silently dropped.
 */
import type { EngineOffer } from 'shared-contracts';
import type { CreateForm } from './form';

export function refuses(offer: EngineOffer | null | undefined, name: string): boolean {
  return Boolean(offer?.refused?.some((setting) => setting.name === name));
}

export function allowsResolution(offer: EngineOffer | null | undefined, resolution: string): boolean {
  return !offer?.resolutions || offer.resolutions.includes(resolution);
}

export function allowsSeconds(offer: EngineOffer | null | undefined, seconds: number): boolean {
  return !offer?.max_seconds || seconds <= offer.max_seconds;
}

/** Why a choice is off, for its label ('Not with Wan 2.1 T2V 1.3B'). */
export function unavailableNote(offer: EngineOffer | null | undefined): string {
  return offer?.model ? `Not with ${offer.model}` : 'Not on this server';
}

/**
 * The change that brings the form within the engine's limits, or null when it is within them: the highest
 * allowed resolution and the longest allowed length among the screen's options, and no audio where none is made.
 */
export function fitForm(offer: EngineOffer | null | undefined, form: CreateForm, options: { resolutions?: readonly string[]; durations?: readonly number[]; musicDurations?: readonly number[] }): Partial<CreateForm> | null {
  if (!offer) return null;
  const change: Partial<CreateForm> = {};
  if (form.audio && refuses(offer, 'audio')) change.audio = false;
  if (!allowsResolution(offer, form.resolution)) {
    const allowed = (options.resolutions ?? []).filter((r) => allowsResolution(offer, r));
    if (allowed.length) change.resolution = allowed[allowed.length - 1];
  }
  const longestOf = (list?: readonly number[]) => [...(list ?? [])].filter((s) => allowsSeconds(offer, s)).pop();
  if (!allowsSeconds(offer, form.duration)) {
    const longest = longestOf(options.durations);
    if (longest !== undefined) change.duration = longest;
  }
  if (!allowsSeconds(offer, form.musicDuration)) {
    const longest = longestOf(options.musicDurations);
    if (longest !== undefined) change.musicDuration = longest;
  }
  return Object.keys(change).length ? change : null;
}
