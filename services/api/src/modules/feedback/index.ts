/**
 * POST /v1/feedback: stores what the feedback modal sends (content, an optional reply address, and the
 * form link's parameters). Visitors may send too. The token in the source JSON is dropped before storing;
 * the caller is known from the bearer token. A sender may send at most 10 in 10 minutes.
 */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { API_CODES, type FeedbackRequest } from 'shared-contracts';
import { defineCall, type Same } from '../../define-call.js';
import { ApiFailure } from '../../http.js';
import type { ApiModuleDefinition, ApiModulePlugin } from '../types.js';

const FEEDBACK_MIN_LENGTH = 5;
const FEEDBACK_MAX_LENGTH = 2000;
export const FEEDBACK_RATE = { max: 10, windowMs: 10 * 60 * 1000 };
const SOURCE_KEYS = ['fid', 'lang', 'embed', 'theme', 'sid', 'uid', 'ut', 'pid', 'did', 'pv', 'page'] as const;

const FeedbackBody = Type.Object(
  {
    content: Type.String({ minLength: 1, maxLength: FEEDBACK_MAX_LENGTH }),
    contact: Type.Optional(Type.String({ maxLength: 200 })),
    source: Type.Record(Type.String(), Type.Unknown(), { description: 'fid, lang, embed, theme, sid, token, uid, ut, pid, did, pv, page' }),
  },
  { additionalProperties: false },
);
const bodyMatches: Same<import('@sinclair/typebox').Static<typeof FeedbackBody>, FeedbackRequest> = true;
void bodyMatches;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Keeps the known parameters as short strings (or the embed number); drops the token and anything else. */
export function cleanSource(source: Record<string, unknown>): Record<string, string | number> {
  const clean: Record<string, string | number> = {};
  for (const key of SOURCE_KEYS) {
    const value = source[key];
    if (typeof value === 'string') clean[key] = value.slice(0, 200);
    else if (typeof value === 'number' && Number.isFinite(value)) clean[key] = value;
  }
  return clean;
}

export interface FeedbackOptions {
  now: () => Date;
}

function feedbackPlugin(options: FeedbackOptions = { now: () => new Date() }): ApiModulePlugin {
  return async (app, ctx) => {
    defineCall(
      app,
      'POST /v1/feedback',
      {
        preHandler: ctx.auth.optionalAuth,
        schema: {
          tags: ['feedback'],
          summary: 'Sends feedback from the feedback modal',
          body: FeedbackBody,
          response: Type.Object({ id: Type.String() }),
        },
      },
      async (request) => {
        const content = request.body.content.trim();
        if (content.length < FEEDBACK_MIN_LENGTH) {
          throw new ApiFailure(400, API_CODES.BAD_REQUEST, `Please write at least ${FEEDBACK_MIN_LENGTH} characters.`);
        }
        const contact = (request.body.contact ?? '').trim();
        if (contact && !EMAIL.test(contact)) {
          throw new ApiFailure(400, API_CODES.BAD_REQUEST, 'Please enter a valid e-mail address, or leave it empty.');
        }
        const at = options.now();
        const since = new Date(at.getTime() - FEEDBACK_RATE.windowMs);
        const uid = request.user?.uid ?? null;
        const recent = await ctx.db.query<{ n: number }>(
          uid
            ? 'SELECT COUNT(*)::int AS n FROM feedback WHERE user_id = $1 AND created_at > $2'
            : 'SELECT COUNT(*)::int AS n FROM feedback WHERE user_id IS NULL AND ip = $1 AND created_at > $2',
          [uid ?? request.ip, since],
        );
        if (Number(recent.rows[0]?.n ?? 0) >= FEEDBACK_RATE.max) {
          throw new ApiFailure(429, API_CODES.TOO_MANY_REQUESTS, 'You have sent a lot of feedback just now. Please try again in a few minutes.');
        }
        const source = cleanSource(request.body.source);
        const id = randomUUID();
        await ctx.db.query(
          `INSERT INTO feedback (id, user_id, content, contact, form_id, session_id, source, ip, user_agent, created_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)`,
          [
            id,
            uid,
            content,
            contact,
            String(source.fid ?? ''),
            String(source.sid ?? ''),
            JSON.stringify(source),
            request.ip,
            String(request.headers['user-agent'] ?? '').slice(0, 300),
            at,
          ],
        );
        request.log.info({ feedback: id, uid }, 'feedback stored');
        return { id };
      },
    );
  };
}

export function feedbackModule(options?: FeedbackOptions): ApiModuleDefinition {
  return { name: 'feedback', plugin: feedbackPlugin(options), migrationsDir: path.join(__dirname, 'migrations') };
}
