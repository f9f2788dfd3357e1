/**
 * The single-use links the account service sends by e-mail: password reset (30 minutes), address
 * confirmation and address change. The link carries a random token; only its SHA-256 is stored. A token is
 * spent atomically (one UPDATE ... WHERE used_at IS NULL AND expires_at > now), so two clicks, or two tabs,
 * never both succeed; issuing a new one of a kind voids the older ones of that account.
 */
import type { Database, Queryable } from '@studio/db';
import { randomToken, sha256 } from './crypto.js';

export type TokenKind = 'password-reset' | 'verify-email' | 'change-email';

export interface TokenRow {
  token_hash: string;
  kind: TokenKind;
  user_id: string;
  email: string;
  expires_at: Date;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** a token as it travels in a link: 43 base64url characters */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export class AccountTokens {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  async issue(kind: TokenKind, userId: string, email: string, ttlMs: number, tx?: Queryable): Promise<string> {
    const q = tx ?? this.db;
    const token = randomToken();
    const now = this.now();
    await q.query('UPDATE account_tokens SET used_at = $3 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL', [userId, kind, iso(now)]);
    await q.query('INSERT INTO account_tokens (token_hash, kind, user_id, email, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)', [
      sha256(token),
      kind,
      userId,
      email,
      iso(now),
      iso(now + ttlMs),
    ]);
    if (Math.random() < 0.05) await q.query('DELETE FROM account_tokens WHERE expires_at < $1', [iso(now - 7 * 24 * 3600 * 1000)]);
    return token;
  }

  /** The token's row while it can still be used (for showing the form it leads to); nothing is spent. */
  async peek(kind: TokenKind, token: string): Promise<TokenRow | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const result = await this.db.query<TokenRow>(
      'SELECT token_hash, kind, user_id, email, expires_at FROM account_tokens WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3',
      [sha256(token), kind, iso(this.now())],
    );
    return result.rows[0] ?? null;
  }

  /** Spends the token: only one caller ever gets its row, and only before it expires. */
  async consume(kind: TokenKind, token: string, tx?: Queryable): Promise<TokenRow | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const result = await (tx ?? this.db).query<TokenRow>(
      `UPDATE account_tokens SET used_at = $3 WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3
       RETURNING token_hash, kind, user_id, email, expires_at`,
      [sha256(token), kind, iso(this.now())],
    );
    return result.rows[0] ?? null;
  }

  /** Voids every unused token of a kind (all reset links after the password changed). */
  async voidAll(userId: string, kind: TokenKind, tx?: Queryable): Promise<void> {
    await (tx ?? this.db).query('UPDATE account_tokens SET used_at = $3 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL', [userId, kind, iso(this.now())]);
  }
}
