/**
 * The caller's country, one answer for every rule that depends on it (check-in countries, European users,
 * the A/B country rules, India's sku): the trusted edge header when COUNTRY_HEADER is configured (the
 * edge overwrites it, so a client cannot choose it), else the offline IP database on the client address
 * (request.ip, which honours TRUST_PROXY), else the country recorded for the signed-in user at sign-in
 * (itself from the network, never from the sign-up form).
 */
import type { FastifyRequest } from 'fastify';
import type { ApiConfig } from '../../config.js';
import { sharedCountryLookup, type CountryLookup } from './lookup.js';

const CODE = /^[A-Z]{2}$/;

/** A header value as a country code ('' for absent, XX unknown and T1 Tor). */
function normaliseHeaderCountry(value: string | string[] | undefined): string {
  const code = (Array.isArray(value) ? value[0] : value ?? '').trim().toUpperCase();
  return CODE.test(code) && code !== 'XX' && code !== 'T1' ? code : '';
}

/** The country of the network the request came from ('' when neither the edge nor the database knows). */
export function networkCountry(request: FastifyRequest, config: Pick<ApiConfig, 'countryHeader'>, lookup: CountryLookup = sharedCountryLookup()): string {
  if (config.countryHeader) {
    const fromEdge = normaliseHeaderCountry(request.headers[config.countryHeader]);
    if (fromEdge) return fromEdge;
  }
  return lookup.lookup(request.ip);
}

export function countryOfRequest(
  request: FastifyRequest,
  config: Pick<ApiConfig, 'countryHeader'>,
  caller: { country: string } | null = request.user,
  lookup?: CountryLookup,
): string {
  return networkCountry(request, config, lookup) || caller?.country || '';
}
