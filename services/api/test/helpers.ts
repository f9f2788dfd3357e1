/**
 * Test support: a database per test file (PGlite in memory, or a fresh schema on the PostgreSQL server of
 * TEST_DATABASE_URL), a stand-in account service speaking the token endpoint's wire protocol (codes,
 * PKCE S256, expiry, single use, client credentials), and the API app wired to it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { openDatabase, type Database } from '@studio/db';
import type { ApiEnvelope } from 'shared-contracts';
import { createHttpAccountClient, type AccountProfile } from '../src/account-client';
import { testApiConfig, type ApiConfig } from '../src/config';
import type { ApiModuleDefinition, ModuleContext } from '../src/modules/types';
import { buildApiApp } from '../src/plugin';

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const onPostgres = Boolean(TEST_DATABASE_URL);

export interface TestDb {
  db: Database;
  close(): Promise<void>;
}

/** A fresh, empty database: PGlite in memory, or a new schema on the TEST_DATABASE_URL server. */
export async function openTestDb(max = 20): Promise<TestDb> {
  if (!TEST_DATABASE_URL) {
    const db = await openDatabase({ dataDir: 'memory://' });
    return { db, close: () => db.close() };
  }
  const schema = `t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ url: url.toString(), max });
  return {
    db,
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    },
  };
}

function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge };
}

export function makeProfile(overrides: Partial<AccountProfile> = {}): AccountProfile {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    email: `${id.slice(0, 8)}@example.test`,
    nickname: 'Tester',
    firstname: 'Test',
    lastname: 'User',
    avatar: '',
    country: 'CA',
    created_at: Math.floor(Date.now() / 1000),
    is_new: true,
    ...overrides,
  };
}

interface IssuedCode {
  profile: AccountProfile;
  challenge: string;
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}

/**
 * A stand-in for the account service's token endpoint (the real one is services/account): answers an
 * AccountTokenResponse, or an RFC 6749 error body on failure.
 */
export class StubAccountService {
  readonly app: FastifyInstance;
  readonly clientId = 'studio-web';
  readonly clientSecret = 'test-client-secret';
  private readonly codes = new Map<string, IssuedCode>();
  down = false;

  constructor() {
    this.app = Fastify({ logger: false });
    this.app.post('/account/oauth/token', async (request, reply) => {
      const body = request.body as Record<string, string>;
      const refuse = (status: number, error: string, description: string) => reply.code(status).send({ error, error_description: description });
      if (body.client_id !== this.clientId || body.client_secret !== this.clientSecret) {
        return refuse(401, 'invalid_client', 'Client authentication failed');
      }
      if (body.grant_type !== 'authorization_code') return refuse(400, 'unsupported_grant_type', 'Only authorization_code is supported');
      const issued = this.codes.get(body.code);
      if (!issued) return refuse(400, 'invalid_grant', 'The authorization code is invalid');
      if (issued.used) return refuse(400, 'invalid_grant', 'The authorization code has already been used');
      issued.used = true;
      if (Date.now() > issued.expiresAt) return refuse(400, 'invalid_grant', 'The authorization code has expired');
      if (issued.redirectUri !== body.redirect_uri) return refuse(400, 'invalid_grant', 'The redirect_uri does not match the authorization request');
      const challenge = createHash('sha256').update(body.code_verifier ?? '').digest('base64url');
      if (challenge !== issued.challenge) return refuse(400, 'invalid_grant', 'PKCE verification failed: the code_verifier does not match');
      return { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 3600, scope: 'profile', account: issued.profile };
    });
  }

  /** Issues a code as the authorize step would, answering what the browser would send to /v1/oauth/token. */
  issue(profile: AccountProfile, options: { ttlMs?: number; redirectUri?: string } = {}) {
    const { verifier, challenge } = pkcePair();
    const code = randomBytes(24).toString('base64url');
    const redirectUri = options.redirectUri ?? 'http://localhost:8080/auth/callback';
    this.codes.set(code, { profile, challenge, redirectUri, expiresAt: Date.now() + (options.ttlMs ?? 60000), used: false });
    return { code, code_verifier: verifier, redirect_uri: redirectUri };
  }

  /** fetch routed to this stub in-process (no port) */
  readonly fetch: typeof fetch = async (input, init) => {
    if (this.down) throw new TypeError('fetch failed: connect ECONNREFUSED');
    const url = new URL(String(input));
    const response = await this.app.inject({
      method: (init?.method ?? 'GET') as InjectOptions['method'],
      url: url.pathname,
      headers: init?.headers as Record<string, string>,
      payload: init?.body as string,
    });
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
  };
}

export interface TestApi {
  app: FastifyInstance;
  db: Database;
  ctx: ModuleContext;
  account: StubAccountService;
  config: ApiConfig;
  close(): Promise<void>;
  /** signs a profile in through /v1/oauth/token and answers the jwt */
  signIn(profile?: AccountProfile, extra?: Record<string, unknown>): Promise<{ jwt: string; uid: string; body: ApiEnvelope<{ jwt: string; user: Record<string, unknown> }> }>;
}

export async function startTestApi(
  options: { config?: Partial<ApiConfig>; testDb?: TestDb; modules?: ApiModuleDefinition[]; logger?: Parameters<typeof buildApiApp>[0]['logger'] } = {},
): Promise<TestApi> {
  const testDb = options.testDb ?? (await openTestDb());
  const account = new StubAccountService();
  // the suites stand behind an edge that names the country (cf-ipcountry), as production does
  const config = testApiConfig({ accountInternalUrl: 'http://account.test/account', countryHeader: 'cf-ipcountry', ...options.config });
  const accountClient = createHttpAccountClient({
    baseUrl: config.accountInternalUrl,
    clientId: account.clientId,
    clientSecret: config.accountClientSecret,
    fetchImpl: account.fetch,
  });
  let ctx: ModuleContext | null = null;
  const app = await buildApiApp({
    db: testDb.db,
    config,
    accountClient,
    // a suite that reads what the API logs passes a logger of its own
    logger: options.logger ?? false,
    holdSweepMs: 0,
    modules: options.modules,
    onReady: (built) => {
      ctx = built;
    },
  });
  await app.ready();
  const api: TestApi = {
    app,
    db: testDb.db,
    ctx: ctx as unknown as ModuleContext,
    account,
    config,
    async close() {
      await app.close();
      await account.app.close();
      if (!options.testDb) await testDb.close();
    },
    async signIn(profile = makeProfile(), extra = {}) {
      const grant = account.issue(profile);
      // the API takes the country from the network, never the profile: sign in from where the profile says
      const headers = profile.country ? { 'cf-ipcountry': profile.country } : undefined;
      const response = await app.inject({ method: 'POST', url: '/v1/oauth/token', payload: { ...grant, ...extra }, headers });
      const body = response.json() as ApiEnvelope<{ jwt: string; user: Record<string, unknown> }>;
      if (body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
      return { jwt: body.data.jwt, uid: profile.id, body };
    },
  };
  return api;
}

export function bearer(jwt: string): Record<string, string> {
  return { authorization: `Bearer ${jwt}` };
}

export function envelopeOf<T = unknown>(response: LightMyRequestResponse): ApiEnvelope<T> {
  return response.json() as ApiEnvelope<T>;
}
