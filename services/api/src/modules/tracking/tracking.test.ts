/** The collector: schema-checked batches, the person from the session, rate limit, partitions and retention. */
import { TRACK_BATCH_MAX, type ApiEnvelope } from 'shared-contracts';
import { bearer, makeProfile, startTestApi, type TestApi } from '../../../test/helpers';
import { maintainPartitions, partitionName } from './collector';
import { trackingModule } from './index';

jest.setTimeout(120000);

function event(name: string, extra: Record<string, unknown> = {}) {
  return { event: name, ts: Date.now(), route: '/home?x=1', profile: { uid: 'forged-uid', user_member_level: 'vip', user_credits: 42, wsid: 'forged' }, props: { button: 'go' }, ...extra };
}

describe('POST /v1/track', () => {
  let api: TestApi;
  const logged: Array<{ level: number; msg: string; refused?: Record<string, unknown> }> = [];
  beforeAll(async () => {
    api = await startTestApi({
      modules: [trackingModule({ retentionDays: 30, maintenanceMs: 0, batchesPerMinute: 5, forwarder: null })],
      logger: { level: 'warn', stream: { write: (line: string) => void logged.push(JSON.parse(line) as (typeof logged)[number]) } },
    });
  });
  afterAll(async () => api.close());

  it('stores a signed-in batch under the uid of the bearer, not the one the client wrote', async () => {
    const profile = makeProfile();
    const { jwt, uid } = await api.signIn(profile);
    const response = await api.app.inject({
      method: 'POST',
      url: '/v1/track',
      headers: bearer(jwt),
      payload: { client_id: 'client-1', events: [event('miai_purchase_interface_click'), event('page_view')] },
    });
    expect((response.json() as ApiEnvelope<{ accepted: number }>).data).toEqual({ accepted: 2 });
    const mine = await api.app.inject({ method: 'GET', url: '/v1/track/mine', headers: bearer(jwt) });
    const rows = (mine.json() as ApiEnvelope<Array<Record<string, unknown>>>).data;
    expect(rows.map((row) => row.event).sort()).toEqual(['miai_purchase_interface_click', 'page_view']);
    expect(rows[0]).toMatchObject({ route: '/home', user_member_level: 'free', user_credits: 42, props: { button: 'go' } });
    const stored = await api.db.query<{ uid: string; wsid: string }>(`SELECT uid, wsid FROM track_events WHERE client_id = 'client-1'`);
    expect(new Set(stored.rows.map((row) => row.uid))).toEqual(new Set([uid]));
    expect(stored.rows[0].wsid).not.toBe('forged');
  });

  it('takes a page-hide beacon (text/plain, token in the cookie) and stores visitors without a uid', async () => {
    const { jwt, uid } = await api.signIn(makeProfile());
    const beacon = await api.app.inject({
      method: 'POST',
      url: '/v1/track',
      headers: { 'content-type': 'text/plain;charset=UTF-8', cookie: `other=1; studio_token=${jwt}` },
      payload: JSON.stringify({ client_id: 'client-2', events: [event('page_performance')] }),
    });
    expect(beacon.statusCode).toBe(200);
    const visitor = await api.app.inject({ method: 'POST', url: '/v1/track', payload: { client_id: 'client-3', events: [event('page_view')] } });
    expect(visitor.statusCode).toBe(200);
    const rows = await api.db.query<{ client_id: string; uid: string | null; member_level: string; credits: number }>(
      `SELECT client_id, uid, member_level, credits FROM track_events WHERE client_id IN ('client-2', 'client-3') ORDER BY client_id`,
    );
    expect(rows.rows).toEqual([
      { client_id: 'client-2', uid, member_level: 'free', credits: 42 },
      { client_id: 'client-3', uid: null, member_level: 'guest', credits: 0 },
    ]);
  });

  it('logs a remote the shell refused for the operator, naming both contract versions', async () => {
    const props = { remote: 'remote_tools', remote_version: '1.0.0', remote_contract: '1.3.0', shell_contract: '2.4.0', entry: 'http://tools.example/m.json' };
    const response = await api.app.inject({ method: 'POST', url: '/v1/track', payload: { client_id: 'client-4', events: [event('remote_refused', { props }), event('page_view')] } });
    expect(response.statusCode).toBe(200);
    const warnings = logged.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toBe('remote refused: remote_tools 1.0.0 (http://tools.example/m.json) was built against shared-contracts 1.3.0; the shell speaks 2.4.0');
    expect(warnings[0].refused).toEqual(props);
  });

  it('refuses a batch that breaks the schema, and more than the rate limit per minute', async () => {
    const tooMany = Array.from({ length: TRACK_BATCH_MAX + 1 }, () => event('page_view'));
    const refused = [
      { client_id: 'c', events: tooMany },
      { client_id: 'c', events: [event('bad name with spaces')] },
      { client_id: 'c', events: [event('page_view', { props: { nested: { a: 1 } } })] },
    ];
    for (const payload of refused) {
      const response = await api.app.inject({ method: 'POST', url: '/v1/track', payload, remoteAddress: '10.1.1.1' });
      expect(response.statusCode).toBe(400);
    }
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await api.app.inject({ method: 'POST', url: '/v1/track', payload: { client_id: 'c', events: [event('page_view')] }, remoteAddress: '10.1.1.1' });
      statuses.push(response.statusCode);
    }
    // three refused batches and two stored ones use up the five of the minute
    expect(statuses).toEqual([200, 200, 429, 429]);
    const other = await api.app.inject({ method: 'POST', url: '/v1/track', payload: { client_id: 'c', events: [event('page_view')] }, remoteAddress: '10.2.2.2' });
    expect(other.statusCode).toBe(200);
  });

  it('keeps a partition per day and drops the days past retention', async () => {
    const at = new Date('2030-01-10T12:00:00Z');
    const first = await maintainPartitions(api.db, at, 2);
    expect(first.created).toEqual([partitionName(new Date('2030-01-10')), partitionName(new Date('2030-01-11')), partitionName(new Date('2030-01-12'))]);
    const later = await maintainPartitions(api.db, new Date('2030-01-13T01:00:00Z'), 2);
    expect(later.dropped).toContain(partitionName(new Date('2030-01-10')));
    expect(later.dropped).not.toContain(partitionName(new Date('2030-01-11')));
  });
});
