/** Test helpers (used by the *.test.ts files only): a database per engine, PKCE pairs, page data, forms. */
import { randomBytes } from 'node:crypto';
import { openDatabase, type Database } from '@studio/db';
import type { FastifyInstance } from 'fastify';
import { loadMailConfig } from '@studio/mail';
import type { AccountConfig } from './config.js';
import { pkceChallenge } from './crypto.js';

export const APP_ORIGIN = 'http://app.studio.test:8080';
export const REDIRECT_URI = `${APP_ORIGIN}/auth/callback`;
export const CLIENT_ID = 'studio-web';
export const CLIENT_SECRET = 'test-client-secret';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (each suite in a schema of its own). */
export const ENGINES: Array<[string, string | undefined]> = [
  ['pglite', undefined],
  ...(process.env.TEST_DATABASE_URL ? ([['postgres', process.env.TEST_DATABASE_URL]] as Array<[string, string]>) : []),
];

export async function openTestDatabase(url: string | undefined): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (!url) {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, drop: () => db.close() };
  }
  const schema = `acc_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url, max: 1 });
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.close();
  const separator = url.includes('?') ? '&' : '?';
  const db = await openDatabase({ url: `${url}${separator}options=${encodeURIComponent(`-c search_path=${schema}`)}`, max: 4 });
  return {
    db,
    drop: async () => {
      await db.close();
      const cleanup = await openDatabase({ url, max: 1 });
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.close();
    },
  };
}

export function testConfig(clock: { now: number }, overrides: Partial<AccountConfig> = {}): AccountConfig {
  return {
    clients: [{ id: CLIENT_ID, name: 'Studio', secret: CLIENT_SECRET, allowedOrigins: [APP_ORIGIN, 'http://localhost:8080'] }],
    tokenSecret: 'a-test-token-secret-that-is-long-enough-000',
    now: () => clock.now,
    scrypt: { N: 1024, r: 8, p: 1 },
    rateLimit: { loginPerIp: 8, failuresPerEmail: 3, registerPerIp: 4, windowMs: 60_000 },
    // suites that do not read mail send it nowhere (nothing listens on port 9): one attempt, then failed
    mail: { ...loadMailConfig({ SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'test@studio.test' }), maxAttempts: 1 },
    ...overrides,
  };
}

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: pkceChallenge(verifier) };
}

export function authorizeParams(challenge: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    app_key: CLIENT_ID,
    product_id: 'studio',
    source: 'web',
    scope: 'profile email',
    lang: 'en',
    response_type: 'code',
    mode: 'iframe',
    redirect_uri: REDIRECT_URI,
    state: `state-${randomBytes(4).toString('hex')}`,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...overrides,
  };
}

export function query(values: Record<string, string>): string {
  return new URLSearchParams(values).toString();
}

export interface PageData {
  kind: string;
  mode: string;
  targetOrigin: string | null;
  allowedOrigins: string[];
  messages: Array<{ type: string; code?: string; state?: string; supported?: boolean; reason?: string }>;
}

export function pageData(html: string): PageData {
  const match = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no page data in the page');
  return JSON.parse(match[1]) as PageData;
}

/** The hidden fields of the visible form of one view. */
export function hiddenFields(html: string, action: string): Record<string, string> {
  const form = new RegExp(`<form method="post" action="[^"]*${action}"[\\s\\S]*?</form>`).exec(html);
  if (!form) throw new Error(`no form posting to ${action}`);
  const fields: Record<string, string> = {};
  for (const input of form[0].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[input[1]] = input[2].replace(/&amp;/g, '&').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>');
  }
  return fields;
}

export function cookieHeader(response: TestResponse, jar: Record<string, string> = {}): Record<string, string> {
  for (const cookie of response.cookies) {
    if (cookie.maxAge !== undefined && cookie.maxAge <= 0) delete jar[cookie.name];
    else jar[cookie.name] = cookie.value;
  }
  return jar;
}

export function asCookie(jar: Record<string, string>): string {
  return Object.entries(jar)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
}

export function form(values: Record<string, string>) {
  return { payload: new URLSearchParams(values).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
}

let ipCounter = 1;
/** A fresh client address per test, so the per-IP limits of one test do not reach the next. */
export function freshIp(): string {
  ipCounter += 1;
  return `10.0.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export async function exchange(
  app: TestServer,
  input: { code: string; verifier: string; redirectUri?: string; clientId?: string; clientSecret?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/account/oauth/token',
    payload: {
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.verifier,
      redirect_uri: input.redirectUri ?? REDIRECT_URI,
      client_id: input.clientId ?? CLIENT_ID,
      client_secret: input.clientSecret ?? CLIENT_SECRET,
    },
  });
}

export function multipart(fields: Record<string, string>, file?: { field: string; filename: string; type: string; data: Buffer }) {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real 1x1 PNG. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface TestResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  raw: Buffer;
  json<T = Record<string, unknown>>(): T;
  cookies: Array<{ name: string; value: string; maxAge?: number }>;
}

export interface InjectOptions {
  method: 'GET' | 'POST' | 'OPTIONS';
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer | Record<string, unknown>;
  /** sent as X-Forwarded-For (the test app trusts the proxy) */
  remoteAddress?: string;
}

/**
 * Real HTTP against the app on a loopback port (Fastify's inject loads an ESM-only cookie package that this
 * jest setup cannot require). The app must trust X-Forwarded-For, so tests can act from several addresses.
 */
export class TestServer {
  private base = '';
  constructor(readonly app: FastifyInstance) {}

  async start(): Promise<this> {
    const address = await this.app.listen({ port: 0, host: '127.0.0.1' });
    this.base = address;
    return this;
  }

  /** e.g. http://127.0.0.1:41234 */
  get url(): string {
    return this.base;
  }

  async close(): Promise<void> {
    await this.app.close();
  }

  async inject(options: InjectOptions): Promise<TestResponse> {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    let body: string | Uint8Array<ArrayBuffer> | undefined;
    if (Buffer.isBuffer(options.payload)) body = new Uint8Array(options.payload);
    else if (typeof options.payload === 'string') body = options.payload;
    else if (options.payload) {
      body = JSON.stringify(options.payload);
      headers['content-type'] ??= 'application/json';
    }
    if (options.remoteAddress) headers['x-forwarded-for'] = options.remoteAddress;
    const response = await fetch(`${this.base}${options.url}`, { method: options.method, headers, body, redirect: 'manual' });
    const raw = Buffer.from(await response.arrayBuffer());
    const out: TestResponse['headers'] = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    const setCookies = response.headers.getSetCookie();
    if (setCookies.length) out['set-cookie'] = setCookies;
    const cookies = setCookies.map((line) => {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const maxAge = attributes.map((a) => a.trim()).find((a) => /^max-age=/i.test(a));
      return {
        name: pair.slice(0, index).trim(),
        value: decodeURIComponent(pair.slice(index + 1).trim()),
        maxAge: maxAge ? Number(maxAge.split('=')[1]) : undefined,
      };
    });
    const text = raw.toString('utf8');
    return { statusCode: response.status, headers: out, body: text, raw, json: <T,>() => JSON.parse(text) as T, cookies };
  }
}
