/** Every query of the account service. Times are decided by the service's clock, never by SQL now(). */
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { migrate, type Database, type Queryable } from '@studio/db';
import { migrateRateCounter } from '@studio/db/rate-counter';
import type { AccountClientConfig } from './config.js';
import { randomToken, sha256 } from './crypto.js';

export const MIGRATIONS_DIR = path.resolve(__dirname, '..', 'migrations');

export async function migrateAccount(db: Database): Promise<string[]> {
  // the one rate counter's table first: a migration of the service's moves its old counts there
  const applied = await migrateRateCounter(db);
  return [...applied, ...(await migrate(db, 'account', MIGRATIONS_DIR))];
}

export interface ClientRow {
  client_id: string;
  name: string;
  secret_hash: string;
  allowed_origins: string[];
  redirect_uris: string[];
}

export interface UserRow {
  id: string;
  email: string;
  email_lower: string;
  password_hash: string;
  nickname: string;
  firstname: string;
  lastname: string;
  avatar: string;
  country: string;
  lang: string;
  signup_source: string;
  created_at: Date;
  email_verified_at: Date | null;
  terms_accepted_at: Date | null;
}

export interface CodeRow {
  code_hash: string;
  client_id: string;
  user_id: string;
  redirect_uri: string;
  code_challenge: string;
  scope: string;
  nonce: string;
  is_new: boolean;
  created_at: Date;
  expires_at: Date;
  used_at: Date | null;
}

export class EmailTakenError extends Error {
  constructor() {
    super('email taken');
  }
}

const iso = (ms: number) => new Date(ms).toISOString();

export class AccountStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  // ---- clients ----
  async upsertClients(clients: AccountClientConfig[]): Promise<void> {
    for (const client of clients) {
      await this.db.query(
        `INSERT INTO account_clients (client_id, name, secret_hash, allowed_origins, redirect_uris, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (client_id) DO UPDATE SET name = EXCLUDED.name, secret_hash = EXCLUDED.secret_hash,
           allowed_origins = EXCLUDED.allowed_origins, redirect_uris = EXCLUDED.redirect_uris, updated_at = EXCLUDED.updated_at`,
        [client.id, client.name, sha256(client.secret), client.allowedOrigins.map(normalizeOrigin).filter(Boolean), client.redirectUris ?? [], iso(this.now())],
      );
    }
  }

  async getClient(clientId: string): Promise<ClientRow | null> {
    const result = await this.db.query<ClientRow>(
      'SELECT client_id, name, secret_hash, allowed_origins, redirect_uris FROM account_clients WHERE client_id = $1',
      [clientId],
    );
    return result.rows[0] ?? null;
  }

  async allClients(): Promise<ClientRow[]> {
    return (
      await this.db.query<ClientRow>('SELECT client_id, name, secret_hash, allowed_origins, redirect_uris FROM account_clients')
    ).rows;
  }

  // ---- users ----
  async findUserByEmail(email: string): Promise<UserRow | null> {
    const result = await this.db.query<UserRow>('SELECT * FROM account_users WHERE email_lower = $1', [email.trim().toLowerCase()]);
    return result.rows[0] ?? null;
  }

  async getUser(id: string): Promise<UserRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const result = await this.db.query<UserRow>('SELECT * FROM account_users WHERE id = $1', [id]);
    return result.rows[0] ?? null;
  }

  async createUser(input: {
    id?: string;
    email: string;
    passwordHash: string;
    nickname?: string;
    firstname?: string;
    lastname?: string;
    country?: string;
    lang?: string;
    source?: string;
    /** when the sign-up consent to the terms was given */
    termsAcceptedAt?: number;
  }): Promise<UserRow> {
    const id = input.id ?? randomUUID();
    const at = iso(this.now());
    try {
      const result = await this.db.query<UserRow>(
        `INSERT INTO account_users (id, email, email_lower, password_hash, nickname, firstname, lastname, country, lang, signup_source, created_at, updated_at, terms_accepted_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12) RETURNING *`,
        [
          id,
          input.email.trim(),
          input.email.trim().toLowerCase(),
          input.passwordHash,
          input.nickname ?? '',
          input.firstname ?? '',
          input.lastname ?? '',
          input.country ?? '',
          input.lang ?? 'en',
          input.source ?? '',
          at,
          input.termsAcceptedAt ? iso(input.termsAcceptedAt) : null,
        ],
      );
      return result.rows[0];
    } catch (error) {
      if (isUniqueViolation(error)) throw new EmailTakenError();
      throw error;
    }
  }

  async updateNames(userId: string, names: { nickname: string; firstname: string; lastname: string }): Promise<void> {
    await this.db.query('UPDATE account_users SET nickname = $2, firstname = $3, lastname = $4, updated_at = $5 WHERE id = $1', [
      userId,
      names.nickname,
      names.firstname,
      names.lastname,
      iso(this.now()),
    ]);
  }

  async updatePasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.query('UPDATE account_users SET password_hash = $2, updated_at = $3 WHERE id = $1', [userId, passwordHash, iso(this.now())]);
  }

  async setAvatarUrl(userId: string, avatar: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE account_users SET avatar = $2, updated_at = $3 WHERE id = $1', [userId, avatar, iso(this.now())]);
      await tx.query('DELETE FROM account_avatars WHERE user_id = $1', [userId]);
    });
  }

  /** Stores an uploaded avatar, points the user at it and drops the user's earlier uploads. */
  async saveAvatar(userId: string, mime: string, bytes: Buffer, pathOf: (id: string) => string): Promise<string> {
    const id = randomUUID();
    await this.db.transaction(async (tx: Queryable) => {
      await tx.query('DELETE FROM account_avatars WHERE user_id = $1', [userId]);
      await tx.query('INSERT INTO account_avatars (id, user_id, mime, bytes, created_at) VALUES ($1, $2, $3, $4, $5)', [
        id,
        userId,
        mime,
        bytes,
        iso(this.now()),
      ]);
      await tx.query('UPDATE account_users SET avatar = $2, updated_at = $3 WHERE id = $1', [userId, pathOf(id), iso(this.now())]);
    });
    return id;
  }

  async getAvatar(id: string): Promise<{ mime: string; bytes: Buffer } | null> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
    const result = await this.db.query<{ mime: string; bytes: Uint8Array }>('SELECT mime, bytes FROM account_avatars WHERE id = $1', [id]);
    const row = result.rows[0];
    return row ? { mime: row.mime, bytes: Buffer.from(row.bytes) } : null;
  }

  // ---- sessions ----
  async createSession(userId: string, ttlMs: number, ip: string, userAgent: string): Promise<string> {
    const token = randomToken();
    const now = this.now();
    if (Math.random() < 0.05) await this.db.query('DELETE FROM account_sessions WHERE expires_at < $1', [iso(now)]);
    await this.db.query(
      'INSERT INTO account_sessions (token_hash, user_id, created_at, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5, $6)',
      [sha256(token), userId, iso(now), iso(now + ttlMs), ip.slice(0, 64), userAgent.slice(0, 300)],
    );
    return token;
  }

  async sessionUser(token: string | undefined): Promise<UserRow | null> {
    if (!token || token.length > 100) return null;
    const result = await this.db.query<UserRow>(
      `SELECT u.* FROM account_sessions s JOIN account_users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.expires_at > $2`,
      [sha256(token), iso(this.now())],
    );
    return result.rows[0] ?? null;
  }

  async deleteSession(token: string | undefined): Promise<void> {
    if (!token) return;
    await this.db.query('DELETE FROM account_sessions WHERE token_hash = $1', [sha256(token)]);
  }

  async deleteOtherSessions(userId: string, keepToken: string | undefined): Promise<void> {
    await this.db.query('DELETE FROM account_sessions WHERE user_id = $1 AND token_hash <> $2', [userId, sha256(keepToken ?? '')]);
  }

  // ---- authorization codes ----
  async createCode(input: {
    clientId: string;
    userId: string;
    redirectUri: string;
    codeChallenge: string;
    scope: string;
    nonce?: string;
    isNew: boolean;
    ttlMs: number;
  }): Promise<string> {
    const code = randomToken();
    const now = this.now();
    await this.db.query(
      `INSERT INTO account_auth_codes (code_hash, client_id, user_id, redirect_uri, code_challenge, scope, is_new, created_at, expires_at, nonce)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [sha256(code), input.clientId, input.userId, input.redirectUri, input.codeChallenge, input.scope, input.isNew, iso(now), iso(now + input.ttlMs), input.nonce ?? ''],
    );
    // expired codes never redeemed, and revoked grants, are of no use to anyone: sweep them now and then.
    // A redeemed code stays: it is the grant a product session asks about (tokenActive) for as long as it lives.
    if (Math.random() < 0.05) {
      await this.db.query('DELETE FROM account_auth_codes WHERE expires_at < $1 AND (token_jti IS NULL OR revoked)', [iso(now - 24 * 3600 * 1000)]);
    }
    return code;
  }

  /**
   * Marks the code used, atomically: only one caller ever gets `fresh`. A second redemption answers `reused`
   * and revokes the access token issued from the first.
   */
  async consumeCode(code: string): Promise<{ status: 'fresh'; row: CodeRow } | { status: 'reused' } | { status: 'unknown' }> {
    const hash = sha256(code);
    const result = await this.db.query<CodeRow>(
      'UPDATE account_auth_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL RETURNING *',
      [hash, iso(this.now())],
    );
    if (result.rows[0]) return { status: 'fresh', row: result.rows[0] };
    const revoked = await this.db.query('UPDATE account_auth_codes SET revoked = true WHERE code_hash = $1', [hash]);
    return revoked.rowCount > 0 ? { status: 'reused' } : { status: 'unknown' };
  }

  async setCodeToken(codeHash: string, jti: string): Promise<void> {
    await this.db.query('UPDATE account_auth_codes SET token_jti = $2 WHERE code_hash = $1', [codeHash, jti]);
  }

  /**
   * Ends every grant of the user (a password change): issued access tokens are revoked and codes not yet
   * redeemed can no longer be. Products asking about a grant (tokenActive) then end their sessions.
   */
  async revokeUserGrants(userId: string): Promise<void> {
    await this.db.query('UPDATE account_auth_codes SET revoked = true, used_at = COALESCE(used_at, $2) WHERE user_id = $1', [userId, iso(this.now())]);
  }

  /** Whether the grant behind an access token (its jti) still stands for this client, expiry aside. */
  async tokenActive(jti: string, clientId: string): Promise<boolean> {
    const result = await this.db.query<{ revoked: boolean }>(
      `SELECT c.revoked FROM account_auth_codes c JOIN account_users u ON u.id = c.user_id
       WHERE c.token_jti = $1 AND c.client_id = $2`,
      [jti, clientId],
    );
    return result.rows.length > 0 && !result.rows[0].revoked;
  }

  /** The account behind a grant (an access token's jti) of this client, while the grant stands. */
  async grantUser(jti: string, clientId: string): Promise<UserRow | null> {
    if (!/^[0-9a-f-]{36}$/i.test(jti)) return null;
    const result = await this.db.query<UserRow>(
      `SELECT u.* FROM account_auth_codes c JOIN account_users u ON u.id = c.user_id
       WHERE c.token_jti = $1 AND c.client_id = $2 AND NOT c.revoked`,
      [jti, clientId],
    );
    return result.rows[0] ?? null;
  }

  async isTokenRevoked(jti: string): Promise<boolean> {
    const result = await this.db.query<{ revoked: boolean }>('SELECT revoked FROM account_auth_codes WHERE token_jti = $1', [jti]);
    // a token whose code row was swept long ago has expired anyway; an unknown jti is not ours
    return result.rows.length === 0 || result.rows[0].revoked;
  }
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** 'http://Example.com:80/' -> 'http://example.com'; '' when not an http(s) origin. */
export function normalizeOrigin(value: string): string {
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    return url.origin;
  } catch {
    return '';
  }
}
