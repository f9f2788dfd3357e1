/** The pages' inline scripts are the bundles of their typed sources: a change to a source needs a rebuild. */
import { bundleClientScript, PASSKEY_SOURCE } from '../../scripts/build-client';
import { CLIENT_SCRIPT } from './client-script';
import { PASSKEY_SCRIPT } from './passkey-script';

test('client-script.ts is the current bundle of client/page-script.ts (npm run build:client -w services/account)', () => {
  expect(CLIENT_SCRIPT).toBe(bundleClientScript());
});

test('passkey-script.ts is the current bundle of client/passkey-script.ts', () => {
  expect(PASSKEY_SCRIPT).toBe(bundleClientScript(PASSKEY_SOURCE));
});
