/**
 * The sensitive-content checks that run on text, image and video inputs before a generation (spec
 * section 5): each is a check task (t_/i_/v_sensitive_detect) created on the server and followed until it
 * answers. Answers the text to show when an input does not pass, or null when all pass.
 */
import { USER_TEXTS, type ApiClient, type Task } from 'shared-contracts';

// a check usually answers within a few hundred ms: look early, then back off
const POLL_STEPS_MS = [50, 80, 120, 200, 300, 500, 800];
const CHECK_TIMEOUT_MS = 60_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      },
      { once: true },
    );
  });

export interface CheckInput {
  text: string;
  images: string[];
  videos: string[];
}

/** Runs one check task to its end; answers the reason when the input is refused, else null. */
export async function runCheck(api: ApiClient, algorithm: 't_sensitive_detect' | 'i_sensitive_detect' | 'v_sensitive_detect', data: Record<string, unknown>, signal?: AbortSignal): Promise<string | null> {
  let task: Task = await api.call('POST /v1/ai/create/{algorithm}', { params: { algorithm }, body: { data } }, { signal });
  const started = Date.now();
  let step = 0;
  while (task.status === 'queued' || task.status === 'generating') {
    if (Date.now() - started > CHECK_TIMEOUT_MS) return USER_TEXTS.NETWORK;
    await sleep(POLL_STEPS_MS[Math.min(step, POLL_STEPS_MS.length - 1)], signal);
    step += 1;
    task = await api.call('GET /v1/ai/result/{kind}/{id}', { params: { kind: algorithm, id: task.task_id } }, { signal });
  }
  if (task.status !== 'success') return task.reason || USER_TEXTS.NON_COMPLIANT;
  const verdict = task.result_data;
  if (verdict && verdict.kind === 'moderation' && !verdict.passed) return USER_TEXTS.NON_COMPLIANT;
  return null;
}

/** All checks at once; the first refusal wins. */
export async function sensitiveChecks(api: ApiClient, input: CheckInput, signal?: AbortSignal): Promise<string | null> {
  const runs: Promise<string | null>[] = [];
  if (input.text.trim()) runs.push(runCheck(api, 't_sensitive_detect', { prompt: input.text.trim() }, signal));
  for (const path of input.images) runs.push(runCheck(api, 'i_sensitive_detect', { file_path: path }, signal));
  for (const path of input.videos) runs.push(runCheck(api, 'v_sensitive_detect', { file_path: path }, signal));
  const answers = await Promise.all(runs);
  return answers.find((answer) => answer !== null) ?? null;
}
