/**
 * Browser suites against the product, in Debian's chromium. By default the product as `npm start` serves
 * it, on a fresh embedded database; with E2E_TOPOLOGY=parts-apart the product as production runs it, every
 * part its own process on PostgreSQL (E2E_DATABASE_URL, else TEST_DATABASE_URL, else a server of its own)
 * and each remote on its own origin (scripts/parts-apart/run.ts), and only the tests tagged @parts-apart.
 * The shell is reached as app.studio.test and the account service as account.studio.test (mapped to
 * 127.0.0.1 inside chromium), so frames, origin checks and parent-domain cookies are exercised for real.
 */
import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCOUNT_ORIGIN, APP_ORIGIN, GATEWAY_PORT, PARTS_APART, PARTS_APART_TAG } from './support/origins';

const port = GATEWAY_PORT;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'e2e-pglite-'));
// one folder per run (workers inherit it), so two runs on one machine never clear each other's traces
process.env.E2E_OUTPUT_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'e2e-results-'));
// the local SMTP server and web inbox of the embedded default, on ports of this run (E2E_MAIL_PORT moves them)
const mailPort = Number(process.env.E2E_MAIL_PORT ?? port + 3);
process.env.E2E_INBOX_URL ??= `http://127.0.0.1:${mailPort + 1}`;
// a token lives 40 s in the embedded run: every suite then rides on the shell's renewals, and the idle-session
// suite outlives a token in under a minute (production: JWT_TTL_SECONDS, 2 days)
export const E2E_TOKEN_TTL_SECONDS = 40;
// the parts-apart run's folder (its remotes.json, which a suite may rewrite as a deploy does, and its logs)
if (PARTS_APART) process.env.PARTS_APART_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'e2e-parts-apart-'));
export { ACCOUNT_ORIGIN, APP_ORIGIN };
const tsx = path.join(__dirname, '..', 'node_modules', 'tsx', 'dist', 'cli.mjs');

/** the settings of the product under test, in either topology */
const productEnv = {
  // the early-login variant opens the login dialog on any click; suites that need it switch it on themselves.
  // ad_banner_undefined is the campaign audience (header banner, start-up pop-ups): off, so a pop-up never
  // covers another suite's clicks; sku_week_10_credits (the credits-10 lists) is chosen by a suite with ab_override
  AB_TESTS_OFF: 'login_test_undefined,ad_banner_undefined,ai_price_upgrade,sku_week_10_credits',
  // the edge's country header (production: Cloudflare's); a suite names a visitor's country with it
  COUNTRY_HEADER: 'cf-ipcountry',
  // the premium demo account reviews reported explore items (explore-review.spec.ts)
  OPERATOR_UIDS: '00000000-0000-4000-8000-000000000003',
};

const embeddedServer = {
  // npm start's product, with image to image on a replay of the real ComfyUI (support/start-with-comfyui.ts)
  // one process, as `npm start` runs it (node --import tsx: no tsx launcher process beside it)
  command: `node --import tsx ${path.join(__dirname, 'support', 'start-with-comfyui.ts')}`,
  url: `http://127.0.0.1:${port}/remotes.json`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: String(port),
    HOST: '127.0.0.1',
    // as `npm start` runs it (package.json: one malloc arena per native thread held ~300 MB more; glibc's moving
    // mmap threshold kept freed picture buffers in its heap, ~60 MB more)
    MALLOC_ARENA_MAX: '2',
    MALLOC_MMAP_THRESHOLD_: '131072',
    PGLITE_DATA_DIR: dataDir,
    ACCOUNT_ORIGIN,
    ACCOUNT_ALLOWED_ORIGINS: `${APP_ORIGIN},http://localhost:${port},http://127.0.0.1:${port}`,
    COOKIE_DOMAIN: 'studio.test',
    APP_ENV: 'test',
    ...productEnv,
    MAIL_DEV_SMTP_PORT: String(mailPort),
    MAIL_DEV_INBOX_PORT: String(mailPort + 1),
    JWT_TTL_SECONDS: String(E2E_TOKEN_TTL_SECONDS),
    // a session asks the account service about its grant at most every second (production: 60 s), so a reset's
    // 140013 shows at the next call
    ACCOUNT_RECHECK_SECONDS: '1',
    // known to the openid-client suite, which signs in as the product's own client would
    ACCOUNT_CLIENT_SECRET: 'e2e-client-secret',
  },
};

const partsApartServer = {
  command: `node ${tsx} ${path.join(__dirname, '..', 'scripts', 'parts-apart', 'run.ts')}`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  // ready when the run says every part answers (no url: the gateway answers before the services behind it,
  // and Playwright takes whichever comes first)
  wait: { stdout: /parts apart: up at/ },
  // SIGTERM first: the run stops its parts and drops its database (a kill would leave them behind)
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 30_000 },
  env: {
    PARTS_APART_PORT: String(port),
    PARTS_APART_DOMAIN: 'studio.test',
    PARTS_APART_APP_ENV: 'test',
    PARTS_APART_DATABASE_URL: process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '',
    PARTS_APART_DIR: process.env.PARTS_APART_DIR ?? '',
    // never outlives the phase that started it
    PARTS_APART_MAX_SECONDS: process.env.PARTS_APART_MAX_SECONDS ?? '900',
    ...productEnv,
  },
};

export default defineConfig({
  testDir: path.join(__dirname, 'tests'),
  grep: PARTS_APART ? new RegExp(PARTS_APART_TAG) : undefined,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.E2E_JSON ? [['list'], ['json', { outputFile: process.env.E2E_JSON }]] : [['list']],
  outputDir: process.env.E2E_OUTPUT_DIR,
  use: {
    baseURL: APP_ORIGIN,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP *.studio.test 127.0.0.1',
        // production runs on https; these origins get the same secure-context APIs (WebCrypto) here
        `--unsafely-treat-insecure-origin-as-secure=${APP_ORIGIN},${ACCOUNT_ORIGIN}`,
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: PARTS_APART ? partsApartServer : embeddedServer,
});
