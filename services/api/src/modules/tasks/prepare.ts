/**
 * Before a run is held and queued: the payload checked against the engines' catalogue, the plan's rights
 * applied, the inputs proven to be the caller's own, the cost quoted, and the storage quota checked. Also
 * the cost call, which quotes without a payload.
 */
import { randomInt } from 'node:crypto';
import { API_CODES, USER_TEXTS, type TaskCostResponse } from 'shared-contracts';
import { ApiFailure, fail } from '../../http.js';
import type { MediaObject } from '../storage/media.js';
import { storageFull } from '../storage/index.js';
import { GENERATIVE, WATERMARK_DOWNLOAD, resolveAlgorithm, type ResolvedAlgorithm } from '../algorithms/catalog.js';
import { refusalFor } from '@studio/engines/comfyui';
import { engineOffer } from './engines.js';
import { checkPayload } from './params.js';
import { requireFace, spokenTrack } from './prechecks.js';
import { AUDIO_TOOLS, applyEntitlements, quote } from './pricing.js';
import type { Caller, Prepared, ServiceCore } from './service-types.js';
import { holdsPaidCredits, trialsOf, usedSeconds } from './usage.js';

async function ownedInputs(core: ServiceCore, uid: string, resolved: ResolvedAlgorithm, paths: string[]): Promise<MediaObject[]> {
  const objects: MediaObject[] = [];
  for (const [index, path] of paths.entries()) {
    const object = await core.media.owned(uid, path);
    if (!object) throw new ApiFailure(404, API_CODES.NOT_FOUND, `${USER_TEXTS.UPLOAD_FAILED}: no such file ${path}; please upload it again`);
    const spec = resolved.spec.inputs[index];
    const kinds = spec.kinds.map((k) => (k === 'mask' ? 'image' : k));
    if (!kinds.includes(object.media)) throw new ApiFailure(415, API_CODES.UNSUPPORTED_FORMAT, USER_TEXTS.UNSUPPORTED_FORMAT);
    objects.push(object);
  }
  return objects;
}

export async function prepare(core: ServiceCore, caller: Caller, resolved: ResolvedAlgorithm, data: Record<string, unknown>, at: Date): Promise<Prepared> {
  const checked = checkPayload(resolved, data);
  const params = applyEntitlements(resolved, checked.params, caller.level);
  // a setting the engine's workflow cannot honour is refused before the charge, never silently dropped
  const comfyui = core.engineOf(resolved.id).comfyui;
  if (comfyui) {
    const given = checked.inputPaths.map((_, index) => resolved.spec.inputs[index]?.name ?? '');
    const refusal = refusalFor(comfyui, params, given);
    if (refusal) throw fail.badRequest(refusal);
  }
  // every run of a seeded algorithm gets a seed: the user's, or a random one (shown on the result, reusable)
  if ('seed' in resolved.spec.params && typeof params.seed !== 'number') params.seed = randomInt(0, 2 ** 31 - 1);
  const inputs = await ownedInputs(core, caller.uid, resolved, checked.inputPaths);
  await requireFace(core, resolved, inputs);
  const used = AUDIO_TOOLS.has(resolved.id) ? await usedSeconds(core.db, caller.uid, resolved.id, at) : 0;
  const freeTrials = await trialsOf(core.db, caller.uid);
  const spoken = await spokenTrack(core, resolved, params, inputs);
  const paid = caller.level === 'free' && (await holdsPaidCredits(core.db, caller.uid, at));
  const priced = quote({ resolved, params, inputs: [...inputs, ...spoken], level: caller.level, usedSecondsThisMonth: used, at, rules: core.rules, freeTrials, holdsPaidCredits: paid });
  return { resolved, params, inputs, quote: priced };
}

export async function checkSpace(core: ServiceCore, caller: Caller, resolved: ResolvedAlgorithm): Promise<void> {
  if (resolved.spec.output === 'data') return;
  const used = await core.media.usage(caller.uid);
  const quota = core.media.quota(caller.level);
  if (used >= quota) throw storageFull(used, quota);
}

/** The inputs the cost call prices: the caller's file, or a stated duration for tools priced by length. */
async function costInputs(core: ServiceCore, caller: Caller, resolved: ResolvedAlgorithm, query: Record<string, string>): Promise<MediaObject[]> {
  if (query.file_path) {
    const object = await core.media.owned(caller.uid, query.file_path);
    if (!object) throw fail.notFound('No such file');
    return [object];
  }
  if (query.duration && resolved.spec.duration.from !== 'param') {
    const seconds = Number(query.duration);
    if (!Number.isFinite(seconds) || seconds < 0) throw fail.badRequest('duration must be a number of seconds');
    return [{ duration: seconds, media: resolved.spec.duration.from === 'speech' ? 'audio' : 'video' } as MediaObject];
  }
  return [];
}

export async function costOf(core: ServiceCore, caller: Caller, algorithm: string, query: Record<string, string>): Promise<TaskCostResponse> {
  const resolved = resolveAlgorithm(algorithm);
  if (algorithm === WATERMARK_DOWNLOAD) return { algorithm, cost: 0, basis: 'Downloads are free', free_for_plan: true };
  if (!resolved) throw fail.notFound(`Unknown algorithm: ${algorithm}`);
  const params: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(resolved.spec.params)) {
    const raw = query[name];
    if (raw === undefined || raw === '') continue;
    params[name] = spec.type === 'number' ? Number(raw) : raw;
  }
  const entitled = applyEntitlements(resolved, params, caller.level);
  const inputs = await costInputs(core, caller, resolved, query);
  const at = core.clock();
  const used = AUDIO_TOOLS.has(resolved.id) ? await usedSeconds(core.db, caller.uid, resolved.id, at) : 0;
  const freeTrials = await trialsOf(core.db, caller.uid);
  const spoken = await spokenTrack(core, resolved, entitled, inputs);
  const priced = quote({ resolved, params: entitled, inputs: [...inputs, ...spoken], level: caller.level, usedSecondsThisMonth: used, at, rules: core.rules, freeTrials });
  // a generative algorithm on the local engine makes previews: the creation screen says so before Generate
  const choice = core.engineOf(resolved.id);
  const preview = GENERATIVE.has(resolved.id) && choice.name === 'local';
  return { algorithm, cost: priced.cost, basis: priced.basis, free_for_plan: priced.freeForPlan, preview, engine: engineOffer(choice) };
}
