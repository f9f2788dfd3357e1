/**
 * Tasks routed to ComfyUI (issue 19), through the product's own API, queue, worker and storage, against the
 * test server that replays a real ComfyUI 0.8: the cost call names the model and what it cannot do, a setting
 * the workflow cannot honour is refused before the charge, results carry their size and the engine's badge
 * facts, and a graph ComfyUI refuses fails once, for good: credits back, no Retry.
 */
import { API_CODES, TASK_NOT_RETRYABLE, USER_TEXTS, type Task, type TaskCostResponse } from 'shared-contracts';
import { createEngineRegistry } from '@studio/engines/registry';
import { BUNDLED_WORKFLOWS_DIR, loadWorkflowSet, WORKFLOW_ALGORITHMS } from '@studio/engines/comfyui';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envelope, startHarness, type Harness } from '../../../test/tasks-harness';
import { RecordedComfy } from '../../../../engines/test/recorded-comfy';
import { healthModule, type HealthAnswer } from '../health/index';
import { engineChoices } from './engines';

jest.setTimeout(120000);

const comfy = new RecordedComfy();
let h: Harness;
let env: Record<string, string>;
beforeAll(async () => {
  await comfy.listen();
  env = { ENGINE_DEFAULT: 'comfyui', COMFYUI_URL: comfy.url };
  h = await startHarness({ tasks: { engineOf: await engineChoices({ default: 'comfyui' }, env) }, extraModules: () => [healthModule({ engineEnv: env })] });
});
afterAll(async () => {
  await h?.close();
  await comfy.close();
});

const settled = (task: Task) => ['success', 'failure', 'cancelled'].includes(task.status);

describe('tasks on ComfyUI', () => {
  it('the cost call names the model and what it cannot do; a create asking for it is refused before any hold', async () => {
    const user = await h.user('standard', 100);
    const cost = await h.app.inject({ method: 'GET', url: '/v1/ai/cost/text2video?duration=5&resolution=720p', headers: user.headers });
    expect(envelope<TaskCostResponse>(cost).data).toMatchObject({
      preview: false,
      engine: { name: 'comfyui', model: 'Wan 2.1 T2V 1.3B', refused: [{ name: 'audio', label: 'Generate audio' }], resolutions: ['360p', '540p', '720p'] },
    });
    const refused = await h.create(user, 'text2video', { data: { prompt: 'waves with their sound', duration: 5, audio: true } });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toBe('Generate audio is not available for Text to video with Wan 2.1 T2V 1.3B on this server');
    const tooLong = await h.create(user, 'text2music', { data: { prompt: 'a calm piano piece for the night', duration: 120 } });
    expect(tooLong.body.msg).toMatch(/makes up to 47 seconds/);
    expect(await h.balance(user.uid)).toBe(100);
    // tools stay on this server's engines
    const tool = await h.app.inject({ method: 'GET', url: '/v1/ai/cost/bg_remover', headers: user.headers });
    expect(envelope<TaskCostResponse>(tool).data.engine).toMatchObject({ name: 'local', model: 'ISNet', summary: expect.stringContaining('salient-object') });
  });

  it('runs text to image through the worker: stored results with their size, the model named, credits committed', async () => {
    const user = await h.user('standard', 100);
    const worker = await h.worker(await createEngineRegistry({ env }));
    const created = await h.create(user, 'text2image', { data: { prompt: 'a lighthouse at dusk', ratio: '16:9', num: 2 } });
    expect(created.status).toBe(200);
    const done = await h.waitFor(user, created.body.data.task_id, settled);
    expect(done.status).toBe('success');
    expect(done.engine).toMatchObject({ name: 'comfyui', model: 'SDXL base 1.0' });
    expect(done.outputs).toHaveLength(2);
    for (const output of done.outputs) {
      expect(output.width).toBeGreaterThan(0);
      expect(output.height).toBeGreaterThan(0);
      expect(output.engine).toBe('comfyui');
    }
    expect(await h.balance(user.uid)).toBe(98);
    await worker.stop();
  });

  it('a graph ComfyUI refuses fails once and for good: credits back, no retry', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'broken-workflows-'));
    try {
      const set = await loadWorkflowSet(BUNDLED_WORKFLOWS_DIR, WORKFLOW_ALGORITHMS);
      const broken = structuredClone(set.workflows.text2image!);
      broken['3'].inputs.stepz = broken['3'].inputs.steps;
      delete broken['3'].inputs.steps;
      writeFileSync(path.join(dir, 'text2image.json'), JSON.stringify(broken));
      const user = await h.user('standard', 50);
      const before = comfy.prompts.length;
      await h.worker(await createEngineRegistry({ env: { ...env, COMFYUI_WORKFLOWS: dir } }));
      const created = await h.create(user, 'text2image', { data: { prompt: 'a broken graph', num: 1 } });
      const failed = await h.waitFor(user, created.body.data.task_id, settled);
      expect(failed).toMatchObject({ status: 'failure', reason: USER_TEXTS.GENERATION_FAILURE, retryable: false });
      expect(await h.balance(user.uid)).toBe(50);
      // refused at /prompt: nothing ran on ComfyUI
      expect(comfy.prompts.length).toBe(before);
      const retry = await h.app.inject({ method: 'POST', url: '/v1/ai/retry', headers: user.headers, payload: { task_id: failed.task_id } });
      expect(retry.statusCode).toBe(409);
      expect(envelope(retry)).toMatchObject({ code: API_CODES.CONFLICT, msg: TASK_NOT_RETRYABLE });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the health answer says where each algorithm runs and what the ComfyUI server can run', async () => {
    const health = await h.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    const answer = health.json() as HealthAnswer;
    expect(answer.engines.text2video).toEqual({ engine: 'comfyui', model: 'Wan 2.1 T2V 1.3B' });
    expect(answer.engines.bg_remover).toEqual({ engine: 'local' });
    expect(answer.comfyui).toMatchObject({ ok: true, version: '0.8.0', compatible: true });
    expect(answer.comfyui?.workflows.video2anime).toEqual([]);
    expect(JSON.stringify(answer)).not.toContain(comfy.url);
  });
});
