/** Country by IP from the MMDB in npm; the edge header only when configured; the sign-up form never decides. */
import Fastify, { type FastifyRequest } from 'fastify';
import { createCountryLookup } from './lookup';
import { countryOfRequest, networkCountry } from './index';

const lookup = createCountryLookup();

async function requestFrom(ip: string, headers: Record<string, string> = {}): Promise<FastifyRequest> {
  const app = Fastify();
  let seen: FastifyRequest | null = null;
  app.get('/', async (request) => {
    seen = request;
    return 'ok';
  });
  await app.inject({ method: 'GET', url: '/', headers, remoteAddress: ip });
  await app.close();
  return seen as unknown as FastifyRequest;
}

describe('country', () => {
  it('finds public IPv4 and IPv6 addresses offline; private and loopback addresses have none', () => {
    expect(lookup.lookup('8.8.8.8')).toBe('US');
    expect(lookup.lookup('200.160.2.3')).toBe('BR');
    expect(lookup.lookup('::ffff:200.160.2.3')).toBe('BR');
    expect(lookup.lookup('2001:4860:4860::8888')).toBe('US');
    expect(lookup.lookup('127.0.0.1')).toBe('');
    expect(lookup.lookup('10.0.0.1')).toBe('');
    expect(lookup.lookup('not an ip')).toBe('');
  });

  it('ignores a client-sent cf-ipcountry unless the edge header is configured', async () => {
    const request = await requestFrom('200.160.2.3', { 'cf-ipcountry': 'CL' });
    expect(networkCountry(request, { countryHeader: '' }, lookup)).toBe('BR');
    expect(networkCountry(request, { countryHeader: 'cf-ipcountry' }, lookup)).toBe('CL');
    const unknown = await requestFrom('200.160.2.3', { 'cf-ipcountry': 'XX' });
    expect(networkCountry(unknown, { countryHeader: 'cf-ipcountry' }, lookup)).toBe('BR');
  });

  it("prefers the network's country to the one recorded for the user", async () => {
    const fromChile = await requestFrom('200.27.0.1');
    expect(countryOfRequest(fromChile, { countryHeader: '' }, { country: 'TH' }, lookup)).toBe(lookup.lookup('200.27.0.1'));
    const local = await requestFrom('127.0.0.1');
    expect(countryOfRequest(local, { countryHeader: '' }, { country: 'TH' }, lookup)).toBe('TH');
    expect(countryOfRequest(local, { countryHeader: '' }, null, lookup)).toBe('');
  });
});
