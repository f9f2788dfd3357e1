import { CONTRACT_VERSION } from 'shared-contracts';
import { contractGuard, contractRefusal, declaredContract, isContractMismatch, type ContractRefusal, type ManifestView } from './contract-guard';

const manifest = (contract: { meta?: string; shared?: string }): ManifestView => ({
  id: 'remote_tools',
  name: 'remote_tools',
  metaData: { name: 'remote_tools', buildInfo: { buildVersion: '1.0.7' }, ...(contract.meta ? { contractVersion: contract.meta } : {}) },
  shared: [{ name: 'react', version: '19.2.0' }, ...(contract.shared ? [{ name: 'shared-contracts', version: contract.shared }] : [])],
});

describe('contract guard', () => {
  it('reads the declared contract, else the shared copy of a remote built before remotes declared it', () => {
    expect(declaredContract(manifest({ meta: '2.5.0', shared: '2.4.0' }))).toBe('2.5.0');
    expect(declaredContract(manifest({ shared: '1.3.0' }))).toBe('1.3.0');
    expect(declaredContract(manifest({}))).toBe('');
  });

  it('serves the same major, refuses another one or none, naming both versions', () => {
    expect(contractRefusal(manifest({ meta: '2.9.1' }), 'http://r/m.json', '2.4.0')).toBeNull();
    expect(contractRefusal(manifest({ shared: '1.3.0' }), 'http://r/m.json', '2.4.0')).toEqual({
      remote: 'remote_tools',
      remoteVersion: '1.0.7',
      remoteContract: '1.3.0',
      shellContract: '2.4.0',
      entry: 'http://r/m.json',
    });
    expect(contractRefusal(manifest({ meta: '3.0.0' }), 'x', '2.4.0')?.remoteContract).toBe('3.0.0');
    expect(contractRefusal(manifest({}), 'x', '2.4.0')?.remoteContract).toBe('');
  });

  it('fails the manifest of another major, and tells the operator once per entry', () => {
    const told: ContractRefusal[] = [];
    const guard = contractGuard((refusal) => told.push(refusal), '2.4.0');
    expect(() => guard(manifest({ meta: '2.4.0' }), 'http://r/2/m.json')).not.toThrow();
    expect(() => guard(manifest({ meta: '1.3.0' }), 'http://r/1/m.json')).toThrow(
      'remote_tools 1.0.7 was built against shared-contracts 1.3.0; this shell speaks 2.4.0, another major: refused',
    );
    let error: unknown = null;
    try {
      guard(manifest({ meta: '1.3.0' }), 'http://r/1/m.json');
    } catch (caught) {
      error = caught;
    }
    expect(isContractMismatch(error)).toBe(true);
    expect(told.map((refusal) => refusal.entry)).toEqual(['http://r/1/m.json']);
  });

  it('guards the contract this build speaks by default', () => {
    expect(contractRefusal(manifest({ meta: CONTRACT_VERSION }), 'x')).toBeNull();
  });
});
