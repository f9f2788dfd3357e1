/**
 * What the API finds out about a run before it quotes and holds credits (issue 21): how long a typed script
 * lasts when spoken (the talking tools are priced by the speech's real length, not by a word count), and
 * whether a lip-sync video shows a face at all (a clip without one is refused before the charge instead of
 * failing after a render). The speech and the face detection run on the worker as analysis jobs
 * (queuedPrechecks, the API's request path); localPrechecks runs them in this process (tests, benches).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import { asUserFailure, type AnalysisClient } from '../../analysis/queue.js';
import { ApiFailure } from '../../http.js';
import type { StorageAdapter } from '../storage/adapter.js';
import type { MediaObject } from '../storage/media.js';
import type { ResolvedAlgorithm } from '../algorithms/catalog.js';
import type { Prechecks, ServiceCore } from './service-types.js';

/** As analysis jobs on the worker, each awaited at most `waitMs` (then the spec's processing failure). */
export function queuedPrechecks(analysis: AnalysisClient, waitMs: number): Prechecks {
  return {
    speechSeconds: (text, voice) =>
      analysis.run('speech-seconds', voice ? { text, voice } : { text }, waitMs).then(
        (answer) => answer.seconds,
        (error: unknown) => Promise.reject(asUserFailure(error)),
      ),
    videoHasFace: (key) =>
      analysis.run('video-face', { key }, waitMs).then(
        (answer) => answer.face,
        (error: unknown) => Promise.reject(asUserFailure(error)),
      ),
  };
}

/** On the engines in this process. */
export function localPrechecks(storage: Pick<StorageAdapter, 'downloadTo'>): Prechecks {
  return {
    async speechSeconds(text, voice) {
      const { speechSeconds } = await import('@studio/engines/speech');
      return speechSeconds(text, voice);
    },
    async videoHasFace(key) {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'lip-sync-face-'));
      try {
        const file = path.join(dir, 'video');
        await storage.downloadTo(key, file);
        const { videoHasFace } = await import('@studio/engines/vision');
        return await videoHasFace(file);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The spoken script as a priced input (an audio track of its real length), or none. */
export async function spokenTrack(core: Pick<ServiceCore, 'prechecks'>, resolved: ResolvedAlgorithm, params: Record<string, unknown>, inputs: MediaObject[]): Promise<MediaObject[]> {
  if (resolved.spec.duration.from !== 'speech' || inputs.some((o) => o.media === 'audio')) return [];
  const text = String(params.text ?? '').trim();
  if (!text) return [];
  const seconds = await core.prechecks.speechSeconds(text, typeof params.voice === 'string' ? params.voice : undefined);
  return [{ media: 'audio', duration: seconds } as MediaObject];
}

/** Refuses a lip sync whose video shows no face, before anything is held. */
export async function requireFace(core: Pick<ServiceCore, 'prechecks'>, resolved: ResolvedAlgorithm, inputs: MediaObject[]): Promise<void> {
  if (resolved.id !== 'lip_sync' || inputs[0]?.media !== 'video') return;
  if (!(await core.prechecks.videoHasFace(inputs[0].path))) throw new ApiFailure(422, API_CODES.BAD_REQUEST, USER_TEXTS.NO_FACE);
}
