/** Small cookie and storage helpers; storage errors are logged and ignored (spec section 8). */

export function readCookie(name: string, doc: Document = document): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of doc.cookie ? doc.cookie.split(';') : []) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return item.slice(prefix.length);
      }
    }
  }
  return null;
}

export interface CookieOptions {
  days?: number;
  /** parent domain such as studio.test; omitted for a host-only cookie */
  domain?: string;
  path?: string;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}, doc: Document = document): void {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`, 'SameSite=Lax'];
  if (options.days !== undefined) parts.push(`max-age=${Math.round(options.days * 86400)}`);
  if (options.domain) parts.push(`domain=${options.domain}`);
  if (doc.defaultView?.location.protocol === 'https:') parts.push('Secure');
  doc.cookie = parts.join('; ');
}

export function deleteCookie(name: string, options: Omit<CookieOptions, 'days'> = {}, doc: Document = document): void {
  const base = `${encodeURIComponent(name)}=; path=${options.path ?? '/'}; max-age=0`;
  doc.cookie = options.domain ? `${base}; domain=${options.domain}` : base;
  // a host-only copy may exist too
  if (options.domain) doc.cookie = base;
}

type StorageKind = 'local' | 'session';

function storage(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch (error) {
    console.warn(`[shell] ${kind}Storage unavailable`, error);
    return null;
  }
}

function storageFailed(kind: StorageKind, action: string, key: string, error: unknown): void {
  console.warn(`[shell] ${kind}Storage ${action} of ${key} failed`, error);
}

export function storageGet(kind: StorageKind, key: string): string | null {
  try {
    return storage(kind)?.getItem(key) ?? null;
  } catch (error) {
    storageFailed(kind, 'read', key, error);
    return null;
  }
}

export function storageSet(kind: StorageKind, key: string, value: string): void {
  try {
    storage(kind)?.setItem(key, value);
  } catch (error) {
    storageFailed(kind, 'write', key, error);
  }
}

export function storageRemove(kind: StorageKind, key: string): void {
  try {
    storage(kind)?.removeItem(key);
  } catch (error) {
    storageFailed(kind, 'remove', key, error);
  }
}

export function storageGetJson<T>(kind: StorageKind, key: string): T | null {
  const text = storageGet(kind, key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    console.warn(`[shell] ${kind}Storage ${key} is not JSON; ignored`, error);
    return null;
  }
}
