/** What the pieces of the task service share: their dependencies and the caller. */
import type { Database } from '@studio/db';
import type { MemberLevel } from '../../auth.js';
import type { Ledger } from '../credits/ledger.js';
import type { MediaObject, MediaStore } from '../storage/media.js';
import type { AlgorithmId } from '@studio/engines/types';
import type { ResolvedAlgorithm } from '../algorithms/catalog.js';
import type { EngineChoice } from './engines.js';
import type { PlanRules, Quote } from './pricing.js';
import type { TaskQueue } from './queue.js';

/** The two measures the checks before the charge need (prechecks.ts); the face check's input is a storage key. */
export interface Prechecks {
  speechSeconds(text: string, voice?: string): Promise<number>;
  videoHasFace(key: string): Promise<boolean>;
}

export interface TaskServiceDeps {
  db: Database;
  ledger: Ledger;
  media: MediaStore;
  queue: TaskQueue;
  rules: PlanRules;
  /** a hold left `held` this long is released by the API's stale-hold sweeper (last resort) */
  holdTtlMs: number;
  /** the engine an algorithm runs on, and what its ComfyUI workflow honours (default: every algorithm local) */
  engineOf?: (algorithm: AlgorithmId) => EngineChoice;
  /** the speech length and face checks before the charge (default: on the engines in this process) */
  prechecks?: Prechecks;
  now?: () => Date;
}

/** The deps with their defaults filled in, as the service's pieces get them. */
export interface ServiceCore extends Omit<TaskServiceDeps, 'now' | 'engineOf' | 'prechecks'> {
  clock: () => Date;
  engineOf: (algorithm: AlgorithmId) => EngineChoice;
  prechecks: Prechecks;
}

export interface Caller {
  uid: string;
  level: MemberLevel;
  /** the personal API key the call came through (issue 28): its name goes on the spend, its daily cap applies */
  apiKey?: { id: string; name: string };
}

/** A run checked and priced, ready to be held and queued. */
export interface Prepared {
  resolved: ResolvedAlgorithm;
  params: Record<string, unknown>;
  inputs: MediaObject[];
  quote: Quote;
}
