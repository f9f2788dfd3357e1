import { defaultConfig, readShellConfig } from './shell-config';

function inject(json: string) {
  document.head.innerHTML = `<script id="shell-config" type="application/json">${json}</script>`;
}

describe('runtime config', () => {
  afterEach(() => {
    document.head.innerHTML = '';
  });

  it('falls back to defaults without an injected config', () => {
    const config = readShellConfig();
    expect(config).toMatchObject({ apiBase: '', accountOrigin: window.location.origin, env: 'development', cookieDomain: '', resourceBase: '' });
    expect(config.ownDomains).toContain(window.location.hostname);
    expect(defaultConfig('http://studio.test').canonicalOrigin).toBe('https://studio.test');
  });

  it('merges the injected JSON and ignores mistyped fields', () => {
    inject(
      JSON.stringify({
        apiBase: 'https://api.studio.test/',
        accountOrigin: 'https://account.studio.test',
        env: 'beta',
        cookieDomain: 'studio.test',
        communityInviteUrl: 'https://discord.gg/x',
        canonicalOrigin: 'https://www.studio.test',
        ownDomains: ['studio.test'],
        productId: 42,
        resourceBase: 'https://static.studio.test/',
      }),
    );
    const config = readShellConfig();
    expect(config).toMatchObject({
      apiBase: 'https://api.studio.test',
      accountOrigin: 'https://account.studio.test',
      env: 'beta',
      cookieDomain: 'studio.test',
      communityInviteUrl: 'https://discord.gg/x',
      canonicalOrigin: 'https://www.studio.test',
      productId: '',
      resourceBase: 'https://static.studio.test',
    });
    expect(config.ownDomains).toEqual(['studio.test', window.location.hostname]);
  });

  it('survives invalid JSON', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    inject('{oops');
    expect(readShellConfig().apiBase).toBe('');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});
