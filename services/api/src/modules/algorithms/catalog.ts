/**
 * The algorithms the task calls accept: the engines' catalogue (services/engines/src/algorithms.ts: ids,
 * aliases, groups; this module adds none of its own), and the calls handled without an engine run
 * (watermark_download). `watermark` stays internal: the worker applies it to free-plan outputs.
 */
import { ALGORITHM_ALIASES, ALGORITHMS, GENERATIVE_ALGORITHMS, isAlgorithm, type AlgorithmSpec } from 'shared-contracts/algorithms';
import type { AlgorithmId } from '@studio/engines/types';

export type Lane = 'video' | 'image' | 'audio' | 'check';

;

const INTERNAL: ReadonlySet<string> = new Set(['watermark']);

export const WATERMARK_DOWNLOAD = 'watermark_download';
/** uploads for /v1/ai/prompt/img2prompt */
export const IMG2PROMPT = 'img2prompt';

export interface ResolvedAlgorithm {
  /** as the client named it */
  name: string;
  id: AlgorithmId;
  spec: AlgorithmSpec;
  lane: Lane;
}

export function resolveAlgorithm(name: string): ResolvedAlgorithm | null {
  // own keys only: 'constructor' or '__proto__' must not find Object.prototype's members
  const id = isAlgorithm(name) ? name : Object.hasOwn(ALGORITHM_ALIASES, name) ? ALGORITHM_ALIASES[name] : undefined;
  if (!id || INTERNAL.has(id)) return null;
  const spec = ALGORITHMS[id];
  return { name, id, spec, lane: spec.category };
}

/** Generation (AI) algorithms answer 'Generation failed...' texts; tools 'Processing failed...'. */
export const GENERATIVE: ReadonlySet<AlgorithmId> = GENERATIVE_ALGORITHMS;

