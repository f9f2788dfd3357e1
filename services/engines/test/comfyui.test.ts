/**
 * The ComfyUI engine against a test server that replays what a real ComfyUI 0.8 was recorded doing
 * (recorded-comfy.ts, fixtures/comfyui): success with the history written after `execution_success`, failures,
 * refusals, cancels of queued and running prompts, silence, an old server, and the facts of each result.
 */
jest.setTimeout(60000);
import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { join } from 'node:path';
import { USER_TEXTS } from 'shared-contracts/constants';
import { ComfyUiEngine } from '../src/comfyui/engine';
import { ComfyRefusedError } from '../src/comfyui/client';
import { loadWorkflowSet, type ComfyWorkflow, type WorkflowSet } from '../src/comfyui/workflow';
import { BUNDLED_WORKFLOWS_DIR, WORKFLOW_ALGORITHMS } from '../src/comfyui/workflows';
import { probeMedia } from '../src/media/probe';
import { createEngineRegistry } from '../src/registry';
import { EngineAbortedError, EngineError } from '../src/errors';
import { ctxFor, job, makePicture, makeVideo, tempDir } from './helpers';
import { fixture, RecordedComfy } from './recorded-comfy';

const t = tempDir('comfy');
const comfy = new RecordedComfy();
let set: WorkflowSet;
let engine: ComfyUiEngine;
beforeAll(async () => {
  await comfy.listen();
  set = await loadWorkflowSet(BUNDLED_WORKFLOWS_DIR, WORKFLOW_ALGORITHMS);
  engine = new ComfyUiEngine({ baseUrl: comfy.url, set, pollMs: 200 });
});
afterEach(async () => {
  comfy.stepMs = 5;
  comfy.historyDelayMs = 50;
  comfy.failing.clear();
  comfy.silentSocket = false;
  comfy.version = fixture<{ system: { comfyui_version: string } }>('system-stats.json').system.comfyui_version;
  await comfy.idle();
});
afterAll(async () => {
  await comfy.close();
  t.cleanup();
});

const MILESTONES = new Set(['execution_start', 'executing', 'executed', 'execution_success', 'execution_error', 'execution_interrupted']);
const milestones = (messages: { type: string; data: Record<string, unknown> }[]) =>
  messages.filter((m) => MILESTONES.has(m.type)).map((m) => (m.type === 'executing' ? `executing ${String(m.data.node)}` : m.type));

describe('the test server replays the recorded ComfyUI', () => {
  it.each(['run-success.json', 'run-failure.json'])('sends a prompt’s messages in the order the real server did (%s)', async (name) => {
    const recorded = fixture<{ prompt: ComfyWorkflow; messages: { type: string; data: Record<string, unknown> }[]; history: Record<string, { outputs: unknown }> }>(name);
    // the very graph the recording ran, submitted to the test server
    if (name === 'run-failure.json') comfy.failing.add('CheckpointLoaderSimple');
    const id = `fidelity-${name}`;
    await engine.client.queuePrompt(recorded.prompt, 'fidelity', id);
    const entry = await waitForHistory(id);
    const sent = comfy.sent.get(id) ?? [];
    expect(milestones(sent.filter((m) => m.type !== 'progress'))).toEqual(milestones(recorded.messages.filter((m) => m.data.prompt_id === '{{prompt_id}}')));
    const recordedEntry = Object.values(recorded.history)[0] as { outputs: object; status: { status_str: string } };
    expect(Object.keys(entry?.outputs ?? {})).toEqual(Object.keys(recordedEntry.outputs));
    expect(entry?.status?.status_str).toBe(recordedEntry.status.status_str);
  });

  it('answers a refused graph with the recorded body', async () => {
    const recorded = fixture<{ badInputs: { error: { type: string }; node_errors: Record<string, unknown> } }>('prompt-refused.json').badInputs;
    const broken = structuredClone(fixture<{ prompt: ComfyWorkflow }>('run-failure.json').prompt);
    delete broken['3'].inputs.cfg;
    const error = await engine.client.queuePrompt(broken, 'fidelity', 'refused').catch((e: unknown) => e as ComfyRefusedError);
    const body = JSON.parse((error as ComfyRefusedError).body) as typeof recorded;
    expect(body.error.type).toBe(recorded.error.type);
    expect(Object.keys(body.node_errors)).toEqual(Object.keys(recorded.node_errors));
  });
});

async function waitForHistory(id: string) {
  for (let i = 0; i < 200; i++) {
    const entry = await engine.client.history(id);
    if (entry) return entry;
    await new Promise((r) => setTimeout(r, 20));
  }
  return null;
}

describe('ComfyUI engine', () => {
  it('runs text to image into a work folder that does not exist yet, with each result’s size and the model named', async () => {
    const workDir = join(t.dir, 'not-yet', 'out');
    const j = job('text2image', { prompt: 'a red fox in snow', ratio: '16:9', num: 2, seed: 42 });
    const c = ctxFor(workDir);
    const r = await engine.run(j, c);
    expect(existsSync(workDir)).toBe(true);
    expect(r.outputs).toHaveLength(2);
    for (const o of r.outputs) {
      expect(o.path.startsWith(workDir)).toBe(true);
      const probed = await probeMedia(o.path);
      expect(o).toMatchObject({ media: 'image', mime: 'image/png', width: probed.width, height: probed.height });
      expect(o.width).toBeGreaterThan(0);
    }
    expect(r.metadata).toMatchObject({ engine: 'comfyui', model: 'SDXL base 1.0' });
    const sent = comfy.prompts.at(-1)!;
    expect(sent.promptId.startsWith(j.taskId)).toBe(true);
    expect(sent.prompt['3'].inputs.seed).toBe(42);
    expect(sent.prompt['5'].inputs).toMatchObject({ batch_size: 2 });
    const progress = c.progress.filter((p) => p > 0 && p < 100);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('does not lose a finished result when the history is written well after execution_success', async () => {
    comfy.historyDelayMs = 600;
    const r = await engine.run(job('text2image', { prompt: 'late history', seed: 1 }), ctxFor(t.dir));
    expect(r.outputs).toHaveLength(1);
  });

  it('finds the result from /history when the websocket says nothing', async () => {
    comfy.silentSocket = true;
    const r = await engine.run(job('text2image', { prompt: 'no socket', seed: 2 }), ctxFor(t.dir));
    expect(r.outputs).toHaveLength(1);
  });

  it('gives each run its own prompt id, so a retried task never reads an earlier run’s history', async () => {
    const j = job('text2image', { prompt: 'same task twice', seed: 3 });
    await engine.run(j, ctxFor(t.dir));
    comfy.failing.add('SaveImage');
    await expect(engine.run(j, ctxFor(t.dir))).rejects.toBeInstanceOf(EngineError);
  });

  it('fails an execution error with ComfyUI’s node and message', async () => {
    comfy.failing.add('EmptyLatentImage');
    await expect(engine.run(job('text2image', { prompt: 'empty checkpoint', seed: 4 }), ctxFor(t.dir))).rejects.toMatchObject({
      userText: USER_TEXTS.GENERATION_FAILURE,
      detail: expect.stringMatching(/node 5 \(EmptyLatentImage\).*SafetensorError.*header too small/),
    });
  });

  it('a graph ComfyUI refuses is a permanent failure that carries the whole answer', async () => {
    const broken = structuredClone(set.workflows.text2image!);
    broken['3'].inputs.stepz = broken['3'].inputs.steps;
    delete broken['3'].inputs.steps;
    const own = new ComfyUiEngine({ baseUrl: comfy.url, set: { workflows: { text2image: broken }, manifest: {} } });
    const failure = await own.run(job('text2image', { prompt: 'broken', seed: 5 }), ctxFor(t.dir)).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ComfyRefusedError);
    expect((failure as EngineError).retryable).toBe(false);
    expect((failure as EngineError).detail).toMatch(/prompt_outputs_failed_validation.*required input steps is missing.*has no input stepz/);
  });

  it('cancelling a running prompt interrupts it on ComfyUI', async () => {
    comfy.stepMs = 150;
    const ac = new AbortController();
    const c = ctxFor(t.dir, ac.signal);
    const running = engine.run(job('text2image', { prompt: 'slow one', seed: 6 }), { ...c, onProgress: (p) => p > 1 && ac.abort() });
    await expect(running).rejects.toBeInstanceOf(EngineAbortedError);
    const id = comfy.prompts.at(-1)!.promptId;
    expect(comfy.interrupts).toContain(id);
    await waitForHistory(id);
    expect(comfy.history.get(id)?.status?.status_str).toBe('error');
  });

  it('cancelling a queued prompt deletes it from ComfyUI’s queue, so it never runs', async () => {
    comfy.stepMs = 300; // the first prompt runs ~2 s: time for the poll to see the second waiting
    const first = engine.run(job('text2image', { prompt: 'ahead in the queue', seed: 7 }), ctxFor(t.dir));
    const ac = new AbortController();
    const notes: string[] = [];
    const second = engine.run(job('text2image', { prompt: 'waiting', seed: 8 }), {
      ...ctxFor(t.dir, ac.signal),
      onProgress: (_p, note) => {
        if (note) notes.push(note);
        if (note?.startsWith('waiting on ComfyUI')) ac.abort();
      },
    });
    await expect(second).rejects.toBeInstanceOf(EngineAbortedError);
    const waitingId = comfy.prompts.at(-1)!.promptId;
    expect(comfy.deleted).toContain(waitingId);
    await first;
    expect(comfy.history.has(waitingId)).toBe(false);
    expect(notes).toContain('waiting on ComfyUI: 1 ahead');
  });

  it('counts silence only while the prompt runs: a long wait in the queue is not a failure', async () => {
    comfy.stepMs = 250; // the first prompt takes ~2 s; the second waits behind it longer than the silence limit
    const patient = new ComfyUiEngine({ baseUrl: comfy.url, set, pollMs: 100, idleTimeoutMs: 1200 });
    const first = patient.run(job('text2image', { prompt: 'first', seed: 9 }), ctxFor(t.dir));
    const second = patient.run(job('text2image', { prompt: 'second', seed: 10 }), ctxFor(t.dir));
    await expect(Promise.all([first, second])).resolves.toHaveLength(2);
  });

  it('fails a running prompt that stays silent, and interrupts it', async () => {
    comfy.stepMs = 2500;
    const impatient = new ComfyUiEngine({ baseUrl: comfy.url, set, pollMs: 5000, idleTimeoutMs: 400 });
    await expect(impatient.run(job('text2image', { prompt: 'stuck', seed: 11 }), ctxFor(t.dir))).rejects.toMatchObject({ detail: expect.stringMatching(/silent/) });
    expect(comfy.interrupts).toContain(comfy.prompts.at(-1)!.promptId);
  });

  it('refuses a ComfyUI older than the oldest it can follow, at the worker’s start and at a run', async () => {
    comfy.version = '0.3.40';
    const old = new ComfyUiEngine({ baseUrl: comfy.url, set });
    await expect(old.run(job('text2image', { prompt: 'old server', seed: 12 }), ctxFor(t.dir))).rejects.toMatchObject({ detail: expect.stringMatching(/0\.3\.40.*older than 0\.3\.45/) });
    const registry = await createEngineRegistry({ env: { COMFYUI_URL: comfy.url, ENGINE_DEFAULT: 'comfyui' } });
    await expect(registry.verify()).rejects.toThrow(/older than 0\.3\.45/);
  });

  it('reports the server’s version and what it lacks for each workflow', async () => {
    const registry = await createEngineRegistry({ env: { COMFYUI_URL: comfy.url, ENGINE_ALGORITHMS: 'text2image=comfyui' } });
    const report = await registry.verify();
    expect(report).toMatchObject({ version: '0.8.0', compatible: true });
    expect(report!.workflows.text2image).toEqual([]);
  });

  it('fails a server that is not there as a temporary failure', async () => {
    const dead = new ComfyUiEngine({ baseUrl: 'http://127.0.0.1:9', set });
    await expect(dead.run(job('text2image', { prompt: 'x', seed: 13 }), ctxFor(t.dir))).rejects.toMatchObject({ userText: USER_TEXTS.GENERATION_FAILED_LATER, retryable: true });
  });
});

describe('what each algorithm gets and returns', () => {
  it('keeps an upload’s own shape when no ratio is chosen (image to image and image to video)', async () => {
    const src = await makePicture(join(t.dir, 'portrait.png'), 300, 400);
    await engine.run(job('image2image', { prompt: 'oil painting', seed: 1 }, [src]), ctxFor(t.dir));
    const i2i = comfy.prompts.at(-1)!.prompt['2'].inputs as { width: number; height: number };
    expect(i2i.width / i2i.height).toBeCloseTo(300 / 400, 1);
    await engine.run(job('image2video', { prompt: 'drift', duration: 2, resolution: '540p', seed: 2 }, [src]), ctxFor(t.dir));
    const i2v = comfy.prompts.at(-1)!.prompt['50'].inputs as { width: number; height: number; length: number };
    expect(i2v).toMatchObject({ width: 544, height: 720, length: 33 });
  });

  it('redraws only the area: the rectangles drawn as a white-on-black mask at the picture’s size, composited over the upload', async () => {
    const src = await makePicture(join(t.dir, 'trousers.png'), 300, 400);
    const before = comfy.uploads.length;
    const r = await engine.run(job('partial_redrawing', { prompt: 'red leather trousers', regions: [{ x: 30, y: 40, w: 100, h: 120 }], seed: 9 }, [src]), ctxFor(t.dir));
    const [picture, area] = comfy.uploads.slice(before);
    expect(picture).toMatch(/-0-0\.png$/);
    expect(area).toMatch(/-0-1\.png$/);
    const sent = comfy.prompts.at(-1)!.prompt;
    expect(sent['1'].inputs.image).toBe(picture);
    expect(sent['12'].inputs).toMatchObject({ image: area, channel: 'red' });
    expect(sent['16'].inputs).toMatchObject({ destination: ['2', 0], source: ['8', 0], mask: ['15', 0] });
    expect(sent['6'].inputs.text).toBe('red leather trousers');
    const drawn = readdirSync(t.dir).find((name) => name.endsWith('-area.png'))!;
    const { data, info } = await sharp(join(t.dir, drawn)).extractChannel('red').raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 300, height: 400 });
    expect(data[50 * 300 + 40]).toBe(255); // inside the rectangle
    expect(data[39 * 300 + 40]).toBe(0); // just above it
    expect(data[200 * 300 + 250]).toBe(0);
    expect(r.metadata).toMatchObject({ engine: 'comfyui', model: 'SDXL inpainting 0.1' });
  });

  it('refuses an inpainting with no area before anything is queued', async () => {
    const src = await makePicture(join(t.dir, 'no-area.png'), 200, 200);
    const queued = comfy.prompts.length;
    await expect(engine.run(job('partial_redrawing', { prompt: 'a hat', seed: 1 }, [src]), ctxFor(t.dir))).rejects.toMatchObject({ userText: USER_TEXTS.SELECT_AREA });
    expect(comfy.prompts.length).toBe(queued);
  });

  it('uses the ratio and resolution of text to video, and carries the camera motion in the prompt', async () => {
    const r = await engine.run(job('text2video', { prompt: 'a lighthouse', ratio: '9:16', duration: 2, resolution: '360p', motion: 'zoom_in', seed: 3 }), ctxFor(t.dir));
    const sent = comfy.prompts.at(-1)!.prompt;
    expect(sent['40'].inputs).toMatchObject({ width: 368, height: 640, length: 33 });
    expect(sent['6'].inputs.text).toBe('a lighthouse, the camera slowly zooms in');
    expect(r.outputs[0]).toMatchObject({ media: 'video', mime: 'video/mp4' });
    expect(r.outputs[0].duration).toBeGreaterThan(1.5);
    expect(r.outputs[0].width).toBeGreaterThan(0);
  });

  it('refuses the settings a workflow cannot honour instead of dropping them', async () => {
    await expect(engine.run(job('text2video', { prompt: 'with sound', audio: true, seed: 4 }), ctxFor(t.dir))).rejects.toMatchObject({ detail: expect.stringMatching(/Generate audio is not available/) });
    await expect(engine.run(job('text2video', { prompt: 'too big', resolution: '1080p', seed: 4 }), ctxFor(t.dir))).rejects.toMatchObject({ detail: expect.stringMatching(/renders at 360p, 540p, 720p/) });
    await expect(engine.run(job('mai_tcm', { prompt: 'a long calm piano piece', duration: 120, seed: 4 }), ctxFor(t.dir))).rejects.toMatchObject({ detail: expect.stringMatching(/up to 47 seconds/) });
  });

  it('encodes music in the format asked for, with its length', async () => {
    const r = await engine.run(job('mai_tcm', { prompt: 'calm piano for a rainy night', duration: 6, format: 'm4a', seed: 5 }), ctxFor(t.dir));
    expect(r.outputs).toHaveLength(1);
    expect(r.outputs[0]).toMatchObject({ media: 'audio', mime: 'audio/mp4' });
    expect(r.outputs[0].path).toMatch(/\.m4a$/);
    expect(r.outputs[0].duration).toBeCloseTo(6, 0);
    const song = await engine.run(job('mai_text2song_minimax', { lyrics: 'Sunshine in my pocket', style: 'pop', voice: 'female', duration: 5 }), ctxFor(t.dir));
    expect(song.outputs[0].path).toMatch(/\.mp3$/);
    expect(comfy.prompts.at(-1)!.prompt['14'].inputs.tags).toBe('pop, female vocals');
  });

  it('redraws a video in chunks of frames, and gives the clip its sound back', async () => {
    const clip = await makeVideo(join(t.dir, 'clip.mp4'), { seconds: 2, width: 160, height: 120, fps: 25, audio: true });
    const before = comfy.prompts.length;
    const c = ctxFor(t.dir);
    const r = await engine.run(job('video2anime', { style: 'anime', resolution: '360p' }, [clip]), c);
    const chunks = comfy.prompts.slice(before);
    // 2 s at 12 frames a second: 24 frames, in chunks of 16
    expect(chunks).toHaveLength(2);
    expect(new Set(chunks.map((q) => q.prompt['1'].inputs.file)).size).toBe(2);
    expect(chunks[0].prompt['12'].inputs).toMatchObject({ width: 480, height: 360 });
    const probed = await probeMedia(r.outputs[0].path);
    expect(probed.hasAudio).toBe(true);
    expect(probed.duration).toBeGreaterThan(1.5);
    expect(r.outputs[0]).toMatchObject({ media: 'video', width: probed.width, height: probed.height });
  });
});

describe('routing to ComfyUI', () => {
  it('ENGINE_DEFAULT=comfyui takes the algorithms with a workflow; tools, watermark and checks stay local', async () => {
    const registry = await createEngineRegistry({ env: { COMFYUI_URL: comfy.url, ENGINE_DEFAULT: 'comfyui' } });
    expect(registry.engineFor('text2video').name).toBe('comfyui');
    expect(registry.engineFor('watermark').name).toBe('local');
    expect(registry.engineFor('bg_remover').name).toBe('local');
  });

  it('an algorithm named for ComfyUI without a workflow is refused at start-up', async () => {
    await expect(createEngineRegistry({ env: { COMFYUI_URL: comfy.url, ENGINE_ALGORITHMS: 'bg_remover=comfyui' } })).rejects.toThrow(/comfyui cannot run bg_remover/);
  });
});
