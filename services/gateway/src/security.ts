/**
 * Browser security headers for everything the gateway answers, with @fastify/helmet (a well-kept plugin
 * that knows every header's quirks) rather than hand-set headers:
 *
 * - Content-Security-Policy: scripts only from our origin, the remotes named in remotes.json (read again
 *   when it changes, so a redeployed remote on a new origin is allowed without a restart) and a per-request nonce
 *   for the page's own inline script; the account service as the only frame; the CMS store is our own
 *   origin (`/api/cms-data`), so CMS scripts can only come from us.
 * - frame-ancestors: our own origin plus EMBED_ORIGINS (the product's own sites that embed the shell,
 *   the spec's side-app mode); nobody else may frame a signed-in page.
 * - nosniff, Referrer-Policy, Cross-Origin-Opener-Policy that keeps the login pop-up's opener.
 * - HSTS only when the request arrived over https (a plain-http development server must not pin it).
 *
 * The account service's pages set their own, stricter CSP (their frame-ancestors list the client origins);
 * a header a route sets wins over these defaults.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet from '@fastify/helmet';
import type { RemotesManifest } from 'shared-contracts';
import type { RemotesSource } from './remotes-source.js';

export interface SecurityOptions {
  /** where the remotes manifest comes from (its absolute entries' origins are allowed for scripts and styles) */
  remotes: RemotesSource;
  /** the account service's origin when it is not ours (frames, form posts, connections) */
  accountOrigin?: string;
  /** the API's origin when it is not ours */
  apiBase?: string;
  /** origins allowed to frame the shell besides our own */
  embedOrigins?: string[];
  /** HSTS max-age in seconds (default one year) */
  hstsMaxAgeSeconds?: number;
}

/** The origin of an absolute http(s) URL, else null (relative URLs are our own origin). */
function originOf(url: string | undefined): string | null {
  if (!url || !/^https?:\/\//i.test(url)) return null;
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

function remoteOrigins(manifest: RemotesManifest): string[] {
  return [...new Set(manifest.remotes.map((remote) => originOf(remote.entry)).filter((origin): origin is string => origin !== null))];
}

/** A list of origins from configuration ("https://a.example, https://b.example"); anything else is dropped. */
export function parseOrigins(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => originOf(item.trim()))
    .filter((origin): origin is string => origin !== null);
}

const NONCE = Symbol('csp-nonce');
const ORIGINS = Symbol('csp-remote-origins');
type NonceCarrier = { [NONCE]?: string; [ORIGINS]?: string };

/** The script nonce of this request's Content-Security-Policy. */
export function scriptNonce(reply: FastifyReply): string {
  return (reply.raw as NonceCarrier)[NONCE] ?? '';
}

type DirectiveValue = string | ((request: unknown, reply: unknown) => string);

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityOptions): Promise<void> {
  const account = originOf(options.accountOrigin);
  const api = originOf(options.apiBase);
  // the origins are worked out once per manifest change, and looked up once per request (every directive
  // that names them reads the request's copy)
  const originsNow = options.remotes.derived((manifest) => remoteOrigins(manifest).join(' '));
  const remotes: DirectiveValue = (_request, response) => (response as NonceCarrier)[ORIGINS] ?? '';
  // helmet calls a function directive with node's request and response; the nonce lives on the response.
  // Not helmet's enableCSPNonces: it adds a style nonce too, and a nonce makes browsers ignore the
  // 'unsafe-inline' that emotion's run-time <style> elements need.
  const nonce: DirectiveValue = (_request, response) => `'nonce-${(response as NonceCarrier)[NONCE] ?? ''}'`;
  app.addHook('onRequest', async (_request, reply) => {
    (reply.raw as NonceCarrier)[NONCE] = randomBytes(16).toString('base64');
    (reply.raw as NonceCarrier)[ORIGINS] = originsNow();
  });
  const extra = (...origins: (string | null)[]) => origins.filter((origin): origin is string => origin !== null);
  const directives: Record<string, DirectiveValue[]> = {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", nonce, remotes],
    // emotion writes <style> elements at run time: inline styles stay allowed, remote stylesheets too
    styleSrc: ["'self'", "'unsafe-inline'", remotes],
    imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...extra(account)],
    mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
    fontSrc: ["'self'", 'data:', remotes],
    connectSrc: ["'self'", remotes, ...extra(account, api)],
    frameSrc: ["'self'", ...extra(account)],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...extra(account)],
    frameAncestors: ["'self'", ...(options.embedOrigins ?? [])],
  };
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives },
    // frame-ancestors is the frame protection; X-Frame-Options cannot name the embedding origins
    frameguard: false,
    // the login pop-up posts its result to its opener
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    // remotes and avatars are loaded by other origins of the product; the remote folders say so themselves
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
  });
  const hsts = `max-age=${options.hstsMaxAgeSeconds ?? 31536000}; includeSubDomains`;
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    if (request.protocol === 'https') reply.header('strict-transport-security', hsts);
    if (request.url.startsWith('/remotes/')) reply.header('cross-origin-resource-policy', 'cross-origin');
    // the account pages open in a pop-up of another origin and post back to their opener: a COOP header on
    // them would sever it (helmet writes on the raw response, so it is removed there)
    if (request.url.startsWith('/account/')) reply.raw.removeHeader('cross-origin-opener-policy');
    return payload;
  });
}

/** Puts the request's nonce on the page's inline scripts (the theme script that runs before first paint). */
export function withScriptNonce(html: string, nonce: string): string {
  return html.replace(/<script(?![^>]*\bnonce=)(?=[\s>])/g, `<script nonce="${nonce}"`);
}
