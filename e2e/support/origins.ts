/**
 * Where the suites reach the product, in either topology (E2E_TOPOLOGY):
 * - `embedded` (default): `npm start`, one process on E2E_PORT (8091); the account service is the same server
 *   reached as account.studio.test.
 * - `parts-apart`: scripts/parts-apart/run.ts, every part its own process on PostgreSQL, from
 *   E2E_PARTS_APART_PORT (9510): the gateway there, the account service on its own origin one port up, each
 *   remote on its own origin (remote-x.studio.test) above that. Only the tests tagged @parts-apart run.
 * chromium maps *.studio.test to loopback; node's own requests go to the loopback address directly.
 */
export const PARTS_APART = process.env.E2E_TOPOLOGY === 'parts-apart';

const port = PARTS_APART ? Number(process.env.E2E_PARTS_APART_PORT ?? 9510) : Number(process.env.E2E_PORT ?? 8091);
export const GATEWAY_PORT = port;
export const APP_ORIGIN = `http://app.studio.test:${port}`;
export const ACCOUNT_ORIGIN = `http://account.studio.test:${PARTS_APART ? port + 1 : port}`;
/** the gateway as node reaches it (the shell, /remotes.json, /v1 and /api) */
export const DIRECT = `http://127.0.0.1:${port}`;
/** the tag of the subset that also runs against the parts apart (sign-in, generation, a tool, a purchase, explore) */
export const PARTS_APART_TAG = '@parts-apart';
