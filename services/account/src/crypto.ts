/** Password hashing (scrypt), random tokens, hashes and constant-time comparison. */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

const SCRYPT_KEYLEN = 64;
/** N=2^15, r=8, p=1: 32 MiB and ~140 ms per hash on this machine kind (2 cores); parameters are stored with each hash. */
export const SCRYPT_DEFAULTS = { N: 32768, r: 8, p: 1 } as const;

function scryptAsync(password: string, salt: Buffer, N: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, SCRYPT_KEYLEN, { N, r, p, maxmem: 256 * N * r + 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** `scrypt$N$r$p$salt$hash` (base64url); the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string, params: { N: number; r: number; p: number } = SCRYPT_DEFAULTS): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, params.N, params.r, params.p);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map((value) => Number.parseInt(value, 10));
  if (!N || !r || !p) return false;
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await scryptAsync(password, Buffer.from(parts[4], 'base64url'), N, r, p);
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A hash of a random password, so a login for an unknown e-mail costs as much as one for a known e-mail. */
const dummyHashes = new Map<string, Promise<string>>();
export function dummyPasswordHash(params: { N: number; r: number; p: number } = SCRYPT_DEFAULTS): Promise<string> {
  const key = `${params.N}:${params.r}:${params.p}`;
  let hash = dummyHashes.get(key);
  if (!hash) {
    hash = hashPassword('not-a-real-password-' + randomBytes(8).toString('hex'), params);
    dummyHashes.set(key, hash);
  }
  return hash;
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url');
}

/** Constant-time string comparison (hashes both sides first so lengths do not leak). */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

/** RFC 7636: code_challenge = BASE64URL(SHA256(ASCII(code_verifier))). */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** RFC 7636 section 4.1: 43 to 128 characters of [A-Z a-z 0-9 - . _ ~]. */
export const PKCE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is 43 base64url characters. */
export const PKCE_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;
