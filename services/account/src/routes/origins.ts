/**
 * Who is asking: this service's own origin and its public one, the client origins that may receive codes,
 * frame the pages and hear their messages, and the checks built on them: a form posted from our own pages
 * (login CSRF), a navigation from a trusted site, CORS for a client's host page.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ClientRow, normalizeOrigin } from '../store.js';
import type { AccountCore } from './core.js';

export type RequestOrigins = ReturnType<typeof requestOrigins>;

export function requestOrigins({ cfg, store, base }: Pick<AccountCore, 'cfg' | 'store' | 'base'>) {
  const ownOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
  /** where links in mails point: the public origin, else the origin this request reached */
  const publicBase = (request: FastifyRequest) => `${cfg.publicOrigin ?? ownOrigin(request)}${base}`;

  const allAllowedOrigins = async (): Promise<string[]> => {
    const origins = new Set<string>();
    for (const client of await store.allClients()) {
      client.allowed_origins.forEach((origin) => origins.add(origin));
      client.redirect_uris.forEach((uri) => origins.add(normalizeOrigin(uri)));
    }
    origins.delete('');
    return [...origins];
  };
  const clientOrigins = (client: ClientRow) =>
    [...new Set([...client.allowed_origins, ...client.redirect_uris.map(normalizeOrigin)])].filter(Boolean);

  /**
   * Form posts must come from the account pages themselves (login CSRF): the Origin is this service's own
   * origin, its public origin, or a registered client origin (where the pages live when a gateway mounts or
   * proxies the service on the product's origin and rewrites Host). Non-browser callers send no Origin.
   */
  const formFromOwnPage = async (request: FastifyRequest): Promise<boolean> => {
    const origin = request.headers.origin;
    if (origin === undefined) {
      const site = request.headers['sec-fetch-site'];
      return site === undefined || site === 'same-origin' || site === 'none';
    }
    if (origin === ownOrigin(request) || (cfg.publicOrigin !== undefined && origin === cfg.publicOrigin)) return true;
    return (await allAllowedOrigins()).includes(origin);
  };

  /**
   * A top-level navigation or frame load from this site (Sec-Fetch-Site same-origin, same-site, or none for
   * a typed address), or from a registered client origin on another site (its Referer's origin).
   * Browsers without Fetch Metadata send neither header and are let through.
   */
  const navigationFromTrustedSite = async (request: FastifyRequest): Promise<boolean> => {
    const site = request.headers['sec-fetch-site'];
    if (site === undefined || site === 'same-origin' || site === 'same-site' || site === 'none') return true;
    const from = normalizeOrigin(String(request.headers.referer ?? ''));
    return from !== '' && (await allAllowedOrigins()).includes(from);
  };

  const corsFor = async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    const origin = request.headers.origin;
    if (origin === undefined || origin === ownOrigin(request) || origin === cfg.publicOrigin) return true;
    if (!(await allAllowedOrigins()).includes(origin)) return false;
    reply.header('access-control-allow-origin', origin).header('access-control-allow-credentials', 'true').header('vary', 'Origin');
    return true;
  };

  return { ownOrigin, publicBase, allAllowedOrigins, clientOrigins, formFromOwnPage, navigationFromTrustedSite, corsFor };
}
