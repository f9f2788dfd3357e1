/**
 * What the API finds out about a run before it quotes and holds credits (issue 21): how long a typed script
 * lasts when spoken (the talking tools are priced by the speech's real length, not by a word count), and
 * whether a lip-sync video shows a face at all (a clip without one is refused before the charge instead of
 * failing after a render).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import { ApiFailure } from '../../http.js';
import type { MediaObject } from '../storage/media.js';
import type { ResolvedAlgorithm } from '../algorithms/catalog.js';
import type { ServiceCore } from './service-types.js';

/** The spoken script as a priced input (an audio track of its real length), or none. */
export async function spokenTrack(resolved: ResolvedAlgorithm, params: Record<string, unknown>, inputs: MediaObject[]): Promise<MediaObject[]> {
  if (resolved.spec.duration.from !== 'speech' || inputs.some((o) => o.media === 'audio')) return [];
  const text = String(params.text ?? '').trim();
  if (!text) return [];
  const { speechSeconds } = await import('@studio/engines/local/audio/speech');
  const seconds = await speechSeconds(text, typeof params.voice === 'string' ? params.voice : undefined);
  return [{ media: 'audio', duration: seconds } as MediaObject];
}

/** Refuses a lip sync whose video shows no face, before anything is held. */
export async function requireFace(core: ServiceCore, resolved: ResolvedAlgorithm, inputs: MediaObject[]): Promise<void> {
  if (resolved.id !== 'lip_sync' || inputs[0]?.media !== 'video') return;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'lip-sync-face-'));
  try {
    const file = path.join(dir, 'video');
    await core.media.storage.downloadTo(inputs[0].path, file);
    const { videoHasFace } = await import('@studio/engines/local/video/talking');
    if (!(await videoHasFace(file))) throw new ApiFailure(422, API_CODES.BAD_REQUEST, USER_TEXTS.NO_FACE);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
