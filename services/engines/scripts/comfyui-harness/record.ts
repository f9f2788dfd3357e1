/**
 * Records what a real ComfyUI answers and sends, as fixtures for the tests (services/engines/test/fixtures/
 * comfyui): /system_stats, /object_info of every node class the shipped workflows and their stand-ins use,
 * the websocket messages and /history answer of a successful, a failed and an interrupted run, /queue while
 * a prompt waits, and the 400 bodies of refused graphs. Prompt and client ids are written as
 * `{{prompt_id}}` and `{{client_id}}` so a test server can replay them for any prompt.
 *
 *   npx tsx services/engines/scripts/comfyui-harness/record.ts http://127.0.0.1:8188
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import sharp from 'sharp';
import type { ComfyWorkflow } from '../../src/comfyui/workflow';
import { fillWorkflow } from '../../src/comfyui/workflow';
import { standIn } from '../../src/comfyui/stand-in';

const base = (process.argv[2] ?? 'http://127.0.0.1:8188').replace(/\/+$/, '');
const WORKFLOWS = join(__dirname, '..', '..', 'src', 'comfyui', 'workflows');
export const FIXTURES = join(__dirname, '..', '..', 'test', 'fixtures', 'comfyui');

interface Message {
  type: string;
  data: Record<string, unknown>;
}

/** ComfyUI's own folder (tracebacks name it), written as <ComfyUI> so no machine's path lands in a fixture. */
const COMFYUI_DIR = process.env.COMFYUI_DIR ?? '';

function normalise<T>(value: T, ids: Record<string, string>): T {
  let text = JSON.stringify(value);
  for (const [id, name] of Object.entries(ids)) text = text.split(id).join(`{{${name}}}`);
  if (COMFYUI_DIR) text = text.split(COMFYUI_DIR.replace(/\/+$/, '')).join('<ComfyUI>');
  text = text.replace(/\/[^"\s]*?\/site-packages\//g, '<site-packages>/');
  return JSON.parse(text) as T;
}

async function json(path: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}${path}`, init);
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
}

function post(path: string, body: unknown) {
  return json(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

/** Opens a socket, queues the prompt, and keeps every message until `until` says the run is over. */
async function runAndRecord(prompt: ComfyWorkflow, opts: { during?: (promptId: string) => Promise<void>; settleMs?: number } = {}) {
  const clientId = randomUUID();
  const promptId = randomUUID();
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/ws?clientId=${clientId}`);
  const messages: Message[] = [];
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  let ended!: () => void;
  const over = new Promise<void>((resolve) => (ended = resolve));
  ws.on('message', (raw, binary) => {
    if (binary) return messages.push({ type: '(binary preview)', data: {} });
    const message = JSON.parse(raw.toString()) as Message;
    messages.push(message);
    if (message.type === 'executing' && message.data.node === null && message.data.prompt_id === promptId) ended();
  });
  const queued = await post('/prompt', { prompt, client_id: clientId, prompt_id: promptId });
  if (queued.status !== 200) throw new Error(`queueing failed: ${JSON.stringify(queued.body)}`);
  if (opts.during) await opts.during(promptId);
  await Promise.race([over, new Promise((r) => setTimeout(r, 120_000))]);
  await new Promise((r) => setTimeout(r, opts.settleMs ?? 300));
  ws.close();
  const history = await json(`/history/${promptId}`);
  const ids = { [promptId]: 'prompt_id', [clientId]: 'client_id' };
  return { prompt, queued: normalise(queued.body, ids), messages: normalise(messages, ids), history: normalise(history.body, ids), promptId };
}

function readWorkflow(algorithm: string): ComfyWorkflow {
  return JSON.parse(readFileSync(join(WORKFLOWS, `${algorithm}.json`), 'utf8')) as ComfyWorkflow;
}

const SAMPLE_VARS = { prompt: 'a lighthouse at dusk', negative_prompt: '', seed: 7, width: 512, height: 512, 'param:num': 1, task_id: 'recording' };

/** A prompt that runs for several seconds on a CPU without weights: a chain of heavy blurs. */
function slowPrompt(steps: number): ComfyWorkflow {
  const graph: ComfyWorkflow = { '1': { class_type: 'EmptyImage', inputs: { width: 1536, height: 1536, batch_size: 8, color: 0 } } };
  for (let i = 0; i < steps; i++) graph[`${i + 2}`] = { class_type: 'ImageBlur', inputs: { image: [`${i + 1}`, 0], blur_radius: 31, sigma: 5 } };
  graph.save = { class_type: 'PreviewImage', inputs: { images: [`${steps + 1}`, 0] } };
  return graph;
}

async function main(): Promise<void> {
  mkdirSync(FIXTURES, { recursive: true });
  const write = (name: string, value: unknown) => writeFileSync(join(FIXTURES, name), `${JSON.stringify(value, null, 2)}\n`);

  const stats = (await json('/system_stats')).body as { system: Record<string, unknown>; devices: unknown[] };
  const version = String(stats.system.comfyui_version);
  write('system-stats.json', { system: { comfyui_version: version, python_version: stats.system.python_version, pytorch_version: stats.system.pytorch_version, os: stats.system.os }, devices: stats.devices });

  // the node classes of every shipped workflow and of its stand-in
  const all = (await json('/object_info')).body as Record<string, unknown>;
  const classes = new Set<string>(['ImageBlur', 'PreviewImage', 'EmptyImage', 'ImageInvert', 'EmptyAudio', 'RepeatImageBatch', 'ImageScale', 'SaveAudioMP3']);
  for (const file of readdirSync(WORKFLOWS).filter((f) => f.endsWith('.json') && f !== 'manifest.json')) {
    const workflow = readWorkflow(file.replace(/\.json$/, ''));
    for (const graph of [workflow, standIn(workflow)]) for (const node of Object.values(graph)) classes.add(node.class_type);
  }
  const missing = [...classes].filter((c) => !all[c]);
  if (missing.length) throw new Error(`this ComfyUI lacks node classes the workflows use: ${missing.join(', ')}`);
  write('object-info.json', Object.fromEntries([...classes].sort().map((c) => [c, all[c]])));

  // a successful run: the text to image stand-in
  const success = await runAndRecord(fillWorkflow(standIn(readWorkflow('text2image')), SAMPLE_VARS));
  write('run-success.json', success);

  // how video and audio outputs are filed in the history (the stand-ins of text to video and text to music)
  const video = await runAndRecord(fillWorkflow(standIn(readWorkflow('text2video')), { ...SAMPLE_VARS, width: 256, height: 144, frames_16: 17, motion_text: '' }));
  const audio = await runAndRecord(fillWorkflow(standIn(readWorkflow('mai_tcm')), { ...SAMPLE_VARS, duration: 3, 'param:style': 'calm' }));
  write('outputs.json', { video: video.history, audio: audio.history });

  // a run that fails while executing: the real text to image graph, whose checkpoint here is an empty file
  const failure = await runAndRecord(fillWorkflow(readWorkflow('text2image'), SAMPLE_VARS));
  write('run-failure.json', failure);

  // a running prompt interrupted, and one deleted while it waits behind it
  let waitingQueue: unknown = null;
  let waitingId = '';
  const interrupted = await runAndRecord(slowPrompt(6), {
    async during(promptId) {
      const behind = await post('/prompt', { prompt: slowPrompt(2), client_id: randomUUID(), prompt_id: (waitingId = randomUUID()) });
      if (behind.status !== 200) throw new Error('could not queue the waiting prompt');
      await new Promise((r) => setTimeout(r, 1500));
      waitingQueue = normalise((await json('/queue')).body, { [promptId]: 'prompt_id', [waitingId]: 'waiting_prompt_id' });
      await post('/queue', { delete: [waitingId] });
      await post('/interrupt', { prompt_id: promptId });
    },
  });
  write('run-interrupted.json', { ...interrupted, queueWhileRunning: waitingQueue, waitingHistory: (await json(`/history/${waitingId}`)).body });

  // graphs ComfyUI refuses before queueing them
  const broken = readWorkflow('text2image');
  const refused = {
    unknownClass: (await post('/prompt', { prompt: { ...broken, '3': { ...broken['3'], class_type: 'NoSuchSampler' } }, client_id: 'recording' })).body,
    badInputs: (
      await post('/prompt', {
        prompt: fillWorkflow({ ...broken, '3': { ...broken['3'], inputs: { ...broken['3'].inputs, steps: 100000, cfg: undefined } } }, SAMPLE_VARS),
        client_id: 'recording',
      })
    ).body,
  };
  write('prompt-refused.json', refused);

  const uploaded = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#808080' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(uploaded)]), 'recording-upload.png');
  form.append('overwrite', 'true');
  form.append('type', 'input');
  write('upload.json', (await json('/upload/image', { method: 'POST', body: form })).body);
  console.log(`recorded ComfyUI ${version} (${classes.size} node classes) into ${FIXTURES}`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
