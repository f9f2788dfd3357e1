/** HMAC-SHA256 signatures for upload grants and file links (stateless: the URL carries everything). */
import { createHmac, timingSafeEqual } from 'node:crypto';

export interface Signer {
  sign(parts: (string | number)[]): string;
  verify(parts: (string | number)[], signature: string): boolean;
}

export function createSigner(secret: string): Signer {
  if (secret.length < 16) throw new Error('the storage signing secret must have at least 16 characters');
  const mac = (parts: (string | number)[]) => createHmac('sha256', secret).update(parts.map(String).join('\n')).digest('base64url');
  return {
    sign: mac,
    verify(parts, signature) {
      const expected = Buffer.from(mac(parts));
      const given = Buffer.from(signature ?? '');
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

/** A signing secret derived from the API's JWT secret when STORAGE_SIGNING_SECRET is not set. */
export function deriveSigningSecret(jwtSecret: string): string {
  return createHmac('sha256', jwtSecret).update('studio-storage-signing-v1').digest('base64url');
}
