import { shareScopeWarnings, type ShareScopeView } from './shared-scope-guard';

describe('shared scope guard', () => {
  it('says nothing when each singleton is loaded once and every remote speaks the shell’s contract major', () => {
    const scopes: ShareScopeView = {
      default: {
        react: { '19.2.0': { from: 'shell', loaded: true }, '19.1.0': { from: 'remote_create' } },
        'shared-contracts': { '1.0.0': { from: 'shell', loaded: true }, '1.4.0': { from: 'remote_tools' } },
      },
    };
    expect(shareScopeWarnings(scopes, '1.0.0')).toEqual([]);
  });

  it('warns about a second loaded copy of a singleton and a remote built against another contract major', () => {
    const scopes: ShareScopeView = {
      default: {
        react: { '19.2.0': { from: 'shell', loaded: true }, '18.3.1': { from: 'remote_billing', loaded: true } },
        'shared-contracts': { '1.0.0': { from: 'shell', loaded: true }, '2.0.0': { from: 'remote_explore' } },
      },
    };
    const warnings = shareScopeWarnings(scopes, '1.0.0');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/react is a shared singleton but 2 copies are loaded.*18\.3\.1 from remote_billing/);
    expect(warnings[1]).toMatch(/remote_explore was built against shared-contracts 2\.0\.0; the shell speaks 1\.0\.0/);
  });
});
