/**
 * Product sessions and their JWTs (jose, HS256; payload uid, wsId, token = session id, exp). A session row
 * makes revocation immediate: a valid signature on a revoked session, or of a user that is gone, is 401
 * with code 140013 (the client clears its user info). Expired or tampered tokens are 401 with code 401.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { Database, Queryable } from '@studio/db';
import { fail } from './http.js';

export type MemberLevel = 'free' | 'standard' | 'premium';

/** Who is calling: set on request.user by `authenticate` (or `optionalAuth`). */
export interface AuthUser {
  uid: string;
  /** the session id (the token's `token` claim) */
  sessionId: string;
  wsId: string;
  level: MemberLevel;
  country: string;
  /** the bearer JWT as sent */
  jwt: string;
  sessionIsNew: boolean;
  /** set when the caller is a personal API key (issue 28): the key acts as its owner on the calls keys may make */
  apiKey?: { id: string; name: string };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the signed-in caller; null for visitors (set by the api's authenticate / optionalAuth) */
    user: AuthUser | null;
  }
}

interface IssuedToken {
  jwt: string;
  expiresAt: Date;
}

export interface AuthService {
  /** creates a session for a user and answers its JWT */
  startSession(
    tx: Queryable,
    input: { userId: string; wsId: string; isNew: boolean; at?: Date; accountGrant?: string },
  ): Promise<IssuedToken & { sessionId: string }>;
  /** a fresh JWT for the caller's session, extending the session */
  renew(user: AuthUser): Promise<IssuedToken>;
  revoke(sessionId: string): Promise<void>;
  /** checks a bearer token; throws ApiFailure 401 (code 401 or 140013) */
  verify(jwt: string): Promise<AuthUser>;
  /** preHandler: 401 unless a valid session token is sent; sets request.user */
  authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** preHandler: sets request.user when a valid token is sent, else leaves it null (never fails) */
  optionalAuth(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export interface AuthOptions {
  now?: () => Date;
  /**
   * Asks the account service whether a session's grant still stands (a password change or a replayed code
   * revokes it): true, false, or null when it cannot tell (unreachable: the session goes on).
   */
  grantActive?: (grant: string) => Promise<boolean | null>;
  /** how often a session's grant is asked about (default 60 s; 0: on every request) */
  grantRecheckMs?: number;
  /** personal API keys (modules/developer): a bearer that is a key is checked here instead of as a session */
  apiKeys?: { isKey(token: string): boolean; authenticate(request: FastifyRequest, token: string): Promise<AuthUser> };
}

export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
}

export interface SessionRow {
  session_id: string;
  session_user: string;
  revoked_at: Date | null;
  expires_at: Date;
  is_new: boolean;
  uid: string | null;
  ws_id: string | null;
  country: string | null;
  level: MemberLevel | null;
  account_grant: string | null;
  grant_checked_at: Date | null;
}

/**
 * The session behind a token, with its user and the user's membership level now: the one query of a token
 * check (bench:api's bare reference runs the same one).
 */
export async function loadSession(db: Queryable, sessionId: string, now: Date): Promise<SessionRow | undefined> {
  const result = await db.query<SessionRow>(
    `SELECT s.id AS session_id, s.user_id AS session_user, s.revoked_at, s.expires_at, s.is_new, s.account_grant, s.grant_checked_at,
           u.id AS uid, u.ws_id, u.country,
           (SELECT m.level FROM subscriptions m WHERE m.user_id = s.user_id AND m.started_at <= $2 AND m.expires_at > $2
              ORDER BY (m.level = 'premium') DESC LIMIT 1) AS level
         FROM sessions s LEFT JOIN users u ON u.id = s.user_id WHERE s.id = $1`,
    [sessionId, now],
  );
  return result.rows[0];
}

/** The settings auth reads (ApiConfig's jwtSecret and jwtTtlSeconds). */
export interface AuthSettings {
  jwtSecret: string;
  jwtTtlSeconds: number;
}

/**
 * Whether the account grant behind a session still stands: the account service is asked at most every
 * grantRecheckMs (always when forced, as a renewal is); a grant it no longer knows ends the session.
 */
function grantCheck(db: Database, options: AuthOptions) {
  const recheckMs = options.grantRecheckMs ?? 60000;
  return async function grantStands(row: Pick<SessionRow, 'session_id' | 'account_grant' | 'grant_checked_at'>, now: Date, force = false): Promise<boolean> {
    if (!row.account_grant || !options.grantActive) return true;
    const checked = row.grant_checked_at ? new Date(row.grant_checked_at).getTime() : 0;
    if (!force && now.getTime() - checked < recheckMs) return true;
    const active = await options.grantActive(row.account_grant);
    if (active === null) return true;
    if (!active) {
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [row.session_id, now]);
      return false;
    }
    await db.query('UPDATE sessions SET grant_checked_at = $2 WHERE id = $1', [row.session_id, now]);
    return true;
  };
}

export function createAuth(db: Database, config: AuthSettings, options: AuthOptions = {}): AuthService {
  const key = new TextEncoder().encode(config.jwtSecret);
  const clock = options.now ?? (() => new Date());

  async function sign(claims: { uid: string; wsId: string; sessionId: string }, expiresAt: Date): Promise<string> {
    return new SignJWT({ uid: claims.uid, wsId: claims.wsId, token: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.uid)
      .setIssuedAt(Math.floor(clock().getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
  }

  const grantStands = grantCheck(db, options);

  async function verify(jwt: string): Promise<AuthUser> {
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(jwt, key, { algorithms: ['HS256'], currentDate: clock() }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw fail.unauthorized('Your sign-in has expired, please log in again');
      throw fail.unauthorized('The token is invalid, please log in again');
    }
    const sessionId = typeof payload.token === 'string' ? payload.token : '';
    const uid = typeof payload.uid === 'string' ? payload.uid : '';
    if (!/^[0-9a-f-]{36}$/i.test(sessionId) || !uid) throw fail.unauthorized('The token is invalid, please log in again');
    const now = clock();
    const row = await loadSession(db, sessionId, now);
    if (!row || !row.uid || row.session_user !== uid) throw fail.sessionInvalid();
    if (row.revoked_at) throw fail.sessionInvalid();
    if (new Date(row.expires_at).getTime() <= now.getTime()) throw fail.sessionInvalid();
    if (!(await grantStands(row, now))) throw fail.sessionInvalid();
    return {
      uid: row.uid,
      sessionId: row.session_id,
      wsId: row.ws_id ?? '',
      level: row.level ?? 'free',
      country: row.country ?? '',
      jwt,
      sessionIsNew: row.is_new,
    };
  }

  return {
    async startSession(tx, input) {
      const at = input.at ?? clock();
      const sessionId = randomUUID();
      const expiresAt = new Date(at.getTime() + config.jwtTtlSeconds * 1000);
      await tx.query(
        'INSERT INTO sessions (id, user_id, is_new, created_at, expires_at, account_grant, grant_checked_at) VALUES ($1, $2, $3, $4, $5, $6, $4)',
        [sessionId, input.userId, input.isNew, at, expiresAt, input.accountGrant ?? null],
      );
      return { sessionId, expiresAt, jwt: await sign({ uid: input.userId, wsId: input.wsId, sessionId }, expiresAt) };
    },

    async renew(user) {
      // a renewal always asks about the grant: a password change must not be outlived by renewing
      const session = await db.query<SessionRow>('SELECT id AS session_id, account_grant, grant_checked_at FROM sessions WHERE id = $1', [user.sessionId]);
      if (session.rows[0] && !(await grantStands(session.rows[0], clock(), true))) throw fail.sessionInvalid();
      const expiresAt = new Date(clock().getTime() + config.jwtTtlSeconds * 1000);
      const updated = await db.query('UPDATE sessions SET expires_at = $2 WHERE id = $1 AND revoked_at IS NULL', [
        user.sessionId,
        expiresAt,
      ]);
      if (updated.rowCount === 0) throw fail.sessionInvalid();
      return { expiresAt, jwt: await sign({ uid: user.uid, wsId: user.wsId, sessionId: user.sessionId }, expiresAt) };
    },

    async revoke(sessionId) {
      await db.query('UPDATE sessions SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL', [sessionId, clock()]);
    },

    verify,

    async authenticate(request) {
      const jwt = bearerOf(request);
      if (!jwt) throw fail.unauthorized();
      if (options.apiKeys?.isKey(jwt)) {
        request.user = await options.apiKeys.authenticate(request, jwt);
        return;
      }
      request.user = await verify(jwt);
    },

    async optionalAuth(request) {
      const jwt = bearerOf(request);
      if (!jwt) return;
      try {
        request.user = options.apiKeys?.isKey(jwt) ? await options.apiKeys.authenticate(request, jwt) : await verify(jwt);
      } catch {
        request.user = null;
      }
    },
  };
}
