import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError } from '../../errors';
import { probeMedia, type ProbedMedia } from '../../media/probe';
import type { AlgorithmParams, EngineContext, EngineJob } from '../../types';

export type Job<A extends keyof AlgorithmParams> = EngineJob<A>;

/** frames per second of every video the local engine makes */
export const FPS = 25;

/** ffmpeg's progress (0..1) as the task's, between `from` and `to` percent */
export function progress(ctx: EngineContext, from = 0, to = 100) {
  return (f: number) => ctx.onProgress(from + (to - from) * f);
}

/** The probe of an input that must be a video (anything else: the format is not supported). */
export async function requireVideo(path: string): Promise<ProbedMedia> {
  const p = await probeMedia(path).catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  if (p.media !== 'video') throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, `expected a video, got ${p.media}`);
  return p;
}
