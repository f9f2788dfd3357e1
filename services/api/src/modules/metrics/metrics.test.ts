/** /metrics: request rate and latency per route pattern, the database figures, and the optional token. */
import { startTestApi, type TestApi } from '../../../test/helpers';
import { currentTraceId } from '../../trace-context';
import { metricsModule } from './index';

describe('GET /metrics', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi({
      modules: [
        metricsModule({ METRICS_TOKEN: 'scrape-secret' }),
        // what the task queue does when it puts the trace id into a job
        { name: 'trace-probe', plugin: async (app) => void app.get('/v1/trace-probe', async () => ({ trace: currentTraceId() })) },
      ],
    });
  });
  afterAll(async () => api.close());

  it('counts requests per route pattern and reports queue, task, credit, login and purchase figures', async () => {
    await api.app.inject({ method: 'GET', url: '/v1/common/system_config' });
    await api.app.inject({ method: 'GET', url: '/v1/no-such-thing/123' });
    await api.signIn();
    const refused = await api.app.inject({ method: 'GET', url: '/metrics' });
    expect(refused.statusCode).toBe(401);
    const response = await api.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer scrape-secret' } });
    expect(response.statusCode).toBe(200);
    const text = response.body;
    expect(text).toContain('studio_http_requests_total{method="GET",route="/v1/common/system_config",status="200"} 1');
    expect(text).toMatch(/studio_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/v1\/common\/system_config"\}/);
    expect(text).not.toContain('no-such-thing/123');
    expect(text).toContain('studio_logins_total 1');
    for (const name of ['studio_task_queue_depth', 'studio_tasks_finished_1h', 'studio_credit_holds', 'studio_purchases_total']) expect(text).toContain(`# TYPE ${name} gauge`);
  });

  it("lets code without the request read the request's trace id (the queue puts it into the job)", async () => {
    const response = await api.app.inject({ method: 'GET', url: '/v1/trace-probe', headers: { 'x-trace-id': 'browser-trace-1' } });
    expect(response.json()).toEqual({ trace: 'browser-trace-1' });
  });
});
