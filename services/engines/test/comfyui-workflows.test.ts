/**
 * Issue 15: every shipped ComfyUI workflow is filled for a real job (prompt, negative prompt, seed, size,
 * duration, input files), well formed (every link names a node of the workflow, no placeholder left) and
 * run through the protocol-speaking fake ComfyUI.
 */
jest.setTimeout(60000);
import { join } from 'node:path';
import { ComfyUiEngine, loadWorkflows, type ComfyWorkflow } from '../src/comfyui/engine';
import { BUNDLED_WORKFLOWS_DIR, WORKFLOW_ALGORITHMS, WORKFLOW_MODELS } from '../src/comfyui/workflows';
import type { AlgorithmId, AlgorithmParams } from '../src/types';
import { FakeComfy } from './fake-comfy';
import { ctxFor, job, makePicture, makeVideo, tempDir } from './helpers';

const t = tempDir('comfy-workflows');
const fake = new FakeComfy(9190);
beforeAll(() => fake.listen());
afterAll(async () => {
  await fake.close();
  t.cleanup();
});

const JOBS: { [A in AlgorithmId]?: AlgorithmParams[A] } = {
  text2image: { prompt: 'a red fox in snow', ratio: '16:9', num: 2, seed: 11 },
  image2image: { prompt: 'watercolour', ratio: '1:1', seed: 12 },
  text2video: { prompt: 'waves at dusk', ratio: '16:9', duration: 5, seed: 13 },
  image2video: { prompt: 'the camera drifts', duration: 4, seed: 14 },
  video2anime: { style: 'anime' },
  mai_tcm: { prompt: 'calm piano for a rainy night', duration: 30, seed: 15 },
  mai_text2song_minimax: { lyrics: 'Sunshine in my pocket\nDancing down the street', prompt: 'happy pop', duration: 30, seed: 16 },
};

function links(workflow: ComfyWorkflow): string[] {
  const out: string[] = [];
  for (const node of Object.values(workflow)) {
    for (const value of Object.values(node.inputs)) if (Array.isArray(value) && typeof value[0] === 'string') out.push(value[0]);
  }
  return out;
}

describe('the shipped ComfyUI workflows', () => {
  it('cover every generative algorithm, each naming its model', () => {
    // the list: text and image to image, text and image to video, video to anime, music and song
    const generative = ['text2image', 'image2image', 'text2video', 'image2video', 'video2anime', 'mai_tcm', 'mai_text2song_minimax'];
    expect([...WORKFLOW_ALGORITHMS].sort()).toEqual(generative.sort());
    for (const a of WORKFLOW_ALGORITHMS) expect(WORKFLOW_MODELS[a]).toMatch(/safetensors/);
  });

  it.each(WORKFLOW_ALGORITHMS)('%s is filled, well formed and runs against the fake ComfyUI', async (algorithm) => {
    const workflows = await loadWorkflows(BUNDLED_WORKFLOWS_DIR, [algorithm]);
    const engine = new ComfyUiEngine({ baseUrl: 'http://127.0.0.1:9190', workflows, modelNames: WORKFLOW_MODELS });
    const inputs =
      algorithm === 'image2image' || algorithm === 'image2video'
        ? [await makePicture(join(t.dir, `${algorithm}.png`), 64, 48)]
        : algorithm === 'video2anime'
          ? [await makeVideo(join(t.dir, 'clip.mp4'), { seconds: 1, width: 64, height: 48 })]
          : [];
    const j = job(algorithm, JOBS[algorithm] as never, inputs);
    const result = await engine.run(j, ctxFor(t.dir));
    const sent = fake.prompts.at(-1)!.prompt;
    const text = JSON.stringify(sent);
    expect(text).not.toMatch(/\{\{/);
    for (const target of links(sent)) expect(sent[target]).toBeDefined();
    const params = JOBS[algorithm] as { seed?: number; prompt?: string };
    if (params.seed !== undefined) expect(sent['3'].inputs.seed).toBe(params.seed);
    if (params.prompt) expect(text).toContain(params.prompt);
    if (inputs.length) expect(text).toContain(fake.uploads.at(-1)!.name);
    expect(text).toContain(`studio/${j.taskId}`);
    expect(result.metadata).toMatchObject({ engine: 'comfyui', model: WORKFLOW_MODELS[algorithm] });
  });

  it('fills sizes, lengths and defaults the models take', async () => {
    const workflows = await loadWorkflows(BUNDLED_WORKFLOWS_DIR, ['text2video', 'image2image', 'mai_tcm', 'mai_text2song_minimax']);
    const engine = new ComfyUiEngine({ baseUrl: 'http://127.0.0.1:9190', workflows });
    await engine.run(job('text2video', { prompt: 'a lighthouse', ratio: '9:16', duration: 5, seed: 1 }), ctxFor(t.dir));
    expect(fake.prompts.at(-1)!.prompt['40'].inputs).toMatchObject({ width: 576, height: 1024, length: 81 });
    const src = await makePicture(join(t.dir, 'i2i.png'), 64, 48);
    await engine.run(job('image2image', { prompt: 'oil', seed: 2 }, [src]), ctxFor(t.dir));
    expect(fake.prompts.at(-1)!.prompt['3'].inputs.denoise).toBe(0.6);
    expect(fake.prompts.at(-1)!.prompt['10'].inputs.amount).toBe(1);
    await engine.run(job('mai_tcm', { prompt: 'slow ambient pads', duration: 45, seed: 3 }), ctxFor(t.dir));
    expect(fake.prompts.at(-1)!.prompt['5'].inputs.seconds).toBe(45);
    await engine.run(job('mai_text2song_minimax', { lyrics: 'la la la la la la', duration: 20, style: 'rock' }), ctxFor(t.dir));
    expect(fake.prompts.at(-1)!.prompt['14'].inputs).toMatchObject({ tags: 'rock', lyrics: 'la la la la la la' });
  });
});
