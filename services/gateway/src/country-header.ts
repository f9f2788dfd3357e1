/**
 * Country headers a client could write (cf-ipcountry and the like) never reach the services unless the
 * edge in front is configured as the one that sets them (COUNTRY_HEADER): then that header is the edge's
 * and passes, every other one is still dropped.
 */
import type { FastifyRequest } from 'fastify';

const COUNTRY_HEADERS = ['cf-ipcountry', 'x-country', 'x-country-code', 'x-geo-country', 'x-appengine-country', 'cloudfront-viewer-country', 'x-vercel-ip-country'];

export function stripUntrustedCountry(trustedHeader: string | undefined) {
  const trusted = (trustedHeader ?? '').trim().toLowerCase();
  return async (request: FastifyRequest): Promise<void> => {
    for (const name of COUNTRY_HEADERS) if (name !== trusted) delete request.headers[name];
  };
}
