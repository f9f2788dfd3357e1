/**
 * The feedback form's parameters (section 7: fid, lang, embed, theme and a source JSON with token, uid,
 * ut, pid, did, pv) and its session id, which is renewed once it is 30 minutes old (section 9).
 */
import { FEEDBACK_SESSION_MS, type PlanLevel } from 'shared-contracts';
import { STORAGE_KEYS, readJson, writeJson } from '../../shared/lib/storage';

const FEEDBACK_FORM_ID = 'studio-feedback';

interface StoredSession {
  id: string;
  /** epoch ms */
  createdAt: number;
}

function newId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function feedbackSessionId(now: number = Date.now()): string {
  const stored = readJson<StoredSession>('session', STORAGE_KEYS.feedbackSession);
  if (stored && typeof stored.id === 'string' && typeof stored.createdAt === 'number' && now - stored.createdAt < FEEDBACK_SESSION_MS && now >= stored.createdAt) {
    return stored.id;
  }
  const fresh: StoredSession = { id: newId(), createdAt: now };
  writeJson('session', STORAGE_KEYS.feedbackSession, fresh);
  return fresh.id;
}

export interface FeedbackSource {
  token: string;
  uid: string;
  /** user type: the plan level */
  ut: PlanLevel;
  /** product id */
  pid: string;
  /** device: the persistent client id */
  did: string;
  /** product version */
  pv: string;
}

export interface FeedbackParams {
  fid: string;
  lang: string;
  embed: 1;
  theme: 'dark' | 'light';
  sid: string;
  source: FeedbackSource;
}

export function feedbackParams(input: { lang: string; theme: 'dark' | 'light'; source: FeedbackSource; now?: number }): FeedbackParams {
  return { fid: FEEDBACK_FORM_ID, lang: input.lang, embed: 1, theme: input.theme, sid: feedbackSessionId(input.now), source: input.source };
}
