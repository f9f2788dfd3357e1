import { shareScopeWarnings, type ShareScopeView } from './shared-scope-guard';

describe('shared scope guard', () => {
  it('says nothing when each singleton is loaded once', () => {
    const scopes: ShareScopeView = {
      default: {
        react: { '19.2.0': { from: 'shell', loaded: true }, '19.1.0': { from: 'remote_create' } },
        'shared-contracts': { '1.0.0': { from: 'shell', loaded: true }, '1.4.0': { from: 'remote_tools' } },
      },
    };
    expect(shareScopeWarnings(scopes)).toEqual([]);
  });

  it('warns about a second loaded copy of a singleton', () => {
    const scopes: ShareScopeView = {
      default: {
        react: { '19.2.0': { from: 'shell', loaded: true }, '18.3.1': { from: 'remote_billing', loaded: true } },
      },
    };
    const warnings = shareScopeWarnings(scopes);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/react is a shared singleton but 2 copies are loaded.*18\.3\.1 from remote_billing/);
  });
});
