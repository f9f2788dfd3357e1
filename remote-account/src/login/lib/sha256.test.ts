import { createHash, randomBytes } from 'node:crypto';
import { challengeOf } from './pkce';
import { sha256 } from './sha256';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('sha256 fallback', () => {
  it('matches node for the FIPS vectors and random inputs of many lengths', () => {
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hex(sha256(new Uint8Array(0)))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    for (const length of [1, 55, 56, 63, 64, 65, 119, 120, 1000]) {
      const input = randomBytes(length);
      expect(hex(sha256(new Uint8Array(input)))).toBe(createHash('sha256').update(input).digest('hex'));
    }
  });

  it('gives the RFC 7636 challenge without crypto.subtle', async () => {
    const noSubtle = { getRandomValues: crypto.getRandomValues.bind(crypto) } as unknown as Crypto;
    await expect(challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk', noSubtle)).resolves.toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});
