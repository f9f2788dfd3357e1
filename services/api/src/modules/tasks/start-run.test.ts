/**
 * Create and retry hold the credits and write the task in one transaction: a failure after the hold (here
 * the Free daily cap, counted after the hold inside that transaction) leaves neither a hold nor a task.
 */
import { API_CODES, type Task } from 'shared-contracts';
import { startHarness, type Harness } from '../../../test/tasks-harness';

jest.setTimeout(120000);

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ rules: { freeDailyTasks: 1 } });
});
afterAll(async () => {
  await h?.close();
});

async function holdsOf(uid: string) {
  const result = await h.testDb.db.query<{ idempotency_key: string; status: string }>(
    "SELECT idempotency_key, status FROM credit_holds WHERE user_id = $1 AND idempotency_key LIKE 'task:%' ORDER BY created_at",
    [uid],
  );
  return result.rows;
}

async function tasksOf(uid: string) {
  const result = await h.testDb.db.query<{ id: string; status: string; hold_id: string | null; runs: number }>(
    'SELECT id, status, hold_id, runs FROM tasks WHERE user_id = $1',
    [uid],
  );
  return result.rows;
}

it('a create that fails after its hold leaves no hold and no task', async () => {
  const user = await h.user('free', 10);
  const first = await h.create(user, 'text2image', { data: { prompt: 'a quiet harbour at dawn' } });
  expect(first.status).toBe(200);
  expect(first.body.data.balance).toBe(9);
  const over = await h.create(user, 'text2image', { data: { prompt: 'a second harbour, over the cap' } });
  expect(over.status).toBe(429);
  expect(over.body.code).toBe(API_CODES.DAILY_LIMIT);
  expect(await h.balance(user.uid)).toBe(9);
  expect(await holdsOf(user.uid)).toEqual([{ idempotency_key: `task:${first.body.data.task_id}:1`, status: 'held' }]);
  expect((await tasksOf(user.uid)).map((t) => t.id)).toEqual([first.body.data.task_id]);
});

it('a retry that fails after its hold leaves the task as it was and no new hold', async () => {
  const user = await h.user('free', 10);
  const first = await h.create(user, 'text2image', { data: { prompt: 'a lighthouse in fog' } });
  const id = first.body.data.task_id;
  const cancelled = await h.app.inject({ method: 'POST', url: `/v1/ai/cancel/${id}`, headers: user.headers });
  expect((cancelled.json() as { data: Task }).data.status).toBe('cancelled');
  expect(await h.balance(user.uid)).toBe(10);
  // the day's one task goes to another task, so the retry passes its hold and then meets the cap
  expect((await h.create(user, 'text2image', { data: { prompt: 'a lighthouse at noon' } })).status).toBe(200);
  const before = (await tasksOf(user.uid)).find((t) => t.id === id);
  const retried = await h.app.inject({ method: 'POST', url: '/v1/ai/retry', headers: user.headers, payload: { task_id: id } });
  expect(retried.statusCode).toBe(429);
  expect(await h.balance(user.uid)).toBe(9);
  expect((await tasksOf(user.uid)).find((t) => t.id === id)).toEqual(before);
  expect((await holdsOf(user.uid)).filter((hold) => hold.idempotency_key === `task:${id}:2`)).toEqual([]);
});
