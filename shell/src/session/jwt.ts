import type { TokenPayload } from 'shared-contracts';

/** Reads (never verifies) the payload of a jwt; answers null for anything that is not one. */
export function decodeJwtPayload(jwt: string): Partial<TokenPayload> | null {
  const part = jwt.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
    const payload: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return payload && typeof payload === 'object' ? (payload as Partial<TokenPayload>) : null;
  } catch {
    return null;
  }
}

export function uidOfToken(jwt: string): string | null {
  const payload = decodeJwtPayload(jwt);
  if (!payload) return null;
  const uid = payload.uid ?? (payload as { sub?: unknown }).sub;
  return typeof uid === 'string' || typeof uid === 'number' ? String(uid) : null;
}
