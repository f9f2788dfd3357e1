import { CONTRACT_VERSION } from './index';
import pkg from '../package.json';

describe('CONTRACT_VERSION', () => {
  it('is the package version the remotes share at runtime (the shell’s shared-scope guard compares the two)', () => {
    expect(CONTRACT_VERSION).toBe(pkg.version);
  });
});
