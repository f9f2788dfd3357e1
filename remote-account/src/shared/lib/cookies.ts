/** document.cookie helpers (the token cookie sits on the parent domain, see ShellConfig.cookieDomain). */

export function readCookie(name: string, doc: Document = document): string | null {
  for (const part of doc.cookie ? doc.cookie.split(';') : []) {
    const index = part.indexOf('=');
    const key = (index < 0 ? part : part.slice(0, index)).trim();
    if (key === name) {
      const value = index < 0 ? '' : part.slice(index + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number, domain = '', doc: Document = document): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', `max-age=${Math.round(maxAgeSeconds)}`, 'SameSite=Lax'];
  if (domain) parts.push(`domain=${domain}`);
  if (typeof location !== 'undefined' && location.protocol === 'https:') parts.push('Secure');
  doc.cookie = parts.join('; ');
}

/**
 * Expires a cookie everywhere it may have been set: host-only and on every parent domain of the host
 * (and the configured cookie domain), path /.
 */
export function deleteCookie(name: string, cookieDomain = '', doc: Document = document, hostname = location.hostname): void {
  const domains = new Set<string>(['']);
  if (cookieDomain) domains.add(cookieDomain);
  const labels = hostname.split('.');
  for (let i = 0; i < labels.length - 1; i += 1) domains.add(labels.slice(i).join('.'));
  for (const domain of domains) {
    doc.cookie = `${name}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT${domain ? `; domain=${domain}` : ''}`;
  }
}
