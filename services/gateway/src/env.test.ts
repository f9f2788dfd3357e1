import { loadGatewaySettings, loadRemoteServerSettings } from './env';

describe('the gateway settings', () => {
  it('reads the gateway on its own, numbers as numbers, with its defaults', () => {
    expect(loadGatewaySettings({ GATEWAY_PORT: '8142', EMBED_ORIGINS: 'https://partner.example' })).toMatchObject({
      port: 8142,
      host: '0.0.0.0',
      apiUrl: 'http://api:8120',
      accountUrl: 'http://account:8130',
      embedOrigins: ['https://partner.example'],
    });
  });

  it('stops a start on a bad setting, naming it and its value', () => {
    expect(() => loadGatewaySettings({ GATEWAY_PORT: 'eighty' })).toThrow('GATEWAY_PORT must be integer (got "eighty")');
    expect(() => loadRemoteServerSettings({ REMOTE: 'remote-create', PORT: '2d' })).toThrow('PORT must be integer (got "2d")');
    expect(() => loadRemoteServerSettings({ REMOTE: 'remote-nothing' })).toThrow('REMOTE');
    expect(() => loadRemoteServerSettings({})).toThrow("must have required property 'REMOTE'");
  });

  it('serves one remote from its dist folder unless REMOTE_DIR says otherwise', () => {
    const settings = loadRemoteServerSettings({ REMOTE: 'remote-create' });
    expect(settings.root).toMatch(/remote-create\/dist$/);
    expect([settings.port, settings.host]).toEqual([8200, '0.0.0.0']);
    expect(loadRemoteServerSettings({ REMOTE: 'remote-create', REMOTE_DIR: '/srv/remote' }).root).toBe('/srv/remote');
  });
});
