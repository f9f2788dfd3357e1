import { USER_TEXTS, type ApiClient, type Task } from 'shared-contracts';
import { makeTask } from '../../../test/tasks';
import { runCheck, sensitiveChecks } from './sensitive';

function apiWith(sequence: Record<string, Task[]>) {
  const created: { algorithm: string; data: unknown }[] = [];
  const call = jest.fn(async (key: string, input: { params: { algorithm?: string; kind?: string }; body?: { data: unknown } }) => {
    const name = input.params.algorithm ?? input.params.kind ?? '';
    if (key === 'POST /v1/ai/create/{algorithm}') created.push({ algorithm: name, data: input.body?.data });
    const queue = sequence[name];
    return queue.length > 1 ? queue.shift() : queue[0];
  });
  return { api: { call } as unknown as ApiClient, call, created };
}

const moderation = (passed: boolean) => ({ kind: 'moderation' as const, passed, checks: [], flagged: passed ? [] : ['nude'] });

describe('sensitive-content checks before generation', () => {
  it('follows a check task until it answers, and passes a compliant input', async () => {
    const { api, call } = apiWith({
      t_sensitive_detect: [
        makeTask({ task_id: 'c', algorithm: 't_sensitive_detect', status: 'queued' }),
        makeTask({ task_id: 'c', algorithm: 't_sensitive_detect', status: 'generating' }),
        makeTask({ task_id: 'c', algorithm: 't_sensitive_detect', status: 'success', result_data: moderation(true) }),
      ],
    });
    await expect(runCheck(api, 't_sensitive_detect', { prompt: 'a cat' })).resolves.toBeNull();
    expect(call.mock.calls.map((args) => args[0])).toEqual(['POST /v1/ai/create/{algorithm}', 'GET /v1/ai/result/{kind}/{id}', 'GET /v1/ai/result/{kind}/{id}']);
    expect(call.mock.calls[1][1]).toEqual({ params: { kind: 't_sensitive_detect', id: 'c' } });
  });

  it("answers 'The input is non-compliant. Please revise it.' when the check flags it", async () => {
    const { api } = apiWith({ t_sensitive_detect: [makeTask({ algorithm: 't_sensitive_detect', status: 'success', result_data: moderation(false) })] });
    await expect(runCheck(api, 't_sensitive_detect', { prompt: 'x' })).resolves.toBe(USER_TEXTS.NON_COMPLIANT);
  });

  it("answers the check's own reason when it failed (a file it could not read)", async () => {
    const { api } = apiWith({ i_sensitive_detect: [makeTask({ algorithm: 'i_sensitive_detect', status: 'failure', reason: USER_TEXTS.FORMAT_UNSUPPORTED })] });
    await expect(runCheck(api, 'i_sensitive_detect', { file_path: 'u/a.png' })).resolves.toBe(USER_TEXTS.FORMAT_UNSUPPORTED);
  });

  it('runs the text, every image and the video at once; the first refusal wins', async () => {
    const { api, created } = apiWith({
      t_sensitive_detect: [makeTask({ algorithm: 't_sensitive_detect', status: 'success', result_data: moderation(true) })],
      i_sensitive_detect: [makeTask({ algorithm: 'i_sensitive_detect', status: 'success', result_data: moderation(true) })],
      v_sensitive_detect: [makeTask({ algorithm: 'v_sensitive_detect', status: 'success', result_data: moderation(false) })],
    });
    await expect(sensitiveChecks(api, { text: ' a prompt ', images: ['u/1.png', 'u/2.png'], videos: ['u/v.mp4'] })).resolves.toBe(USER_TEXTS.NON_COMPLIANT);
    expect(created).toEqual([
      { algorithm: 't_sensitive_detect', data: { prompt: 'a prompt' } },
      { algorithm: 'i_sensitive_detect', data: { file_path: 'u/1.png' } },
      { algorithm: 'i_sensitive_detect', data: { file_path: 'u/2.png' } },
      { algorithm: 'v_sensitive_detect', data: { file_path: 'u/v.mp4' } },
    ]);
  });

  it('checks nothing when there is nothing to check', async () => {
    const { api, call } = apiWith({});
    await expect(sensitiveChecks(api, { text: '  ', images: [], videos: [] })).resolves.toBeNull();
    expect(call).not.toHaveBeenCalled();
  });
});
