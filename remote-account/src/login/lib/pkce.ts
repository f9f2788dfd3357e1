/** PKCE (RFC 7636, S256) and the OAuth state, made with WebCrypto. */
import { sha256 } from './sha256';

function base64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomToken(byteLength: number, cryptoImpl: Crypto = globalThis.crypto): string {
  const bytes = new Uint8Array(byteLength);
  cryptoImpl.getRandomValues(bytes);
  return base64Url(bytes);
}

/** BASE64URL(SHA-256(ASCII(verifier))) */
export async function challengeOf(verifier: string, cryptoImpl: Crypto = globalThis.crypto): Promise<string> {
  const bytes = new TextEncoder().encode(verifier);
  // crypto.subtle exists only in secure contexts (https, localhost); a plain-http host gets the fallback
  if (cryptoImpl.subtle && typeof cryptoImpl.subtle.digest === 'function') {
    return base64Url(new Uint8Array(await cryptoImpl.subtle.digest('SHA-256', bytes)));
  }
  return base64Url(sha256(bytes));
}

export interface PkcePair {
  /** 43 characters from 32 random bytes */
  verifier: string;
  challenge: string;
  state: string;
}

export async function createPkce(cryptoImpl: Crypto = globalThis.crypto): Promise<PkcePair> {
  const verifier = randomToken(32, cryptoImpl);
  return { verifier, challenge: await challengeOf(verifier, cryptoImpl), state: randomToken(16, cryptoImpl) };
}
