/**
 * Conformance of the shipped ComfyUI workflows with the node classes a real ComfyUI 0.8 reported
 * (fixtures/comfyui/object-info.json, recorded by scripts/comfyui-harness/record.ts): every workflow, every
 * variant the product can send (one per combination of its settings), and the harness's stand-ins, checked
 * for class types, input names, required inputs, link types and value ranges. And what each workflow honours
 * of the catalogue's settings, which the API and the screens refuse otherwise.
 */
import { ASPECT_RATIOS } from 'shared-contracts/constants';
import { ALGORITHMS } from 'shared-contracts/algorithms';
import { capabilitiesOf } from '../src/comfyui/capabilities';
import { loadWorkflowSet, placeholdersOf, unfilled, type ComfyWorkflow, type WorkflowSet } from '../src/comfyui/workflow';
import { BUNDLED_WORKFLOWS_DIR, WORKFLOW_ALGORITHMS } from '../src/comfyui/workflows';
import { checkWorkflow } from '../src/comfyui/validate-workflow';
import { promptFor, type Size } from '../src/comfyui/variables';
import type { AlgorithmId, EngineJob } from '../src/types';
import { standIn } from '../src/comfyui/stand-in';
import { RECORDED_OBJECT_INFO } from './recorded-comfy';

let set: WorkflowSet;
beforeAll(async () => {
  set = await loadWorkflowSet(BUNDLED_WORKFLOWS_DIR, WORKFLOW_ALGORITHMS);
});

const ratios = ASPECT_RATIOS.map((r) => r.ratio);
const seeds = [0, 2 ** 31 - 1];
/** The values each setting can take that change the graph; every combination is filled and checked. */
const SETTINGS: Partial<Record<AlgorithmId, Record<string, readonly unknown[]>>> = {
  text2image: { ratio: ratios, num: [1, 4], seed: seeds },
  image2image: { ratio: [undefined, ...ratios], num: [1, 4], strength: [0, 0.6, 1], seed: seeds },
  text2video: { ratio: ratios, duration: [2, 5, 10], resolution: [undefined, '360p', '540p', '720p'], motion: ['auto', 'zoom_in', 'pan_down'], seed: seeds },
  image2video: { duration: [2, 10], resolution: [undefined, '360p', '720p'], motion: ['auto', 'pan_left'], seed: seeds },
  video2anime: { style: ['anime', 'watercolor'], resolution: [undefined, '360p', '720p'] },
  mai_tcm: { duration: [5, 47], style: [undefined, 'lofi chill piano'], seed: seeds },
  mai_text2song_minimax: { duration: [5, 240], style: [undefined, 'rock'], voice: [undefined, 'female'], seed: seeds },
  partial_redrawing: { seed: seeds },
};
const SHAPES: Size[] = [{ width: 3840, height: 2160 }, { width: 600, height: 800 }, { width: 128, height: 128 }];

function combinations(settings: Record<string, readonly unknown[]>): Record<string, unknown>[] {
  return Object.entries(settings).reduce<Record<string, unknown>[]>(
    (all, [name, values]) => all.flatMap((params) => values.map((value) => (value === undefined ? params : { ...params, [name]: value }))),
    [{}],
  );
}

function variants(algorithm: AlgorithmId): { params: Record<string, unknown>; shape: Size | null }[] {
  const required: Record<string, unknown> = algorithm === 'mai_text2song_minimax' ? { lyrics: 'La la la, the sun is up' } : { prompt: 'a lighthouse at dusk' };
  const inputs = ALGORITHMS[algorithm].inputs.filter((i) => i.required).length;
  return combinations(SETTINGS[algorithm] ?? {}).flatMap((params) => (inputs ? SHAPES : [null]).map((shape) => ({ params: { ...required, ...params }, shape })));
}

describe('the shipped ComfyUI workflows against the recorded ComfyUI', () => {
  it('cover every generative algorithm, each with its model and files in the manifest', () => {
    expect([...WORKFLOW_ALGORITHMS].sort()).toEqual(['image2image', 'image2video', 'mai_tcm', 'mai_text2song_minimax', 'partial_redrawing', 'text2image', 'text2video', 'video2anime']);
    for (const algorithm of WORKFLOW_ALGORITHMS) {
      expect(set.manifest[algorithm]?.model).toBeTruthy();
      for (const file of set.manifest[algorithm]?.files ?? []) expect(file).toMatchObject({ path: expect.stringMatching(/\.safetensors$/), size: expect.stringMatching(/GB$/), licence: expect.any(String) });
    }
  });

  it.each(WORKFLOW_ALGORITHMS)('%s, as shipped, names only node classes and inputs ComfyUI has', (algorithm) => {
    expect(checkWorkflow(set.workflows[algorithm]!, RECORDED_OBJECT_INFO, { templates: true })).toEqual([]);
  });

  it.each(WORKFLOW_ALGORITHMS)('%s: every variant the product sends is valid, with no placeholder left', (algorithm) => {
    const list = variants(algorithm);
    expect(list.length).toBeGreaterThan(0);
    for (const { params, shape } of list) {
      const job = { taskId: 't-variant', algorithm, params, inputs: shape ? ['in.png'] : [] } as EngineJob;
      // an inpainting gets the area the engine draws as its second upload (mask-input.ts)
      const uploads = shape ? (algorithm === 'partial_redrawing' ? ['uploaded-input.png', 'uploaded-area.png'] : ['uploaded-input.png']) : [];
      const prompt = promptFor(set.workflows[algorithm]!, job, uploads, shape, 't-variant');
      expect(unfilled(prompt)).toEqual([]);
      const problems = checkWorkflow(prompt, RECORDED_OBJECT_INFO);
      if (problems.length) throw new Error(`${algorithm} ${JSON.stringify(params)} ${JSON.stringify(shape)}: ${problems.map((p) => p.message).join('; ')}`);
    }
  });

  it.each(WORKFLOW_ALGORITHMS)('%s: its model-free stand-in (the harness’s) is valid too', (algorithm) => {
    const stand = standIn(set.workflows[algorithm]!);
    expect(checkWorkflow(stand, RECORDED_OBJECT_INFO, { templates: true })).toEqual([]);
    expect(Object.values(stand).some((n) => /Loader/.test(n.class_type))).toBe(false);
  });

  it('catches what ComfyUI would silently ignore or refuse', () => {
    const base = set.workflows.text2image!;
    const mutate = (change: (w: ComfyWorkflow) => void) => {
      const w = structuredClone(base);
      change(w);
      return checkWorkflow(w, RECORDED_OBJECT_INFO, { templates: true }).map((p) => p.message);
    };
    expect(mutate((w) => (w['3'].inputs.sampler = 'euler'))).toEqual([expect.stringMatching(/node 3 \(KSampler\) has no input sampler/)]);
    expect(mutate((w) => delete w['3'].inputs.cfg)).toEqual([expect.stringMatching(/required input cfg is missing/)]);
    expect(mutate((w) => (w['3'].inputs.steps = 0))).toEqual([expect.stringMatching(/steps: 0 is smaller than its min 1/)]);
    expect(mutate((w) => (w['3'].inputs.sampler_name = 'no_such_sampler'))).toEqual([expect.stringMatching(/sampler_name: 'no_such_sampler' is not one of/)]);
    expect(mutate((w) => (w['8'].inputs.vae = ['4', 1]))).toEqual([expect.stringMatching(/wants "VAE" but gets CLIP/)]);
    expect(mutate((w) => (w['9'].class_type = 'SaveImages'))).toEqual(expect.arrayContaining([expect.stringMatching(/no node class SaveImages/)]));
  });
});

describe('what each workflow honours', () => {
  /** The settings each shipped workflow refuses (all others it honours); the note lists the same. */
  const REFUSED: Record<string, string[]> = {
    text2image: [],
    image2image: [],
    text2video: ['audio'],
    image2video: ['audio', 'end_frame'],
    video2anime: [],
    mai_tcm: [],
    mai_text2song_minimax: [],
    partial_redrawing: [],
  };
  it.each(WORKFLOW_ALGORITHMS)('%s', (algorithm) => {
    const caps = capabilitiesOf(algorithm, set.workflows[algorithm]!, set.manifest[algorithm]);
    expect(caps.refused.map((r) => r.name).sort()).toEqual(REFUSED[algorithm].sort());
    expect(caps.model).toBe(set.manifest[algorithm]!.model);
  });

  it('reads what an operator’s own workflow honours from its placeholders', () => {
    const own: ComfyWorkflow = {
      '1': { class_type: 'CheckpointLoaderSimple', inputs: { ckpt_name: 'my-model.safetensors' }, _meta: { title: 'My model' } },
      '2': { class_type: 'CLIPTextEncode', inputs: { text: '{{prompt}}', clip: ['1', 1] } },
    };
    expect([...placeholdersOf(own)]).toEqual(['prompt']);
    const caps = capabilitiesOf('text2image', own);
    expect(caps.model).toBe('My model');
    expect(caps.refused.map((r) => r.name).sort()).toEqual(['num', 'ratio', 'seed']);
  });
});
