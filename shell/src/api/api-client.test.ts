import { API_CODES, ApiError, RETRY_STATUSES } from 'shared-contracts';
import { createApiClient, type ApiClientDeps } from './api-client';

interface Call {
  url: string;
  init: RequestInit;
}

function response(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : JSON.stringify(body);
  return { ok: status >= 200 && status < 300, status, statusText: `status ${status}`, text: async () => text } as unknown as Response;
}

const ok = (data: unknown) => response(200, { code: 0, msg: 'ok', data, trace_id: 't1' });

function setup(answers: Response[], overrides: Partial<ApiClientDeps> = {}) {
  const calls: Call[] = [];
  const queue = [...answers];
  const onSessionInvalid = jest.fn();
  const fetchImpl = jest.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = queue.shift();
    if (!next) throw new Error('no more answers');
    return next;
  });
  const client = createApiClient({
    apiBase: '',
    version: '1.2.3',
    getClientId: () => 'client-abc',
    getToken: () => 'jwt-token',
    getViewportWidth: () => 1280,
    onSessionInvalid,
    fetchImpl: fetchImpl as unknown as typeof fetch,
    retryDelayMs: 0,
    origin: 'http://app.test',
    ...overrides,
  });
  return { client, calls, onSessionInvalid, fetchImpl };
}

const headersOf = (call: Call) => call.init.headers as Record<string, string>;

describe('api client: requests', () => {
  it('sends X-Source, X-Prod-Ver, X-Client-Sn, X-Client-Type 7 and the bearer token', async () => {
    const { client, calls } = setup([ok({ a: 1 })]);
    await client.get('/v1/common/system_config');
    expect(headersOf(calls[0])).toMatchObject({
      'X-Source': 'web',
      'X-Prod-Ver': '1.2.3',
      'X-Client-Sn': 'client-abc',
      'X-Client-Type': '7',
      Authorization: 'Bearer jwt-token',
    });
  });

  it('sends X-Client-Type 8 below 768px and no Authorization without a token', async () => {
    const { client, calls } = setup([ok(null)], { getViewportWidth: () => 767, getToken: () => '' });
    await client.get('/v1/x');
    expect(headersOf(calls[0])['X-Client-Type']).toBe('8');
    expect(headersOf(calls[0]).Authorization).toBeUndefined();
  });

  it('adds _t to GET calls unless disabled, and serialises the query', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1700000000000);
    const { client, calls } = setup([ok(null), ok(null)]);
    await client.get('/v1/workflow/explore/list', { page: 2, media: 'video', skip: undefined });
    await client.get('/v1/y', undefined, { noTimestamp: true });
    expect(calls[0].url).toBe('/v1/workflow/explore/list?page=2&media=video&_t=1700000000000');
    expect(calls[1].url).toBe('/v1/y');
    jest.restoreAllMocks();
  });

  it('prefixes the configured API base', async () => {
    const { client, calls } = setup([ok(null)], { apiBase: 'https://api.example.com' });
    await client.get('/v1/z', undefined, { noTimestamp: true });
    expect(calls[0].url).toBe('https://api.example.com/v1/z');
    expect(client.url('/v1/a')).toBe('https://api.example.com/v1/a');
  });

  it('posts JSON bodies without _t', async () => {
    const { client, calls } = setup([ok({ prompt: 'better' })]);
    const data = await client.post<{ prompt: string }>('/v1/ai/prompt/polish', { prompt: 'a cat' });
    expect(data).toEqual({ prompt: 'better' });
    expect(calls[0].url).toBe('/v1/ai/prompt/polish');
    expect(calls[0].init.method).toBe('POST');
    expect(calls[0].init.body).toBe(JSON.stringify({ prompt: 'a cat' }));
    expect(headersOf(calls[0])['Content-Type']).toBe('application/json');
  });

  it('fills path parameters of typed calls', async () => {
    const { client, calls } = setup([ok({ task_id: 'x' })]);
    await client.call('GET /v1/ai/result/{kind}/{id}', { params: { kind: 'image_fkp', id: 'a/b' } }, { noTimestamp: true });
    expect(calls[0].url).toBe('/v1/ai/result/image_fkp/a%2Fb');
  });
});

describe('api client: envelope and errors', () => {
  it('answers data when code is 0', async () => {
    const { client } = setup([ok([{ code: 'app', value: '{}' }])]);
    await expect(client.get('/v1/common/system_config')).resolves.toEqual([{ code: 'app', value: '{}' }]);
  });

  it('fails with the message and code of a non-zero envelope', async () => {
    const { client } = setup([response(200, { code: 140021, msg: 'Daily limit reached. Try again tomorrow.', data: null, trace_id: 't9' })]);
    const error = await client.post('/v1/ai/create/x', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: 'Daily limit reached. Try again tomorrow.', code: 140021, status: 200, traceId: 't9' });
  });

  it('maps a failed status to the body code when there is one', async () => {
    const { client } = setup([response(400, { code: 140030, msg: 'Unsupported format', data: null, trace_id: 't' })]);
    await expect(client.post('/v1/x', {})).rejects.toMatchObject({ code: 140030, status: 400, message: 'Unsupported format' });
  });

  it("says 'Unknown error, please retry later' for a 500 whose message is the server's own, never its words", async () => {
    const { client } = setup([response(500, { code: 500, msg: 'internal', data: null, trace_id: 't' })]);
    await expect(client.post('/v1/x', {})).rejects.toMatchObject({ message: 'Unknown error, please retry later', status: 500 });
    // a product text in a 500 stands; a proxy's 502 without our envelope is the network text
    const text = setup([response(500, { code: 500, msg: 'Task Deletion Failed', data: null, trace_id: 't' }), response(502)]);
    await expect(text.client.post('/v1/x', {})).rejects.toMatchObject({ message: 'Task Deletion Failed' });
    await expect(text.client.post('/v1/x', {})).rejects.toMatchObject({ message: 'Network fluctuation detected. Please try again later.' });
  });

  it('maps a failed status without a body code to the status', async () => {
    const { client } = setup([response(403)]);
    await expect(client.post('/v1/x', {})).rejects.toMatchObject({ code: 403, status: 403 });
  });

  it('clears the user on HTTP 401', async () => {
    const { client, onSessionInvalid } = setup([response(401, { code: 401, msg: 'no', data: null, trace_id: 't' })]);
    await expect(client.post('/v1/user')).rejects.toMatchObject({ code: 401 });
    expect(onSessionInvalid).toHaveBeenCalledWith('unauthorized');
  });

  it.each(['/v1/token/renew', '/v1/oauth/token', '/v1/logout'])('does not clear the user on a 401 of %s', async (path) => {
    const { client, onSessionInvalid } = setup([response(401)]);
    await expect(path === '/v1/token/renew' ? client.get(path) : client.post(path, {})).rejects.toMatchObject({ status: 401 });
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it('clears the user on code 140013, even with HTTP 200', async () => {
    const { client, onSessionInvalid } = setup([response(200, { code: API_CODES.SESSION_INVALID, msg: 'expired', data: null, trace_id: 't' })]);
    await expect(client.get('/v1/common/ad')).rejects.toMatchObject({ code: 140013 });
    expect(onSessionInvalid).toHaveBeenCalledWith('session-invalid');
  });

  it('turns a network failure into the network text', async () => {
    const fetchImpl = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const { client } = setup([], { fetchImpl: fetchImpl as unknown as typeof fetch });
    await expect(client.post('/v1/x', {})).rejects.toMatchObject({ message: 'Network fluctuation detected. Please try again later.', code: 0 });
  });
});

describe('api client: retries', () => {
  it.each([...RETRY_STATUSES])('retries a GET once on %i and answers the second result', async (status) => {
    const { client, fetchImpl } = setup([response(status), ok('second')]);
    await expect(client.get('/v1/buy/sku-info')).resolves.toBe('second');
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it.each([...RETRY_STATUSES])('retries a GET only once on %i', async (status) => {
    const { client, fetchImpl } = setup([response(status), response(status), ok('third')]);
    await expect(client.get('/v1/buy/sku-info')).rejects.toMatchObject({ status });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it.each([...RETRY_STATUSES])('never retries a POST on %i', async (status) => {
    const { client, fetchImpl } = setup([response(status), ok('second')]);
    await expect(client.post('/v1/ai/create/x', { data: {} })).rejects.toMatchObject({ status });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('does not retry a GET on other failures', async () => {
    const { client, fetchImpl } = setup([response(404), ok('second')]);
    await expect(client.get('/v1/x')).rejects.toMatchObject({ status: 404 });
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('api client: upload', () => {
  it('PUTs the file with the headers and reports progress', async () => {
    const sent: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
    class FakeXhr {
      upload: { onprogress: ((e: { loaded: number; total: number; lengthComputable: boolean }) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror: (() => void) | null = null;
      onabort: (() => void) | null = null;
      status = 0;
      statusText = '';
      responseText = '';
      private request = { method: '', url: '', headers: {} as Record<string, string>, body: null as unknown };
      open(method: string, url: string) {
        this.request.method = method;
        this.request.url = url;
      }
      setRequestHeader(name: string, value: string) {
        this.request.headers[name] = value;
      }
      abort() {
        this.onabort?.();
      }
      send(body: unknown) {
        this.request.body = body;
        sent.push(this.request);
        this.upload.onprogress?.({ loaded: 5, total: 10, lengthComputable: true });
        this.status = 200;
        this.responseText = JSON.stringify({ code: 0, msg: 'ok', data: { oss_path: 'u/1.png' }, trace_id: 't' });
        this.onload?.();
      }
    }
    const original = window.XMLHttpRequest;
    Object.assign(window, { XMLHttpRequest: FakeXhr });
    try {
      const { client } = setup([]);
      const progress: number[] = [];
      const file = new Blob(['hello'], { type: 'image/png' });
      const answer = await client.upload('/v1/upload/abc', file, (p) => progress.push(p.loaded / p.total));
      expect(answer).toEqual({ oss_path: 'u/1.png' });
      expect(progress).toEqual([0.5]);
      expect(sent[0]).toMatchObject({ method: 'PUT', url: '/v1/upload/abc', body: file });
      expect(sent[0].headers).toMatchObject({ Authorization: 'Bearer jwt-token', 'Content-Type': 'image/png', 'X-Source': 'web' });
    } finally {
      Object.assign(window, { XMLHttpRequest: original });
    }
  });
});
