/**
 * The OpenID Provider's signing key (RS256, the algorithm OpenID Connect requires every provider to offer and clients expect by default; jose): ACCOUNT_OIDC_SIGNING_KEY (a private JWK) in production;
 * elsewhere one is made once and kept in the database, so ID tokens stay verifiable across restarts.
 */
import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type JWK, type CryptoKey } from 'jose';
import type { Database } from '@studio/db';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey | Uint8Array;
  publicJwk: JWK;
}

async function fromJwk(jwk: JWK): Promise<SigningKey> {
  const kid = jwk.kid ?? 'configured';
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, ...publicJwk } = jwk;
  return { kid, privateKey: await importJWK({ ...jwk, alg: 'RS256' }, 'RS256'), publicJwk: { ...publicJwk, kid, alg: 'RS256', use: 'sig' } };
}

export async function loadSigningKey(db: Database, configured: string | undefined): Promise<SigningKey> {
  if (configured) return fromJwk(JSON.parse(configured) as JWK);
  const stored = await db.query<{ private_jwk: string }>('SELECT private_jwk FROM account_signing_keys ORDER BY created_at DESC LIMIT 1');
  if (stored.rows[0]) return fromJwk(JSON.parse(stored.rows[0].private_jwk) as JWK);
  const { privateKey } = await generateKeyPair('RS256', { extractable: true, modulusLength: 2048 });
  const jwk = { ...(await exportJWK(privateKey)), kid: randomUUID() };
  await db.query('INSERT INTO account_signing_keys (kid, private_jwk, created_at) VALUES ($1, $2, $3)', [jwk.kid, JSON.stringify(jwk), new Date().toISOString()]);
  return fromJwk(jwk);
}
