/**
 * Content checks. Text: a real word-list check (normalised for case, accents and l33t spelling; phrases
 * and stems). Images and videos: only the checks that really run here (the file decodes, its size); no
 * image or video classifier model is available, and the result says so plainly.
 */
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { USER_TEXTS } from 'shared-contracts/constants';
import { engineSettings } from '../settings';
import { EngineError } from '../errors';
import { probeMedia } from '../media/probe';
import type { EngineContext, EngineJob, EngineResult } from '../types';
import { input } from './common';

/** category -> terms; `*` ends a stem; spaces make phrases */
const SENSITIVE_TERMS: Record<string, string[]> = {
  'Adult nudity and sexual activities': ['nude', 'nudes', 'nudity', 'naked', 'porn*', 'nsfw', 'hentai', 'xxx', 'sex', 'sexual', 'sexy nude', 'erotic*', 'topless', 'genital*', 'orgasm*', 'masturbat*', 'blowjob', 'handjob', 'intercourse', 'stripper', 'onlyfans', 'camgirl', 'fetish*', 'bdsm'],
  'Violent and graphic content': ['gore', 'gory', 'behead*', 'decapitat*', 'dismember*', 'mutilat*', 'massacre', 'bloodbath', 'torture*', 'disembowel*', 'corpse pile', 'school shooting', 'mass shooting'],
  'Suicide, self-harm and dangerous acts': ['suicide', 'suicidal', 'self harm', 'selfharm', 'self-harm', 'kill myself', 'cut myself', 'hang myself'],
  'Illegal activities and regulated goods': ['cocaine', 'heroin', 'meth', 'methamphetamine', 'fentanyl', 'bomb making', 'make a bomb', 'pipe bomb', 'buy drugs', 'buy guns illegally', 'counterfeit money'],
  'Hateful behavior': ['nazi', 'nazis', 'swastika', 'kkk', 'white power', 'heil hitler', 'ethnic cleansing', 'genocide'],
  Fraud: ['fake id', 'stolen credit card', 'phishing kit', 'carding'],
};
const MINOR_WORDS = ['child', 'children', 'kid', 'kids', 'minor', 'minors', 'underage', 'teen', 'teens', 'loli', 'shota', 'schoolgirl', 'schoolboy', 'toddler', 'baby'];
const SEXUAL_CATEGORY = 'Adult nudity and sexual activities';

function extraTerms(): string[] {
  const file = engineSettings().SENSITIVE_WORDS_FILE;
  if (!file) return [];
  try {
    return readFileSync(file, 'utf8').split('\n').map((l) => l.trim().toLowerCase()).filter((l) => l && !l.startsWith('#'));
  } catch {
    return [];
  }
}

const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };

function normaliseText(text: string): string[] {
  const t = text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[0134570@$!]/g, (c) => LEET[c] ?? c)
    .replace(/[^a-z\s-]+/g, ' ')
    .replace(/(.)\1{2,}/g, '$1$1');
  return t.split(/[\s-]+/).filter(Boolean);
}

function matches(tokens: string[], term: string): boolean {
  const parts = term.split(/[\s-]+/);
  for (let i = 0; i + parts.length <= tokens.length; i++) {
    let ok = true;
    for (let k = 0; k < parts.length && ok; k++) {
      const p = parts[k];
      ok = p.endsWith('*') ? tokens[i + k].startsWith(p.slice(0, -1)) : tokens[i + k] === p;
    }
    if (ok) return true;
  }
  return false;
}

export function checkText(text: string): { passed: boolean; flagged: string[]; categories: string[] } {
  const tokens = normaliseText(text);
  const flagged: string[] = [];
  const categories = new Set<string>();
  for (const [cat, terms] of Object.entries(SENSITIVE_TERMS)) {
    for (const term of terms) if (matches(tokens, term)) { flagged.push(term.replace('*', '')); categories.add(cat); }
  }
  for (const term of extraTerms()) if (matches(tokens, term)) { flagged.push(term.replace('*', '')); categories.add('Other'); }
  if (categories.has(SEXUAL_CATEGORY) && tokens.some((t) => MINOR_WORDS.includes(t))) categories.add('Minor safety');
  return { passed: flagged.length === 0, flagged: [...new Set(flagged)], categories: [...categories] };
}

export async function textDetect(job: EngineJob<'t_sensitive_detect'>, ctx: EngineContext): Promise<EngineResult> {
  const r = checkText(job.params.prompt ?? '');
  ctx.onProgress(100);
  return {
    outputs: [],
    metadata: {
      engine: 'local:word-list',
      note: r.passed
        ? 'The text passed the word-list check (sexual, violent, self-harm, illegal, hateful and fraud terms, normalised for spelling tricks).'
        : `${USER_TEXTS.NON_COMPLIANT} Word-list check flagged: ${r.categories.join('; ')}.`,
      data: { kind: 'moderation', passed: r.passed, checks: ['word list: ' + Object.keys(SENSITIVE_TERMS).join(', ')], flagged: [...r.flagged, ...r.categories.map((c) => `category: ${c}`)] },
    },
  };
}

const NO_CLASSIFIER = 'No image classifier model is available on this server, so the picture content itself was not judged: passed by default.';

export async function imageDetect(job: EngineJob<'i_sensitive_detect'>, ctx: EngineContext): Promise<EngineResult> {
  const path = input(job, 0, 'image');
  const meta = await sharp(path).metadata().catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  ctx.onProgress(100);
  return {
    outputs: [],
    metadata: {
      engine: 'local:file-checks',
      note: NO_CLASSIFIER,
      data: { kind: 'moderation', passed: true, checks: [`decodes as ${meta.format} ${meta.width}x${meta.height}`], flagged: [] },
    },
  };
}

export async function videoDetect(job: EngineJob<'v_sensitive_detect'>, ctx: EngineContext): Promise<EngineResult> {
  const path = input(job, 0, 'video');
  const p = await probeMedia(path).catch((e: Error) => {
    throw new EngineError(USER_TEXTS.FORMAT_UNSUPPORTED, e.message);
  });
  ctx.onProgress(100);
  return {
    outputs: [],
    metadata: {
      engine: 'local:file-checks',
      note: NO_CLASSIFIER.replace('picture', 'video'),
      data: { kind: 'moderation', passed: true, checks: [`decodes as ${p.format} ${p.width}x${p.height}, ${p.duration.toFixed(1)} s`], flagged: [] },
    },
  };
}

;
