/**
 * Cookies of the account service. Reading is @fastify/cookie's (request.cookies, registered inside the
 * account plugin unless the host app already has it). Writing stays here: the Set-Cookie attributes are
 * written in a fixed order (Path, Max-Age, HttpOnly, Secure, SameSite) that the pages' tests pin, and
 * several cookies go on one answer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyCookie from '@fastify/cookie';

export async function registerCookies(app: FastifyInstance): Promise<void> {
  if (!app.hasRequestDecorator('cookies')) await app.register(fastifyCookie);
}

export function readCookies(request: FastifyRequest): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.cookies ?? {})) if (typeof value === 'string') cookies[name] = value;
  return cookies;
}

export interface CookieOptions {
  path: string;
  maxAgeSeconds?: number;
  httpOnly?: boolean;
  secure: boolean;
  sameSite: 'None' | 'Lax' | 'Strict';
}

function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Path=${options.path}`];
  if (options.maxAgeSeconds !== undefined) {
    parts.push(`Max-Age=${Math.floor(options.maxAgeSeconds)}`);
    if (options.maxAgeSeconds <= 0) parts.push('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
  }
  if (options.httpOnly !== false) parts.push('HttpOnly');
  if (options.secure) parts.push('Secure');
  parts.push(`SameSite=${options.sameSite}`);
  return parts.join('; ');
}

/** Appends a Set-Cookie header (several may be set on one answer). */
export function setCookie(reply: FastifyReply, name: string, value: string, options: CookieOptions): void {
  const existing = reply.getHeader('set-cookie');
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing.map(String) : [String(existing)];
  list.push(serializeCookie(name, value, options));
  reply.header('set-cookie', list);
}

export function clearCookie(reply: FastifyReply, name: string, options: Omit<CookieOptions, 'maxAgeSeconds'>): void {
  setCookie(reply, name, '', { ...options, maxAgeSeconds: 0 });
}
