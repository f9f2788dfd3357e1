/**
 * Link rules of spec section 2, in one place: links to the product's own AI section are routed in-app;
 * other links on our own domains navigate the same window; anything else opens a new tab.
 * "Our own AI section" is a relative path, a same-origin URL, or a URL on one of our own domains under
 * the /ai prefix (the public address of these pages, see metadata.ts); the prefix is dropped in-app.
 */
export type LinkTarget =
  | { kind: 'in-app'; to: string }
  | { kind: 'same-window'; href: string }
  | { kind: 'new-tab'; href: string };

export interface LinkContext {
  /** the app's origin, e.g. https://app.studio.test */
  origin: string;
  /** host names that are ours (subdomains included), e.g. ['studio.test'] */
  ownDomains: readonly string[];
}

export const AI_PREFIX = '/ai';

function isOwnHost(hostname: string, ownDomains: readonly string[]): boolean {
  const host = hostname.toLowerCase();
  return ownDomains.some((domain) => {
    const d = domain.toLowerCase().replace(/^\./, '');
    return host === d || host.endsWith(`.${d}`);
  });
}

function stripAiPrefix(pathname: string): string | null {
  if (pathname === AI_PREFIX || pathname === `${AI_PREFIX}/`) return '/';
  if (pathname.startsWith(`${AI_PREFIX}/`)) return pathname.slice(AI_PREFIX.length);
  return null;
}

export function classifyLink(href: string, context: LinkContext): LinkTarget {
  const trimmed = href.trim();
  // a path on this app (not protocol-relative)
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) {
    const url = new URL(trimmed, context.origin);
    const inApp = stripAiPrefix(url.pathname) ?? url.pathname;
    return { kind: 'in-app', to: `${inApp}${url.search}${url.hash}` };
  }
  let url: URL;
  try {
    url = new URL(trimmed, context.origin);
  } catch {
    return { kind: 'same-window', href: trimmed };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'same-window', href: url.href };
  const sameOrigin = url.origin === new URL(context.origin).origin;
  const own = sameOrigin || isOwnHost(url.hostname, context.ownDomains);
  if (!own) return { kind: 'new-tab', href: url.href };
  const aiPath = stripAiPrefix(url.pathname);
  if (aiPath !== null) return { kind: 'in-app', to: `${aiPath}${url.search}${url.hash}` };
  if (sameOrigin) return { kind: 'in-app', to: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'same-window', href: url.href };
}
