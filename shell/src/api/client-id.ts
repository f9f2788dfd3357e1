import { CLIENT_ID_COOKIE_DAYS } from 'shared-contracts';
import { readCookie, writeCookie } from './cookies';

const CLIENT_ID_COOKIE = 'studio_client_sn';

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  if (typeof crypto !== 'undefined') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The persistent client id (X-Client-Sn): kept in a cookie for 14 days, renewed on every start. */
export function ensureClientId(doc: Document = document): string {
  const existing = readCookie(CLIENT_ID_COOKIE, doc);
  const id = existing && /^[\w-]{8,64}$/.test(existing) ? existing : randomId();
  writeCookie(CLIENT_ID_COOKIE, id, { days: CLIENT_ID_COOKIE_DAYS }, doc);
  return id;
}
