/**
 * The one interface every generation engine implements. The API and the worker build EngineJobs from
 * tasks; the registry picks the engine configured for the job's algorithm.
 */
/** The algorithm ids, media kinds and each algorithm's params are the contract's (shared-contracts/algorithms): the params type is read from the catalogue's settings. */
import type { AlgorithmId, AlgorithmParams, MediaKind } from 'shared-contracts/algorithms';

export { ALGORITHM_IDS, type AlgorithmId, type AlgorithmParams, type MediaKind, type Region } from 'shared-contracts/algorithms';

/** Output size by its short side; without it the section 2 ratio table size is used. */
export type VideoResolution = NonNullable<AlgorithmParams['text2video']['resolution']>;

export type CameraMotion = NonNullable<AlgorithmParams['text2video']['motion']>;

export interface EngineJob<A extends AlgorithmId = AlgorithmId> {
  taskId: string;
  algorithm: A;
  params: AlgorithmParams[A];
  /** local file paths, in the order of the algorithm's input list */
  inputs: string[];
}

export interface EngineContext {
  /** a folder the engine may write its outputs into (it exists) */
  workDir: string;
  /** 0 to 100 */
  onProgress(pct: number, note?: string): void;
  signal: AbortSignal;
}

export interface EngineOutput {
  path: string;
  media: MediaKind;
  width?: number;
  height?: number;
  /** seconds */
  duration?: number;
  mime: string;
}

export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface FaceLandmarks {
  box: FaceBox;
  score: number;
  /** the 68 points of the iBUG 300-W layout, in input pixels */
  landmarks: [number, number][];
}

/** Structured answers of the algorithms that judge rather than make media. */
export type EngineData =
  | { kind: 'faces'; faces: FaceLandmarks[]; width: number; height: number }
  | {
      kind: 'moderation';
      passed: boolean;
      /** the checks that actually ran */
      checks: string[];
      /** words or reasons that failed the input */
      flagged: string[];
    };

export interface EngineMetadata {
  engine: `local:${string}` | 'comfyui';
  model?: string;
  /** plain words on what made the result; says so when no generative model ran */
  note: string;
  data?: EngineData;
  /** what the output shows, in a few words, where it is not the prompt's subject (a procedural preview's scene) */
  caption?: string;
}

export interface EngineResult {
  outputs: EngineOutput[];
  metadata: EngineMetadata;
}

export interface Engine {
  readonly name: string;
  /** whether this engine can run the algorithm at all */
  supports(algorithm: AlgorithmId): boolean;
  run(job: EngineJob, ctx: EngineContext): Promise<EngineResult>;
  /** release models, sockets and child processes */
  close?(): Promise<void>;
}
