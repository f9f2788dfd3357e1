/**
 * The developer API (issue 28): personal keys (scope, revocation, the daily cap under concurrency), the
 * key's name on its spends and per-key usage, and webhooks (signed delivery to a real local receiver,
 * retries then failed, the production address guard).
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { FastifyRequest } from 'fastify';
import type { AddressInfo } from 'node:net';
import { API_CODES, type ApiKeyCreated, type ApiKeyItem, type ApiKeyUsage, type CreditTransaction, type ListResponse, type Task, type WebhookDelivery, type WebhookEndpointCreated, type WebhookEvent } from 'shared-contracts';
import { onPostgres } from '../../../test/helpers';
import { envelope, startHarness, TestEngine, type Harness, type TestUser } from '../../../test/tasks-harness';
import { billingModule } from '../billing/index';
import { developerModule } from './index';
import { createKeyAuthenticator } from './keys';
import { attemptDelivery, checkEndpointUrl, isPrivateAddress } from './webhooks';

jest.setTimeout(120000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Receiver {
  url: string;
  hits: { headers: http.IncomingHttpHeaders; body: string }[];
  status: number;
  close(): Promise<void>;
}

/** A real HTTP receiver on this suite's ports (8600-8699), answering `status`. */
async function receiver(port: number): Promise<Receiver> {
  const state: Receiver = { url: '', hits: [], status: 200, close: async () => {} };
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      state.hits.push({ headers: request.headers, body });
      response.statusCode = state.status;
      response.end('ok');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  state.close = () => new Promise((resolve) => server.close(() => resolve()));
  return state;
}

async function waitUntil<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = 30000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('developer API', () => {
  let h: Harness;
  let user: TestUser;
  let created: ApiKeyCreated;
  const keyHeaders = () => ({ authorization: `Bearer ${created.key}` });

  beforeAll(async () => {
    h = await startHarness({
      dbMax: 60,
      extraModules: ({ queue }) => [billingModule(), developerModule({ queueSchema: queue.schema, settings: { webhookMaxAttempts: 3, webhookRetryDelaySeconds: 1, webhookPumpMs: 100 } })],
    });
    user = await h.user('standard', 1000);
    const response = await h.app.inject({ method: 'POST', url: '/v1/developer/keys', headers: user.headers, payload: { name: 'CI bot' } });
    created = envelope<ApiKeyCreated>(response).data;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('a key is shown once, listed by name and prefix, and stored only as its hash', async () => {
    expect(created.key).toMatch(/^sk_studio_[A-Za-z0-9_-]{43}$/);
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const list = envelope<ApiKeyItem[]>(await h.app.inject({ method: 'GET', url: '/v1/developer/keys', headers: user.headers })).data;
    expect(list).toEqual([expect.objectContaining({ id: created.id, name: 'CI bot', prefix: created.prefix, revoked_at: 0, daily_cap: null })]);
    expect(JSON.stringify(list)).not.toContain(created.key);
    const stored = await h.testDb.db.query<{ key_hash: string }>('SELECT key_hash FROM api_keys WHERE id = $1', [created.id]);
    expect(stored.rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('a key acts as its owner on generation and task calls', async () => {
    const cost = await h.app.inject({ method: 'GET', url: '/v1/ai/cost/text2image', headers: keyHeaders() });
    expect(envelope(cost).code).toBe(0);
    const made = await h.app.inject({ method: 'POST', url: '/v1/ai/create/text2image', headers: keyHeaders(), payload: { data: { prompt: 'a lighthouse at dusk' } } });
    const task = envelope<Task>(made);
    expect(task.code).toBe(0);
    const mine = await h.result(user, task.data.task_id);
    expect(mine.body.data.task_id).toBe(task.data.task_id);
    const viaKey = await h.app.inject({ method: 'GET', url: `/v1/ai/result/task/${task.data.task_id}`, headers: keyHeaders() });
    expect(envelope<Task>(viaKey).data.task_id).toBe(task.data.task_id);
    const listed = await h.app.inject({ method: 'GET', url: '/v1/developer/keys', headers: user.headers });
    expect(envelope<ApiKeyItem[]>(listed).data[0].last_used_at).toBeGreaterThan(0);
  });

  it('a key cannot reach billing, account or key management calls (403 in the envelope)', async () => {
    const refused = [
      { method: 'GET' as const, url: '/v1/buy/subscriptions' },
      { method: 'GET' as const, url: '/v1/buy/history' },
      { method: 'POST' as const, url: '/v1/user' },
      { method: 'GET' as const, url: '/v1/token/renew' },
      { method: 'GET' as const, url: '/v1/credits/transactions?type=consumption' },
      { method: 'GET' as const, url: '/v1/developer/keys' },
      { method: 'POST' as const, url: '/v1/developer/keys', payload: { name: 'escalate' } },
    ];
    for (const call of refused) {
      const response = await h.app.inject({ ...call, headers: keyHeaders() });
      expect({ url: call.url, status: response.statusCode }).toEqual({ url: call.url, status: 403 });
      const body = envelope(response);
      expect(body.code).toBe(API_CODES.FORBIDDEN);
      expect(typeof body.trace_id).toBe('string');
    }
  });

  it('an unknown key and a revoked key get 401 in the envelope', async () => {
    const unknown = await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: { authorization: 'Bearer sk_studio_notakey' }, payload: {} });
    expect(unknown.statusCode).toBe(401);
    expect(envelope(unknown)).toMatchObject({ code: API_CODES.UNAUTHORIZED, data: null });

    const spare = envelope<ApiKeyCreated>(await h.app.inject({ method: 'POST', url: '/v1/developer/keys', headers: user.headers, payload: { name: 'spare' } })).data;
    const before = await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: { authorization: `Bearer ${spare.key}` }, payload: {} });
    expect(envelope(before).code).toBe(0);
    const revoked = await h.app.inject({ method: 'POST', url: `/v1/developer/keys/${spare.id}/revoke`, headers: user.headers });
    expect(envelope<ApiKeyItem>(revoked).data.revoked_at).toBeGreaterThan(0);
    const after = await h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: { authorization: `Bearer ${spare.key}` }, payload: {} });
    expect(after.statusCode).toBe(401);
    expect(envelope(after)).toMatchObject({ code: API_CODES.UNAUTHORIZED, msg: expect.stringContaining('revoked') });
  });

  it('each key has its own rate limit', async () => {
    const owner = await h.user('standard', 10);
    const make = async (name: string) =>
      envelope<ApiKeyCreated>(await h.app.inject({ method: 'POST', url: '/v1/developer/keys', headers: owner.headers, payload: { name } })).data;
    const [first, second] = [await make('busy'), await make('quiet')];
    const keys = createKeyAuthenticator(h.testDb.db, { ...h.ctx.config.developer, keyRequestsPerMinute: 2 });
    const request = { routeOptions: { url: '/v1/ai/task' } } as unknown as FastifyRequest;
    await keys.authenticate(request, first.key);
    await keys.authenticate(request, first.key);
    await expect(keys.authenticate(request, first.key)).rejects.toMatchObject({ status: 429, code: API_CODES.TOO_MANY_REQUESTS });
    await expect(keys.authenticate(request, second.key)).resolves.toMatchObject({ uid: owner.uid, apiKey: { name: 'quiet' } });
  });

  it(`the per-key daily cap holds under 50 concurrent creates${onPostgres ? ' (PostgreSQL)' : ' (PGlite)'}`, async () => {
    const owner = await h.user('standard', 1000);
    const key = envelope<ApiKeyCreated>(
      await h.app.inject({ method: 'POST', url: '/v1/developer/keys', headers: owner.headers, payload: { name: 'capped', daily_cap: 10 } }),
    ).data;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        h.app.inject({ method: 'POST', url: '/v1/ai/create/text2image', headers: { authorization: `Bearer ${key.key}` }, payload: { data: { prompt: `a kite number ${i}` } } }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    const costs = ok.map((a) => envelope<Task>(a).data.cost ?? 0);
    const spent = costs.reduce((sum, c) => sum + c, 0);
    expect(spent).toBeLessThanOrEqual(10);
    expect(spent).toBeGreaterThan(10 - Math.max(...costs));
    expect(refused.length).toBe(50 - ok.length);
    for (const answer of refused) {
      expect(answer.statusCode).toBe(429);
      expect(envelope(answer).code).toBe(API_CODES.DAILY_LIMIT);
    }
    const item = envelope<ApiKeyItem[]>(await h.app.inject({ method: 'GET', url: '/v1/developer/keys', headers: owner.headers })).data[0];
    expect(item.spent_today).toBe(spent);
    // raising the cap lets the key spend again
    await h.app.inject({ method: 'POST', url: `/v1/developer/keys/${key.id}/cap`, headers: owner.headers, payload: { daily_cap: null } });
    const more = await h.app.inject({ method: 'POST', url: '/v1/ai/create/text2image', headers: { authorization: `Bearer ${key.key}` }, payload: { data: { prompt: 'one more' } } });
    expect(envelope(more).code).not.toBe(API_CODES.DAILY_LIMIT);
  });

  it('the OpenAPI document names the key scheme and the webhook payload; /developers is the guide', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/v1/docs/json' })).json() as {
      components: { securitySchemes: Record<string, { scheme: string }>; schemas: Record<string, { properties: Record<string, unknown> }> };
    };
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.components.schemas.WebhookEvent.properties)).toEqual(['id', 'type', 'created_at', 'data']);
    const guide = await h.app.inject({ method: 'GET', url: '/developers', headers: { host: 'localhost:8080' } });
    expect(guide.statusCode).toBe(200);
    expect(guide.headers['content-type']).toContain('text/html');
    expect(guide.body).toContain('curl -s -X POST http://localhost:8080/v1/ai/create/text2image');
    expect(guide.body).toContain('verifyStudioSignature');
  });

  describe('spends and webhooks', () => {
    let ok: Receiver;
    let failing: Receiver;
    beforeAll(async () => {
      ok = await receiver(8611);
      failing = await receiver(8612);
      failing.status = 500;
    });
    afterAll(async () => {
      await ok?.close();
      await failing?.close();
    });

    it("a run through a key: the spend carries the key's name, usage counts it, and the signed webhook arrives", async () => {
      const member = await h.user('standard', 100);
      const key = envelope<ApiKeyCreated>(await h.app.inject({ method: 'POST', url: '/v1/developer/keys', headers: member.headers, payload: { name: 'Render farm' } })).data;
      const endpoint = envelope<WebhookEndpointCreated>(
        await h.app.inject({ method: 'POST', url: '/v1/developer/webhooks', headers: member.headers, payload: { url: ok.url } }),
      ).data;
      expect(endpoint.secret).toMatch(/^whsec_/);
      const worker = await h.worker(new TestEngine());
      try {
        const made = envelope<Task>(
          await h.app.inject({ method: 'POST', url: '/v1/ai/create/text2image', headers: { authorization: `Bearer ${key.key}` }, payload: { data: { prompt: 'a red bicycle' } } }),
        );
        expect(made.code).toBe(0);
        const done = await h.waitFor(member, made.data.task_id, (t) => t.status === 'success');
        const hit = await waitUntil('the webhook', async () => ok.hits.find((x) => x.body.includes(done.task_id)));
        const signature = String(hit.headers['studio-signature']);
        const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
        expect(createHmac('sha256', endpoint.secret).update(`${t}.${hit.body}`).digest('hex')).toBe(v1);
        const event = JSON.parse(hit.body) as WebhookEvent;
        expect(event).toMatchObject({ type: 'task.succeeded', data: { task: { task_id: done.task_id, status: 'success', algorithm: 'text2image' } } });
        expect(event.data.task.outputs.length).toBeGreaterThan(0);

        const spends = envelope<ListResponse<CreditTransaction>>(
          await h.app.inject({ method: 'GET', url: '/v1/credits/transactions?type=consumption', headers: member.headers }),
        ).data;
        expect(spends.list[0].details).toContain('API key "Render farm"');
        const usage = envelope<ApiKeyUsage[]>(await h.app.inject({ method: 'GET', url: '/v1/developer/usage', headers: member.headers })).data;
        expect(usage[0]).toMatchObject({ name: 'Render farm', total_tasks: 1, total_credits: done.cost });

        const deliveries = await waitUntil('the delivered state', async () => {
          const list = envelope<WebhookDelivery[]>(await h.app.inject({ method: 'GET', url: `/v1/developer/webhooks/${endpoint.id}/deliveries`, headers: member.headers })).data;
          return list[0]?.status === 'delivered' ? list : null;
        });
        expect(deliveries[0].attempts).toEqual([expect.objectContaining({ status: 200, error: '' })]);
      } finally {
        await worker.stop();
      }
    });

    it('a failed delivery is retried with backoff, then marked failed', async () => {
      const member = await h.user('standard', 100);
      const endpoint = envelope<WebhookEndpointCreated>(
        await h.app.inject({ method: 'POST', url: '/v1/developer/webhooks', headers: member.headers, payload: { url: failing.url } }),
      ).data;
      const made = await h.create(member, 'text2image', { data: { prompt: 'a task to cancel' } });
      await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${made.body.data.task_id}`, headers: member.headers });
      const failed = await waitUntil(
        'the failed state',
        async () => {
          const list = envelope<WebhookDelivery[]>(await h.app.inject({ method: 'GET', url: `/v1/developer/webhooks/${endpoint.id}/deliveries`, headers: member.headers })).data;
          return list[0]?.status === 'failed' ? list[0] : null;
        },
        60000,
      );
      expect(failed.event).toBe('task.cancelled');
      expect(failed.attempts).toHaveLength(3);
      expect(failed.attempts.every((a) => a.status === 500)).toBe(true);
      // every attempt reached the receiver (pg-boss retried the job after its backoff delays: 1 s, then 2 s)
      expect(failing.hits.filter((x) => x.body.includes(made.body.data.task_id))).toHaveLength(3);
    });
  });

  describe('the address guard in production', () => {
    const production = { production: true };
    const resolveTo = (address: string) => async () => [{ address, family: address.includes(':') ? 6 : 4 }];

    it('refuses private, loopback, link-local and ULA addresses, and plain http', async () => {
      for (const address of ['10.0.0.5', '127.0.0.1', '169.254.169.254', '192.168.1.2', '172.20.0.1', '100.64.0.1', '::1', 'fd00::1', 'fe80::1', '::ffff:10.0.0.1']) {
        expect(isPrivateAddress(address)).toBe(true);
        await expect(checkEndpointUrl('https://hooks.example.com/x', production, resolveTo(address))).rejects.toMatchObject({ status: 400 });
      }
      expect(isPrivateAddress('93.184.215.14')).toBe(false);
      expect(isPrivateAddress('2606:4700::6810:84e5')).toBe(false);
      await expect(checkEndpointUrl('https://hooks.example.com/x', production, resolveTo('93.184.215.14'))).resolves.toBeInstanceOf(URL);
      await expect(checkEndpointUrl('http://hooks.example.com/x', production, resolveTo('93.184.215.14'))).rejects.toMatchObject({ status: 400 });
      await expect(checkEndpointUrl('https://127.0.0.1:8611/hook', production)).rejects.toMatchObject({ status: 400 });
      // development lets a local receiver through
      await expect(checkEndpointUrl('http://127.0.0.1:8611/hook', { production: false })).resolves.toBeInstanceOf(URL);
    });

    it('a delivery whose host now resolves to a private address is refused before connecting', async () => {
      const target = await receiver(8613);
      try {
        const member = await h.user('standard', 100);
        const endpoint = envelope<WebhookEndpointCreated>(
          await h.app.inject({ method: 'POST', url: '/v1/developer/webhooks', headers: member.headers, payload: { url: target.url.replace('127.0.0.1', 'localhost') } }),
        ).data;
        // the deliveries of this endpoint are attempted by hand here, not by the suite's queue
        await h.testDb.db.query(`UPDATE webhook_endpoints SET url = 'https://rebind.example.test:8613/hook' WHERE id = $1`, [endpoint.id]);
        const made = await h.create(member, 'text2image', { data: { prompt: 'a task to cancel' } });
        await h.testDb.db.query(`UPDATE webhook_endpoints SET deleted_at = NULL WHERE id = $1`, [endpoint.id]);
        await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${made.body.data.task_id}`, headers: member.headers });
        const row = await waitUntil('the delivery row', async () => (await h.testDb.db.query<{ id: string }>('SELECT id FROM webhook_deliveries WHERE endpoint_id = $1', [endpoint.id])).rows[0]);
        const deps = {
          db: h.testDb.db,
          config: { ...h.ctx.config.developer, production: true, webhookMaxAttempts: 1 },
          resolve: resolveTo('127.0.0.1'),
        };
        await h.testDb.db.query(`UPDATE webhook_deliveries SET status = 'queued', attempts = '[]' WHERE id = $1`, [row.id]);
        expect(await attemptDelivery(deps, row.id)).toBe('failed');
        const stored = await h.testDb.db.query<{ attempts: { error: string }[] | string }>('SELECT attempts FROM webhook_deliveries WHERE id = $1', [row.id]);
        const attempts = typeof stored.rows[0].attempts === 'string' ? JSON.parse(stored.rows[0].attempts) : stored.rows[0].attempts;
        expect(attempts.at(-1).error).toMatch(/private or internal address/);
        expect(target.hits).toHaveLength(0);
      } finally {
        await target.close();
      }
    });
  });
});
