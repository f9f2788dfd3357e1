/**
 * Bounded work for one request: prototype names as algorithms, nesting and size of user_data, image
 * headers judged before decoding, truncated pictures, and the task creation caps.
 */
import { crc32, deflateSync } from 'node:zlib';
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import { envelope, picture, startHarness, type Harness, type TestUser } from '../../../test/tasks-harness';

jest.setTimeout(120000);

/** A PNG whose header claims width x height, with a few bytes of picture data after it. */
function pngClaiming(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

describe('tasks and uploads refuse unbounded work', () => {
  let h: Harness;
  let user: TestUser;

  beforeAll(async () => {
    h = await startHarness({ tasks: { creationLimits: { perMinute: 20, perMinutePerAddress: 1000, perDay: 1000 } } });
    user = await h.user('free');
  });
  afterAll(async () => h?.close());

  it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('%s as an algorithm is unknown, never a 500', async (name) => {
    const answers = await Promise.all([
      h.app.inject({ method: 'POST', url: `/v1/ai/create/${name}`, headers: user.headers, payload: { data: {} } }),
      h.app.inject({ method: 'GET', url: `/v1/ai/cost/${name}`, headers: user.headers }),
      h.app.inject({ method: 'GET', url: `/v1/common/oss/token?algorithm=${name}`, headers: user.headers }),
      h.app.inject({ method: 'POST', url: '/v1/ai/task', headers: user.headers, payload: { algorithm: name } }),
      h.app.inject({ method: 'GET', url: `/v1/prompt/category-and-presets?algorithm=${name}` }),
    ]);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status < 500)).toBe(true);
    expect(statuses[0]).toBeGreaterThanOrEqual(400);
    expect(statuses[4]).toBe(404);
  });

  it('refuses deeply nested user_data with 400 and caps user_data at 20,000 characters on create', async () => {
    const deep = `{"data":{"prompt":"a calm lake"},"user_data":{"notes":${'['.repeat(5000)}${']'.repeat(5000)}}}`;
    const nested = await h.app.inject({ method: 'POST', url: '/v1/ai/create/t_sensitive_detect', headers: { ...user.headers, 'content-type': 'application/json' }, payload: deep });
    expect(nested.statusCode).toBe(400);
    const big = await h.create(user, 't_sensitive_detect', { data: { prompt: 'a calm lake' }, user_data: { module: 'x', notes: 'n'.repeat(20_001) } });
    expect(big.status).toBe(400);
    expect(big.body.msg).toBe('user_data is too large');
  });

  it("judges img2prompt's picture by its header before decoding it", async () => {
    for (const [width, height] of [
      [16000, 16000],
      [30000, 30000],
    ]) {
      const image = `data:image/png;base64,${pngClaiming(width, height).toString('base64')}`;
      const answer = await h.app.inject({ method: 'POST', url: '/v1/ai/prompt/img2prompt', headers: user.headers, payload: { image } });
      expect(answer.statusCode).toBe(422);
      expect(envelope(answer)).toMatchObject({ code: API_CODES.UNSUPPORTED_RESOLUTION, msg: USER_TEXTS.RESOLUTION_UNSUPPORTED });
    }
    const small = `data:image/png;base64,${(await picture(64, 48)).toString('base64')}`;
    const fine = await h.app.inject({ method: 'POST', url: '/v1/ai/prompt/img2prompt', headers: user.headers, payload: { image: small } });
    expect(envelope(fine).code).toBe(0);
  });

  it('refuses at upload a picture beyond the resolution and a truncated PNG', async () => {
    const huge = await h.upload(user, 'img2prompt', pngClaiming(30000, 30000));
    expect(huge.body).toMatchObject({ code: API_CODES.UNSUPPORTED_RESOLUTION, msg: USER_TEXTS.RESOLUTION_UNSUPPORTED });
    const whole = await picture(640, 480);
    const truncated = await h.upload(user, 'img2prompt', whole.subarray(0, Math.floor(whole.length / 2)));
    expect(truncated.status).toBe(415);
    expect(truncated.body).toMatchObject({ code: API_CODES.UNSUPPORTED_FORMAT, msg: USER_TEXTS.UNSUPPORTED_FORMAT });
    expect((await h.upload(user, 'img2prompt', whole)).body.code).toBe(0);
  });

  it('caps a burst of free check tasks from one account (429 with Retry-After)', async () => {
    const burst = await Promise.all(
      Array.from({ length: 100 }, () =>
        h.app.inject({ method: 'POST', url: '/v1/ai/create/t_sensitive_detect', headers: user.headers, payload: { data: { prompt: 'a calm lake at dawn' } } }),
      ),
    );
    const accepted = burst.filter((answer) => envelope(answer).code === 0).length;
    const refused = burst.filter((answer) => answer.statusCode === 429);
    console.log(`task burst: ${accepted} of 100 accepted`);
    expect(accepted).toBeLessThanOrEqual(20);
    expect(refused.length).toBeGreaterThanOrEqual(80);
    expect(Number(refused[0].headers['retry-after'])).toBeGreaterThan(0);
  });
});
