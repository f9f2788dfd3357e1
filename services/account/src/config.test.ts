import { DEV_CLIENT_SECRET, loadAccountConfig, loadAccountServerSettings, resolveConfig } from './config.js';

describe('loadAccountConfig', () => {
  const quiet = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  afterAll(() => quiet.mockRestore());

  test('production needs the client secret and the token secret', () => {
    expect(() => loadAccountConfig({ NODE_ENV: 'production' })).toThrow('ACCOUNT_CLIENT_SECRET');
    expect(() => loadAccountConfig({ NODE_ENV: 'production', ACCOUNT_CLIENT_SECRET: 's' })).toThrow('ACCOUNT_TOKEN_SECRET');
  });

  test('development defaults: the product web client with the development secret and the local origins', () => {
    const config = loadAccountConfig({});
    expect(config.clients).toEqual([
      expect.objectContaining({ id: 'studio-web', secret: DEV_CLIENT_SECRET, allowedOrigins: ['http://localhost:8080', 'http://app.studio.test:8080'] }),
    ]);
    expect(config.cookieSecure).toBe('auto');
    expect(resolveConfig(config).tokenSecret.length).toBeGreaterThanOrEqual(32);
  });

  test('reads origins, redirect URIs, cookie and limit settings', () => {
    const config = resolveConfig(
      loadAccountConfig({
        ACCOUNT_CLIENT_SECRET: 'x',
        ACCOUNT_TOKEN_SECRET: 'y'.repeat(32),
        ACCOUNT_ALLOWED_ORIGINS: 'https://app.example.com, https://www.example.com',
        ACCOUNT_REDIRECT_URIS: 'https://partner.example.net/cb',
        ACCOUNT_COOKIE_SECURE: '1',
        ACCOUNT_COUNTRY_HEADER: 'CF-IPCountry',
        ACCOUNT_FAILURES_PER_EMAIL: '7',
      }),
    );
    expect(config.clients[0].allowedOrigins).toEqual(['https://app.example.com', 'https://www.example.com']);
    expect(config.clients[0].redirectUris).toEqual(['https://partner.example.net/cb']);
    expect(config.cookieSecure).toBe(true);
    expect(config.countryHeader).toBe('cf-ipcountry');
    expect(config.rateLimit).toMatchObject({ failuresPerEmail: 7, loginPerIp: 20, windowMs: 15 * 60 * 1000 });
  });

  test('a bad setting stops the start with its name and value', () => {
    expect(() => loadAccountServerSettings({ ACCOUNT_PORT: 'eighty' })).toThrow('ACCOUNT_PORT must be integer (got "eighty")');
    expect(() => loadAccountConfig({ ACCOUNT_LOGIN_PER_IP: 'ten' })).toThrow('ACCOUNT_LOGIN_PER_IP must be integer (got "ten")');
    expect(() => loadAccountConfig({ ACCOUNT_COOKIE_SECURE: 'yes' })).toThrow('ACCOUNT_COOKIE_SECURE');
    // the rate counter keeps a window two days at most
    expect(() => loadAccountConfig({ ACCOUNT_RATE_WINDOW_MS: String(3 * 24 * 3600_000) })).toThrow('ACCOUNT_RATE_WINDOW_MS must be <= 172800000');
    const settings = loadAccountServerSettings({ ACCOUNT_PORT: '8141', DATABASE_URL: 'postgres://db/account' });
    expect([settings.port, settings.host, settings.database.url, settings.seedDemo]).toEqual([8141, '127.0.0.1', 'postgres://db/account', false]);
    expect(loadAccountServerSettings({}).seedDemo).toBe(true);
  });

  test('a short token secret is refused', () => {
    expect(() => resolveConfig({ clients: [{ id: 'a', name: 'a', secret: 's', allowedOrigins: [] }], tokenSecret: 'short' })).toThrow('tokenSecret');
  });
});
