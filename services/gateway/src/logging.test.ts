/**
 * The gateway's request logs carry the trace id under `trace_id`, the label the API and the worker log
 * it under, so one id finds a request's lines in every service.
 */
import { Writable } from 'node:stream';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createGateway } from './server.js';

describe('gateway logs', () => {
  it('labels every request line with trace_id (the incoming x-trace-id), never reqId', async () => {
    const lines: Record<string, unknown>[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    const gateway = await createGateway({ rootDir: mkdtempSync(path.join(os.tmpdir(), 'gateway-log-')), logger: { level: 'info', stream } });
    try {
      await gateway.inject({ method: 'GET', url: '/v1/missing', headers: { 'x-trace-id': 'trace-log-1' } });
      const requestLines = lines.filter((line) => line.req !== undefined || line.res !== undefined);
      expect(requestLines.length).toBeGreaterThanOrEqual(2);
      for (const line of requestLines) {
        expect(line.trace_id).toBe('trace-log-1');
        expect(line).not.toHaveProperty('reqId');
      }
    } finally {
      await gateway.close();
    }
  });
});
