import { loadApiConfig } from './config';

const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), ACCOUNT_CLIENT_SECRET: 'secret' };

describe('loadApiConfig', () => {
  it('serves Swagger UI in production only when API_DOCS=1 asks for it', () => {
    expect(loadApiConfig(production).docs).toBe(false);
    expect(loadApiConfig({ ...production, API_DOCS: '1' }).docs).toBe(true);
    expect(loadApiConfig({}).docs).toBe(true);
    expect(loadApiConfig({ API_DOCS: '0' }).docs).toBe(false);
  });

  it('believes forwarding headers only from the proxies TRUST_PROXY names, never from everyone', () => {
    expect(loadApiConfig({}).proxyTrust).toBe(false);
    expect(loadApiConfig({ TRUST_PROXY: '10.0.0.0/8' }).proxyTrust).toBe('10.0.0.0/8');
    const oneHop = loadApiConfig({ TRUST_PROXY: '1' }).proxyTrust;
    expect(typeof oneHop === 'function' && oneHop('203.0.113.1', 0) && !oneHop('203.0.113.2', 1)).toBe(true);
    expect(() => loadApiConfig({ TRUST_PROXY: 'true' })).toThrow(/never 'true'/);
  });
});
