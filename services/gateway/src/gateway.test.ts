/**
 * The gateway as the browser and the services meet it: forwarding headers it writes (never the client's),
 * security headers, outage answers and trace ids.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import httpProxy from '@fastify/http-proxy';
import type { FastifyInstance } from 'fastify';
import { USER_TEXTS } from 'shared-contracts';
import { trustHops } from '@studio/db';
import { createGateway } from './server.js';
import { proxyReplyOptions } from './upstream.js';

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

describe('gateway', () => {
  let echo: http.Server;
  let gateway: FastifyInstance;
  let deadPort: number;
  const root = mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  const remotesJson = path.join(root, 'remotes.json');

  beforeAll(async () => {
    // what the upstream service receives
    echo = http.createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ headers: request.headers }));
    });
    const echoPort = await listen(echo);
    const dead = http.createServer();
    deadPort = await listen(dead);
    await new Promise((resolve) => dead.close(resolve));
    writeFileSync(
      remotesJson,
      JSON.stringify({
        remotes: [
          { name: 'remote_create', version: '1.0.0', entry: 'https://create.cdn.example/remote-create/1.0.0/mf-manifest.json' },
          { name: 'remote_tools', version: '1.0.0', entry: '/remotes/remote-tools/1.0.0/mf-manifest.json' },
        ],
      }),
    );
    gateway = await createGateway({
      rootDir: root,
      remotesJsonPath: remotesJson,
      trustProxy: trustHops(1),
      embedOrigins: ['https://www.studio.example'],
      shellConfig: { accountOrigin: 'https://account.studio.example' },
      mountServices: async (app) => {
        await app.register(httpProxy, { upstream: `http://127.0.0.1:${echoPort}`, prefix: '/v1', rewritePrefix: '/v1', replyOptions: proxyReplyOptions });
        await app.register(httpProxy, { upstream: `http://127.0.0.1:${deadPort}`, prefix: '/api', rewritePrefix: '/api', replyOptions: proxyReplyOptions });
      },
    });
    await gateway.ready();
  });

  afterAll(async () => {
    await gateway.close();
    await new Promise((resolve) => echo.close(resolve));
  });

  it('overwrites the forwarding headers a client sends with the address it trusts', async () => {
    const answer = await gateway.inject({
      method: 'GET',
      url: '/v1/echo',
      remoteAddress: '10.0.0.9',
      // one trusted hop: the proxy in front (10.0.0.9) saw 203.0.113.7; the client wrote 1.2.3.4 itself
      headers: { 'x-forwarded-for': '1.2.3.4, 203.0.113.7', 'x-real-ip': '1.2.3.4', forwarded: 'for=1.2.3.4' },
    });
    const { headers } = answer.json<{ headers: Record<string, string> }>();
    expect(headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(headers['x-real-ip']).toBeUndefined();
    expect(headers.forwarded).toBeUndefined();
  });

  it('answers 503 in the envelope, without the upstream address, when a service is down', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/api/anything' });
    expect(answer.statusCode).toBe(503);
    expect(answer.headers['retry-after']).toBeDefined();
    const body = answer.json<{ code: number; msg: string; trace_id: string }>();
    expect(body).toMatchObject({ code: 503, msg: USER_TEXTS.NETWORK });
    expect(body.trace_id).toBe(answer.headers['x-trace-id'] ?? body.trace_id);
    expect(answer.body).not.toContain('127.0.0.1');
    expect(answer.body).not.toContain(String(deadPort));
  });

  it('sends a CSP naming our remotes and the account service, frame-ancestors per the embed rules, nosniff', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/v1/echo' });
    const csp = String(answer.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' https:\/\/create\.cdn\.example(;|$)/);
    expect(csp).toContain("frame-src 'self' https://account.studio.example");
    expect(csp).toContain("frame-ancestors 'self' https://www.studio.example");
    expect(csp).toContain("object-src 'none'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });

  it('follows a remotes.json replaced by a deploy at the next request, and reads it only when it changed', async () => {
    const before = JSON.parse(readFileSync(remotesJson, 'utf8')) as { remotes: { name: string; version: string; entry: string }[] };
    const first = await gateway.inject({ method: 'GET', url: '/remotes.json' });
    const again = await gateway.inject({ method: 'GET', url: '/remotes.json' });
    expect(again.json()).toEqual(first.json());
    // the same size and time with other bytes: a request that read the file again would name the new origin
    const stat = statSync(remotesJson);
    writeFileSync(remotesJson, readFileSync(remotesJson, 'utf8').replaceAll('create.cdn.example', 'CREATE.cdn.example'));
    utimesSync(remotesJson, stat.atime, stat.mtime);
    expect((await gateway.inject({ method: 'GET', url: '/v1/echo' })).headers['content-security-policy']).toContain('https://create.cdn.example');
    // deploy:remote's way: a new file renamed over the old one
    const next = { remotes: before.remotes.map((remote) => ({ ...remote, entry: remote.entry.replace('create.cdn.example', 'create-v2.cdn.example') })) };
    writeFileSync(`${remotesJson}.next`, JSON.stringify(next));
    renameSync(`${remotesJson}.next`, remotesJson);
    try {
      const csp = String((await gateway.inject({ method: 'GET', url: '/v1/echo' })).headers['content-security-policy']);
      expect(csp).toContain('https://create-v2.cdn.example');
      expect(csp).not.toContain('https://create.cdn.example');
      expect((await gateway.inject({ method: 'GET', url: '/remotes.json' })).json()).toEqual(next);
    } finally {
      writeFileSync(`${remotesJson}.next`, JSON.stringify(before));
      renameSync(`${remotesJson}.next`, remotesJson);
    }
  });

  it('sends HSTS only over https (as the trusted proxy reports it)', async () => {
    const answer = await gateway.inject({ method: 'GET', url: '/v1/echo', remoteAddress: '10.0.0.9', headers: { 'x-forwarded-proto': 'https' } });
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
  });

  it('keeps a well-formed x-trace-id and replaces anything else', async () => {
    const good = await gateway.inject({ method: 'GET', url: '/api/x', headers: { 'x-trace-id': 'abc-123' } });
    expect(good.json<{ trace_id: string }>().trace_id).toBe('abc-123');
    const bad = await gateway.inject({ method: 'GET', url: '/api/x', headers: { 'x-trace-id': '<script>alert(1)</script>' } });
    expect(bad.json<{ trace_id: string }>().trace_id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
