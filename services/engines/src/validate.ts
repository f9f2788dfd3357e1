/**
 * Check and complete an algorithm's params against the catalogue before a task is created: unknown fields
 * dropped, defaults filled in, bounds and enums enforced. Failures carry the spec's user texts where the spec
 * has one (prompt too long, lyrics too short, empty music, redraw prompt, area).
 */
import { USER_TEXTS } from 'shared-contracts/constants';
import { ALGORITHMS, type ParamSpec } from 'shared-contracts/algorithms';
import { EngineError } from './errors';
import { probeMedia, type ProbedMedia } from './media/probe';
import type { AlgorithmId, AlgorithmParams, Region } from './types';

function fail(algorithm: AlgorithmId, field: string, why: string): never {
  const text =
    why === 'too many words'
      ? USER_TEXTS.PROMPT_TOO_LONG
      : algorithm === 'mai_text2song_minimax' && field === 'lyrics'
        ? why === 'required' ? USER_TEXTS.MUSIC_EMPTY : USER_TEXTS.LYRICS_TOO_SHORT
        : algorithm === 'mai_tcm' && field === 'prompt'
          ? USER_TEXTS.MUSIC_EMPTY
          : algorithm === 'partial_redrawing' && field === 'prompt'
            ? USER_TEXTS.REDRAW_PROMPT
            : field === 'regions'
              ? USER_TEXTS.SELECT_AREA
              : USER_TEXTS.GENERATION_FAILURE;
  throw new EngineError(text, `${algorithm}.${field}: ${why}`);
}

function isRegion(v: unknown): v is Region {
  const r = v as Region;
  return Boolean(r) && [r.x, r.y, r.w, r.h].every((n) => typeof n === 'number' && Number.isFinite(n)) && r.w > 0 && r.h > 0;
}

function one(algorithm: AlgorithmId, field: string, spec: ParamSpec, raw: unknown): unknown {
  const missing = raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === '');
  if (missing) {
    if ('default' in spec && spec.default !== undefined) return spec.default;
    if (spec.required) fail(algorithm, field, 'required');
    return undefined;
  }
  switch (spec.type) {
    case 'string': {
      if (typeof raw !== 'string') fail(algorithm, field, 'not text');
      const v = raw.trim();
      if (spec.minLength && v.length < spec.minLength) fail(algorithm, field, `shorter than ${spec.minLength}`);
      if (spec.maxWords && v.split(/\s+/).filter(Boolean).length > spec.maxWords) fail(algorithm, field, 'too many words');
      if (spec.enum && !spec.enum.includes(v)) fail(algorithm, field, `not one of ${spec.enum.join(', ')}`);
      return v;
    }
    case 'number': {
      const v = typeof raw === 'string' ? Number(raw) : raw;
      if (typeof v !== 'number' || !Number.isFinite(v)) fail(algorithm, field, 'not a number');
      if (spec.integer && !Number.isInteger(v)) fail(algorithm, field, 'not a whole number');
      if (v < spec.min || v > spec.max) fail(algorithm, field, `outside ${spec.min}..${spec.max}`);
      if (spec.enum && !spec.enum.includes(v)) fail(algorithm, field, `not one of ${spec.enum.join(', ')}`);
      return v;
    }
    case 'boolean':
      if (typeof raw !== 'boolean') fail(algorithm, field, 'not true or false');
      return raw;
    case 'regions':
      if (!Array.isArray(raw) || !raw.every(isRegion)) fail(algorithm, field, 'regions are {x, y, w, h} in pixels');
      return raw.map((r: Region) => ({ x: r.x, y: r.y, w: r.w, h: r.h }));
    case 'expand': {
      const e = raw as Record<string, unknown>;
      const out: Record<string, number> = {};
      for (const side of ['left', 'right', 'top', 'bottom']) {
        const n = e?.[side];
        if (n === undefined) continue;
        if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > 4096) fail(algorithm, field, `${side} must be 0..4096 px`);
        out[side] = n;
      }
      return out;
    }
  }
}

/** The params with defaults, or an EngineError naming the field. `hasMask`: a mask input was uploaded. */
export function validateParams<A extends AlgorithmId>(algorithm: A, raw: Record<string, unknown>, opts: { hasMask?: boolean } = {}): AlgorithmParams[A] {
  const spec = ALGORITHMS[algorithm];
  if (!spec) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `unknown algorithm ${String(algorithm)}`);
  const out: Record<string, unknown> = {};
  for (const [field, p] of Object.entries(spec.params)) {
    const v = one(algorithm, field, p, raw[field]);
    if (v !== undefined) out[field] = v;
  }
  if (spec.needsArea && !opts.hasMask && !(Array.isArray(out.regions) && out.regions.length)) fail(algorithm, 'regions', 'no area selected');
  return out as AlgorithmParams[A];
}

/**
 * Probe a job's input files and check them against the algorithm's input list: required ones present, each
 * of an accepted kind (a mask is an image). Answers 'Upload failed' for a missing file and 'The format is
 * not supported' for a wrong kind or an undecodable file.
 */
export async function checkInputs(algorithm: AlgorithmId, inputs: string[]): Promise<ProbedMedia[]> {
  const spec = ALGORITHMS[algorithm];
  const out: ProbedMedia[] = [];
  for (let i = 0; i < spec.inputs.length; i++) {
    const want = spec.inputs[i];
    const path = inputs[i];
    if (!path) {
      if (want.required) throw new EngineError(USER_TEXTS.UPLOAD_FAILED, `${algorithm}: input ${i} (${want.name}) is missing`);
      continue;
    }
    const p = await probeMedia(path).catch((e: Error) => {
      throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, `${algorithm}: input ${i} (${want.name}): ${e.message}`);
    });
    const kinds = want.kinds.map((k) => (k === 'mask' ? 'image' : k));
    if (!kinds.includes(p.media)) throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, `${algorithm}: input ${i} (${want.name}) is ${p.media}, expected ${kinds.join(' or ')}`);
    out.push(p);
  }
  if (inputs.length > spec.inputs.length) throw new EngineError(USER_TEXTS.UPLOAD_FAILED, `${algorithm} takes at most ${spec.inputs.length} inputs`);
  return out;
}
