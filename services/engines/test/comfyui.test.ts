jest.setTimeout(60000);
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { USER_TEXTS } from 'shared-contracts/constants';
import { ComfyUiEngine, type ComfyWorkflow } from '../src/comfyui/engine';
import { createEngineRegistry, EngineRegistry, parseAlgorithmMap } from '../src/registry';
import { LocalEngine } from '../src/local/engine';
import { ALGORITHMS, listAlgorithms, resolveAlgorithm } from '../src/algorithms';
import { ALGORITHM_IDS } from '../src/types';
import { ctxFor, job, makePicture, tempDir } from './helpers';
import { FakeComfy } from './fake-comfy';

const WORKFLOW: ComfyWorkflow = {
  '3': { class_type: 'KSampler', inputs: { seed: '{{seed}}', steps: 20, model: ['4', 0], positive: ['6', 0] } },
  '5': { class_type: 'EmptyLatentImage', inputs: { width: '{{width}}', height: '{{height}}', batch_size: 1 } },
  '6': { class_type: 'CLIPTextEncode', inputs: { text: 'masterpiece, {{prompt}}' } },
  '9': { class_type: 'SaveImage', inputs: { filename_prefix: 'ComfyUI', images: ['8', 0] } },
};
const IMG_WORKFLOW: ComfyWorkflow = {
  ...WORKFLOW,
  '1': { class_type: 'LoadImage', inputs: { image: '{{input_0}}' } },
};

const t = tempDir('comfy');
const fake = new FakeComfy(8151);
beforeAll(() => fake.listen());
afterAll(async () => {
  await fake.close();
  t.cleanup();
});
const engine = new ComfyUiEngine({
  baseUrl: 'http://127.0.0.1:8151',
  workflows: { text2image: WORKFLOW, image2image: IMG_WORKFLOW, text2video: { ...WORKFLOW, '3': { class_type: 'FailNode', inputs: {} } } },
  modelNames: { text2image: 'sdxl-base-1.0' },
});

describe('ComfyUI engine against a fake ComfyUI', () => {
  it('queues the workflow with the task id as prompt_id, follows progress and copies the outputs', async () => {
    const c = ctxFor(t.dir);
    const j = job('text2image', { prompt: 'a red fox in snow', ratio: '16:9', seed: 42 });
    const r = await engine.run(j, c);
    const sent = fake.prompts.at(-1)!;
    expect(sent.prompt_id).toBe(j.taskId);
    expect(fake.sockets.has(sent.client_id)).toBe(true);
    expect(sent.prompt['6'].inputs.text).toBe('masterpiece, a red fox in snow');
    expect(sent.prompt['3'].inputs.seed).toBe(42);
    expect(sent.prompt['5'].inputs).toMatchObject({ width: 1024, height: 576 });
    expect(r.outputs).toHaveLength(1); // the temp preview is not an output
    expect(r.outputs[0].path.startsWith(t.dir)).toBe(true);
    expect(readFileSync(r.outputs[0].path).equals(fake.outputs.get(`ComfyUI_${j.taskId}_00001_.png`)!)).toBe(true);
    expect(r.outputs[0]).toMatchObject({ media: 'image', mime: 'image/png' });
    expect(r.metadata).toMatchObject({ engine: 'comfyui', model: 'sdxl-base-1.0' });
    // progress from the websocket, increasing, and not from the other client's prompt (9/10)
    const mid = c.progress.filter((p) => p > 2 && p < 100);
    expect(mid.length).toBeGreaterThanOrEqual(4);
    expect([...mid].sort((a, b) => a - b)).toEqual(mid);
    expect(mid).not.toContain(2 + 0.9 * 95);
    expect(mid).toContain(2 + 0.25 * 95);
  });

  it('uploads the inputs and names them in the workflow', async () => {
    const src = await makePicture(join(t.dir, 'in.png'), 40, 30);
    const j = job('image2image', { prompt: 'oil painting', seed: 1 }, [src]);
    await engine.run(j, ctxFor(t.dir));
    const up = fake.uploads.at(-1)!;
    expect(up.name).toBe(`${j.taskId}-0.png`);
    expect(fake.prompts.at(-1)!.prompt['1'].inputs.image).toBe(up.name);
  });

  it('an execution_error fails the task with a user text and the reason', async () => {
    await expect(engine.run(job('text2video', { prompt: 'anything' }), ctxFor(t.dir))).rejects.toMatchObject({
      userText: USER_TEXTS.GENERATION_FAILURE,
      detail: expect.stringMatching(/CUDA out of memory/),
    });
  });

  it('cancelling deletes the prompt from the queue and interrupts it', async () => {
    fake.stepMs = 200;
    const ac = new AbortController();
    const c = ctxFor(t.dir, ac.signal);
    const j = job('text2image', { prompt: 'slow one' });
    const p = engine.run(j, { ...c, onProgress: (pct) => { if (pct > 2) ac.abort(); } });
    await expect(p).rejects.toThrow(/cancelled/);
    expect(fake.deleted).toContain(j.taskId);
    expect(fake.interrupted).toBeGreaterThanOrEqual(1);
    fake.stepMs = 20;
  });

  it('refuses an algorithm without a workflow, and a server that is not there', async () => {
    expect(engine.supports('bg_remover')).toBe(false);
    const dead = new ComfyUiEngine({ baseUrl: 'http://127.0.0.1:8159', workflows: { text2image: WORKFLOW } });
    await expect(dead.run(job('text2image', { prompt: 'x' }), ctxFor(t.dir))).rejects.toMatchObject({ userText: USER_TEXTS.GENERATION_FAILED_LATER });
  });
});

describe('registry and catalogue', () => {
  it('chooses the engine per algorithm by configuration', async () => {
    const reg = new EngineRegistry([new LocalEngine(), engine], { default: 'local', algorithms: { text2image: 'comfyui' } });
    expect(reg.engineFor('text2image').name).toBe('comfyui');
    expect(reg.engineFor('bg_remover').name).toBe('local');
    const r = await reg.run(job('text2image', { prompt: 'routed to the GPU', seed: 3 }), ctxFor(t.dir));
    expect(r.metadata.engine).toBe('comfyui');
    const bad = new EngineRegistry([new LocalEngine(), engine], { algorithms: { bg_remover: 'comfyui' } });
    expect(() => bad.engineFor('bg_remover')).toThrow(/cannot run bg_remover/);
  });

  it('reads the configuration from the environment', async () => {
    expect(parseAlgorithmMap('text2video=comfyui, image2video=comfyui')).toEqual({ text2video: 'comfyui', image2video: 'comfyui' });
    expect(() => parseAlgorithmMap('nope=comfyui')).toThrow(/cannot read/);
    const reg = await createEngineRegistry({ env: { ENGINE_ALGORITHMS: 'text2image=comfyui', COMFYUI_URL: 'http://127.0.0.1:8151' } });
    // no workflow folder: the shipped workflows serve the generative algorithms, nothing else
    expect(reg.engineFor('text2image').name).toBe('comfyui');
    const tools = await createEngineRegistry({ env: { ENGINE_ALGORITHMS: 'bg_remover=comfyui', COMFYUI_URL: 'http://127.0.0.1:8151' } });
    expect(() => tools.engineFor('bg_remover')).toThrow(/cannot run/);
    expect((await createEngineRegistry({ env: {} })).engineFor('text2video').name).toBe('local');
  });

  it('lists every algorithm with its inputs, params and output', () => {
    expect(listAlgorithms().map((a) => a.id).sort()).toEqual([...ALGORITHM_IDS].sort());
    expect(ALGORITHMS.object_remover.inputs.map((i) => i.kinds)).toEqual([['image'], ['mask']]);
    expect(ALGORITHMS.text2video).toMatchObject({ output: 'video', duration: { from: 'param', param: 'duration', default: 5 } });
    expect(ALGORITHMS.mai_tcm.params.prompt).toMatchObject({ required: true, minLength: 10 });
    expect(ALGORITHMS.t_sensitive_detect.output).toBe('data');
    expect(resolveAlgorithm('inpaint_clothes')).toBe('partial_redrawing');
    expect(resolveAlgorithm('anieraser')).toBe('video_eraser');
    expect(resolveAlgorithm('text2video')).toBe('text2video');
    expect(resolveAlgorithm('nope')).toBeNull();
  });
});
