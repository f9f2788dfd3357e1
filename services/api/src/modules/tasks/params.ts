/**
 * Checks a create payload against the algorithm's catalogue entry (services/engines/src/algorithms.ts)
 * and answers the parameters the engine gets and the input files in the catalogue's order. Refusals use
 * the spec's texts where it has them (section 5).
 */
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import type { ParamSpec } from 'shared-contracts/algorithms';
import { checkText } from '@studio/engines/moderation';
import { ApiFailure } from '../../http.js';
import type { ResolvedAlgorithm } from '../algorithms/catalog.js';

const bad = (message: string) => new ApiFailure(400, API_CODES.BAD_REQUEST, message);

function wordCount(text: string): number {
  const trimmed = text.trim();
  return trimmed ? trimmed.split(/\s+/).length : 0;
}

function requiredText(resolved: ResolvedAlgorithm, name: string): string {
  if (resolved.id === 'partial_redrawing' && name === 'prompt') return USER_TEXTS.REDRAW_PROMPT;
  if (resolved.id === 'mai_text2song_minimax' || resolved.id === 'mai_tcm') return USER_TEXTS.MUSIC_EMPTY;
  return `Please enter ${name === 'prompt' ? 'a prompt' : name}`;
}

function shortText(resolved: ResolvedAlgorithm, name: string, min: number): string {
  if (name === 'lyrics') return USER_TEXTS.LYRICS_TOO_SHORT;
  return `The ${name} must be at least ${min} characters long`;
}

function isRegion(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  const r = value as Record<string, unknown>;
  return ['x', 'y', 'w', 'h'].every((k) => typeof r[k] === 'number' && Number.isFinite(r[k] as number)) && (r.w as number) > 0 && (r.h as number) > 0;
}

function checkParam(resolved: ResolvedAlgorithm, name: string, spec: ParamSpec, value: unknown): unknown {
  if (value === undefined || value === null || value === '') {
    if (spec.required) throw bad(requiredText(resolved, name));
    return undefined;
  }
  switch (spec.type) {
    case 'string': {
      if (typeof value !== 'string') throw bad(`${name} must be text`);
      const text = value.trim();
      if (!text && spec.required) throw bad(requiredText(resolved, name));
      if (spec.minLength && text.length < spec.minLength) throw bad(shortText(resolved, name, spec.minLength));
      if (spec.maxWords && wordCount(text) > spec.maxWords) throw bad(USER_TEXTS.PROMPT_TOO_LONG);
      if (text.length > 5000) throw bad(USER_TEXTS.PROMPT_TOO_LONG);
      if (spec.enum && !spec.enum.includes(text)) throw bad(`${name} must be one of ${spec.enum.join(', ')}`);
      return text;
    }
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) throw bad(`${name} must be a number`);
      if (spec.integer && !Number.isInteger(n)) throw bad(`${name} must be a whole number`);
      if (spec.enum && !spec.enum.includes(n)) throw bad(`${name} must be one of ${spec.enum.join(', ')}`);
      if (n < spec.min || n > spec.max) throw bad(`${name} must be between ${spec.min} and ${spec.max}`);
      return n;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw bad(`${name} must be true or false`);
      return value;
    case 'regions': {
      if (!Array.isArray(value) || value.length > 50 || !value.every(isRegion)) throw bad(USER_TEXTS.SELECT_AREA);
      return value.length ? value : undefined;
    }
    case 'expand': {
      if (typeof value !== 'object' || Array.isArray(value)) throw bad(`${name} must give left, right, top or bottom`);
      const out: Record<string, number> = {};
      for (const side of ['left', 'right', 'top', 'bottom']) {
        const v = (value as Record<string, unknown>)[side];
        if (v === undefined) continue;
        if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v > 4096) throw bad(`${name}.${side} must be 0 to 4096 pixels`);
        out[side] = v;
      }
      return out;
    }
  }
}

export interface CheckedPayload {
  params: Record<string, unknown>;
  /** storage paths in the catalogue's input order (trailing optional inputs may be absent) */
  inputPaths: string[];
}

/** Validates `data` of a create call; throws the refusal. */
export function checkPayload(resolved: ResolvedAlgorithm, data: Record<string, unknown>): CheckedPayload {
  const params: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(resolved.spec.params)) {
    const value = checkParam(resolved, name, spec, data[name]);
    if (value !== undefined) params[name] = value;
  }
  // the check tasks judge the text themselves; every other task is refused non-compliant text up front
  for (const field of resolved.lane === 'check' ? [] : ['prompt', 'lyrics', 'text']) {
    const text = params[field];
    if (typeof text === 'string' && text && !checkText(text).passed) {
      throw new ApiFailure(400, API_CODES.NON_COMPLIANT, USER_TEXTS.NON_COMPLIANT);
    }
  }

  const inputs = resolved.spec.inputs;
  let inputPaths: string[];
  if (Array.isArray(data.file_paths)) {
    if (!data.file_paths.every((p) => typeof p === 'string' && p)) throw bad('file_paths must be storage paths');
    inputPaths = data.file_paths as string[];
  } else {
    inputPaths = inputs.map((input, index) => {
      const named = data[`${input.name}_path`];
      const value = index === 0 ? (data.file_path ?? named) : named;
      return typeof value === 'string' ? value : '';
    });
    while (inputPaths.length && !inputPaths[inputPaths.length - 1]) inputPaths.pop();
  }
  if (inputPaths.length > inputs.length) throw bad(`${resolved.name} takes at most ${inputs.length} file${inputs.length === 1 ? '' : 's'}`);
  inputs.forEach((input, index) => {
    const path = inputPaths[index];
    if (!path && (input.required || index < inputPaths.length)) {
      throw bad(index === 0 ? 'Please upload a file first (data.file_path)' : `Please upload the ${input.name.replace(/_/g, ' ')} (data.${input.name}_path)`);
    }
  });
  if (resolved.spec.needsArea) {
    const hasMask = inputs.some((input, index) => input.kinds.includes('mask') && Boolean(inputPaths[index]));
    if (!hasMask && !params.regions) throw bad(USER_TEXTS.SELECT_AREA);
  }
  if (['talking_photo', 'talking_avatar', 'lip_sync'].includes(resolved.id) && !inputPaths[1] && !params.text) {
    throw bad('Please enter the text to speak or upload an audio track');
  }
  return { params, inputPaths };
}
