/**
 * Country by IP, offline: the geo-whois-asn-country MMDB that ships in npm (@ip-location-db, data
 * CC BY 4.0 by the NRO, attribution in the API README) read with the `maxmind` reader. Loaded once, on the
 * first lookup (~8 MB, a few ms to open); private, loopback and unknown addresses answer ''.
 */
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { Reader, type CountryResponse } from 'maxmind';

/** the database's record: { country_code } (declared beside maxmind's own Country shape for its type bound) */
type CountryRecord = CountryResponse & { country_code?: string };

export interface CountryLookup {
  /** ISO 3166-1 alpha-2 code of an address, or '' */
  lookup(ip: string): string;
}

function defaultMmdbPath(): string {
  return require.resolve('@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb');
}

export function createCountryLookup(mmdbPath: string = defaultMmdbPath()): CountryLookup {
  let reader: Reader<CountryRecord> | null = null;
  return {
    lookup(ip) {
      // an IPv4 address mapped into IPv6 (::ffff:1.2.3.4) is looked up as IPv4
      const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
      if (!isIP(address)) return '';
      reader ??= new Reader<CountryRecord>(readFileSync(mmdbPath));
      const code = reader.get(address)?.country_code ?? '';
      return /^[A-Z]{2}$/.test(code) ? code : '';
    },
  };
}

let shared: CountryLookup | null = null;
/** One reader per process. */
export function sharedCountryLookup(): CountryLookup {
  shared ??= createCountryLookup();
  return shared;
}
