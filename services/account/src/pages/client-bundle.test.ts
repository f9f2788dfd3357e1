/** The pages' inline script is the bundle of its typed source: a change to the source needs a rebuild. */
import { bundleClientScript } from '../../scripts/build-client';
import { CLIENT_SCRIPT } from './client-script';

test('client-script.ts is the current bundle of client/page-script.ts (npm run build:client -w services/account)', () => {
  expect(CLIENT_SCRIPT).toBe(bundleClientScript());
});
