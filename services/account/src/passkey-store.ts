/** Passkeys (WebAuthn credentials) and their single-use challenges. */
import type { Database } from '@studio/db';

export interface PasskeyRow {
  credential_id: string;
  user_id: string;
  public_key: Uint8Array;
  counter: number;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

export class PasskeyStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number,
  ) {}

  async saveChallenge(challenge: string, kind: 'register' | 'login', userId: string | null, ttlMs = 5 * 60 * 1000): Promise<void> {
    const now = this.now();
    if (Math.random() < 0.05) await this.db.query('DELETE FROM account_webauthn_challenges WHERE expires_at < $1', [iso(now)]);
    await this.db.query('INSERT INTO account_webauthn_challenges (challenge, kind, user_id, expires_at) VALUES ($1, $2, $3, $4)', [challenge, kind, userId, iso(now + ttlMs)]);
  }

  /** Spends a challenge: true once, for the kind (and the user of a registration) it was made for, before it expires. */
  async consumeChallenge(challenge: string, kind: 'register' | 'login', userId: string | null): Promise<boolean> {
    if (challenge.length > 200) return false;
    const result = await this.db.query(
      `DELETE FROM account_webauthn_challenges WHERE challenge = $1 AND kind = $2 AND expires_at > $3 AND (user_id IS NOT DISTINCT FROM $4::uuid)`,
      [challenge, kind, iso(this.now()), userId],
    );
    return result.rowCount > 0;
  }

  async list(userId: string): Promise<PasskeyRow[]> {
    return (await this.db.query<PasskeyRow>('SELECT * FROM account_passkeys WHERE user_id = $1 ORDER BY created_at', [userId])).rows;
  }

  async find(credentialId: string): Promise<PasskeyRow | null> {
    if (credentialId.length > 1400) return null;
    return (await this.db.query<PasskeyRow>('SELECT * FROM account_passkeys WHERE credential_id = $1', [credentialId])).rows[0] ?? null;
  }

  async add(input: { credentialId: string; userId: string; publicKey: Uint8Array; counter: number; transports: string[]; name: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO account_passkeys (credential_id, user_id, public_key, counter, transports, name, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (credential_id) DO NOTHING`,
      [input.credentialId, input.userId, Buffer.from(input.publicKey), input.counter, input.transports, input.name.slice(0, 100), iso(this.now())],
    );
  }

  async used(credentialId: string, counter: number): Promise<void> {
    await this.db.query('UPDATE account_passkeys SET counter = $2, last_used_at = $3 WHERE credential_id = $1', [credentialId, counter, iso(this.now())]);
  }

  async remove(userId: string, credentialId: string): Promise<boolean> {
    return (await this.db.query('DELETE FROM account_passkeys WHERE user_id = $1 AND credential_id = $2', [userId, credentialId])).rowCount > 0;
  }
}
