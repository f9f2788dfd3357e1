/**
 * Test support: a ComfyUI test server that answers and sends what the real ComfyUI 0.8 was recorded answering
 * and sending (fixtures/comfyui, made by scripts/comfyui-harness/record.ts). Its /object_info and
 * /system_stats are the recordings; /prompt checks the graph against the recorded node classes and refuses it
 * with ComfyUI's 400 body; one prompt runs at a time from a queue, with the recorded message order:
 * execution_start, execution_cached, per node progress_state / executing / progress / executed, then
 * execution_success, and the history is written only after it, then `executing {node: null}`.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';
import { runFfmpeg } from '../src/media/ffmpeg';
import type { HistoryEntry, ObjectInfo } from '../src/comfyui/client';
import { checkWorkflow } from '../src/comfyui/validate-workflow';
import { SAVE_NODES, type ComfyWorkflow } from '../src/comfyui/workflow';

const FIXTURES = join(__dirname, 'fixtures', 'comfyui');
export function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;
}
export const RECORDED_OBJECT_INFO = fixture<ObjectInfo>('object-info.json');
const RECORDED_VERSION = fixture<{ system: { comfyui_version: string } }>('system-stats.json').system.comfyui_version;

interface Queued {
  number: number;
  promptId: string;
  prompt: ComfyWorkflow;
  clientId: string;
}

type Message = { type: string; data: Record<string, unknown> };

export class RecordedComfy {
  private server: Server;
  private wss: WebSocketServer;
  private sockets = new Map<string, WebSocket>();
  private pending: Queued[] = [];
  private running: Queued | null = null;
  private interrupted = new Set<string>();
  private number = 0;
  private files = new Map<string, Buffer>();
  readonly history = new Map<string, HistoryEntry>();
  readonly prompts: Queued[] = [];
  readonly uploads: string[] = [];
  readonly deleted: string[] = [];
  readonly interrupts: string[] = [];
  /** every message sent, per prompt id (the order tests compare with the recording) */
  readonly sent = new Map<string, Message[]>();
  /** what /system_stats says */
  version = RECORDED_VERSION;
  /** ms each node takes */
  stepMs = 5;
  /** ms between execution_success and the history write (the real server's gap, widened to expose the race) */
  historyDelayMs = 50;
  /** node classes that fail while executing (as an empty checkpoint file does) */
  failing = new Set<string>();
  /** drop the websocket messages of prompts (a proxy that loses the socket); the history still fills */
  silentSocket = false;
  port = 0;

  constructor() {
    this.server = createServer((req, res) => void this.handle(req, res).catch((error: unknown) => this.reply(res, 500, { error: String(error) })));
    this.wss = new WebSocketServer({ server: this.server, path: '/ws' });
    this.wss.on('connection', (ws, req) => {
      const id = new URL(req.url ?? '', 'http://x').searchParams.get('clientId') ?? '';
      this.sockets.set(id, ws);
      ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: this.remaining() } }, sid: id } }));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const ws of this.sockets.values()) ws.terminate();
    this.wss.close();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  /** resolves once nothing runs or waits, so one test's prompts never sit ahead of the next test's */
  async idle(timeoutMs = 15_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.remaining() > 0) {
      if (Date.now() > until) throw new Error(`the replay server still has ${this.remaining()} prompt(s) after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private remaining(): number {
    return this.pending.length + (this.running ? 1 : 0);
  }

  private reply(res: ServerResponse, code: number, body: unknown): void {
    res.writeHead(code, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private body(req: IncomingMessage): Promise<Buffer> {
    return new Promise((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
  }

  /** To the prompt's client (broadcast=False in ComfyUI), or to every socket. */
  private send(q: Queued, type: string, data: Record<string, unknown>, broadcast = false): void {
    const message = { type, data };
    if (data.prompt_id) this.sent.set(q.promptId, [...(this.sent.get(q.promptId) ?? []), message]);
    if (this.silentSocket && type !== 'status') return;
    const text = JSON.stringify(message);
    if (broadcast) for (const ws of this.sockets.values()) ws.send(text);
    else this.sockets.get(q.clientId)?.send(text);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '', 'http://x');
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /system_stats') return this.reply(res, 200, { ...fixture<object>('system-stats.json'), system: { comfyui_version: this.version } });
    if (route === 'GET /object_info') return this.reply(res, 200, RECORDED_OBJECT_INFO);
    if (route === 'POST /upload/image') {
      const body = (await this.body(req)).toString('latin1');
      const name = /filename="([^"]+)"/.exec(body)?.[1] ?? 'upload.bin';
      this.uploads.push(name);
      return this.reply(res, 200, { name, subfolder: '', type: 'input' });
    }
    if (route === 'POST /prompt') {
      const posted = JSON.parse((await this.body(req)).toString()) as { prompt: ComfyWorkflow; client_id: string; prompt_id: string };
      const refusal = this.validate(posted.prompt);
      if (refusal) return this.reply(res, 400, refusal);
      const q: Queued = { number: this.number++, promptId: posted.prompt_id, prompt: posted.prompt, clientId: posted.client_id };
      this.prompts.push(q);
      this.pending.push(q);
      this.reply(res, 200, { prompt_id: q.promptId, number: q.number, node_errors: {} });
      this.broadcastStatus(q);
      void this.pump();
      return;
    }
    if (route === 'GET /queue') {
      const item = (q: Queued) => [q.number, q.promptId, q.prompt, { client_id: q.clientId }, []];
      return this.reply(res, 200, { queue_running: this.running ? [item(this.running)] : [], queue_pending: this.pending.map(item) });
    }
    if (req.method === 'GET' && url.pathname.startsWith('/history/')) {
      const id = decodeURIComponent(url.pathname.slice('/history/'.length));
      const entry = this.history.get(id);
      return this.reply(res, 200, entry ? { [id]: entry } : {});
    }
    if (route === 'GET /view') {
      const file = this.files.get(`${url.searchParams.get('subfolder') ?? ''}/${url.searchParams.get('filename') ?? ''}`);
      if (!file || url.searchParams.get('type') !== 'output') return this.reply(res, 404, {});
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      return void res.end(file);
    }
    if (route === 'POST /queue') {
      const body = JSON.parse((await this.body(req)).toString()) as { delete?: string[] };
      for (const id of body.delete ?? []) {
        this.deleted.push(id);
        this.pending = this.pending.filter((q) => q.promptId !== id);
      }
      return void res.writeHead(200).end();
    }
    if (route === 'POST /interrupt') {
      const body = JSON.parse((await this.body(req)).toString() || '{}') as { prompt_id?: string };
      this.interrupts.push(body.prompt_id ?? '');
      // a targeted interrupt only stops the prompt it names, when that one runs
      if (this.running && (!body.prompt_id || body.prompt_id === this.running.promptId)) this.interrupted.add(this.running.promptId);
      return void res.writeHead(200).end();
    }
    this.reply(res, 404, {});
  }

  /** ComfyUI's 400 bodies, in the recorded shapes (fixtures/comfyui/prompt-refused.json). */
  private validate(prompt: ComfyWorkflow): unknown {
    const unknown = Object.entries(prompt).find(([, node]) => !RECORDED_OBJECT_INFO[node.class_type]);
    if (unknown) {
      return { error: { type: 'invalid_prompt', message: `Cannot execute because node ${unknown[1].class_type} does not exist.`, details: `Node ID '#${unknown[0]}'`, extra_info: {} }, node_errors: {} };
    }
    const problems = checkWorkflow(prompt, RECORDED_OBJECT_INFO);
    if (!problems.length) return null;
    const node_errors: Record<string, unknown> = {};
    for (const p of problems) {
      const entry = (node_errors[p.node] ??= { errors: [], dependent_outputs: [], class_type: prompt[p.node]?.class_type }) as { errors: unknown[] };
      entry.errors.push({ type: 'custom_validation_failed', message: p.message, details: p.input ?? '', extra_info: { input_name: p.input } });
    }
    return { error: { type: 'prompt_outputs_failed_validation', message: 'Prompt outputs failed validation', details: '', extra_info: {} }, node_errors };
  }

  private broadcastStatus(q: Queued): void {
    const text = JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: this.remaining() } } } });
    if (!this.silentSocket) for (const ws of this.sockets.values()) ws.send(text);
    void q;
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    const next = this.pending.shift();
    if (!next) return;
    this.running = next;
    try {
      await this.execute(next);
    } finally {
      this.running = null;
      void this.pump();
    }
  }

  private async execute(q: Queued): Promise<void> {
    const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const now = () => Date.now();
    const base = { prompt_id: q.promptId };
    const messages: [string, Record<string, unknown>][] = [];
    const record = (type: string, data: Record<string, unknown>, broadcast = false) => {
      messages.push([type, { ...data }]);
      this.send(q, type, data, broadcast);
    };
    record('execution_start', { ...base, timestamp: now() });
    record('execution_cached', { nodes: [], ...base, timestamp: now() });
    const executed: string[] = [];
    const outputs: Record<string, Record<string, unknown>> = {};
    for (const id of order(q.prompt)) {
      const node = q.prompt[id];
      this.send(q, 'progress_state', { ...base, nodes: { [id]: { value: 0, max: 1, state: 'running', node_id: id, prompt_id: q.promptId, display_node_id: id } } });
      this.send(q, 'executing', { node: id, display_node: id, ...base });
      await wait(this.stepMs);
      if (node.class_type === 'KSampler') for (let v = 1; v <= 3; v++) this.send(q, 'progress', { value: v, max: 3, ...base, node: id });
      if (this.interrupted.has(q.promptId)) {
        record('execution_interrupted', { ...base, node_id: id, node_type: node.class_type, executed: [...executed], timestamp: now() }, true);
        return this.finish(q, messages, {}, false);
      }
      if (this.failing.has(node.class_type)) {
        record('execution_error', { ...base, node_id: id, node_type: node.class_type, executed: [...executed], exception_message: 'Error while deserializing header: header too small', exception_type: 'safetensors_rust.SafetensorError', traceback: [], current_inputs: {}, current_outputs: [] });
        return this.finish(q, messages, {}, false);
      }
      executed.push(id);
      this.send(q, 'progress_state', { ...base, nodes: { [id]: { value: 1, max: 1, state: 'finished', node_id: id, prompt_id: q.promptId, display_node_id: id } } });
      if (SAVE_NODES.has(node.class_type)) {
        const output = await this.makeOutput(q, id, node);
        outputs[id] = output;
        this.send(q, 'executed', { node: id, display_node: id, output, ...base });
      }
    }
    record('execution_success', { ...base, timestamp: now() });
    return this.finish(q, messages, outputs, true);
  }

  /** The recorded ending: status, the history written after a gap, then `executing {node: null}`. */
  private async finish(q: Queued, messages: [string, Record<string, unknown>][], outputs: Record<string, Record<string, unknown>>, success: boolean): Promise<void> {
    this.interrupted.delete(q.promptId);
    await new Promise((r) => setTimeout(r, this.historyDelayMs));
    this.history.set(q.promptId, { outputs, status: { status_str: success ? 'success' : 'error', completed: success, messages } });
    this.broadcastStatus(q);
    this.send(q, 'executing', { node: null, prompt_id: q.promptId });
  }

  /** Real files of the size and length the graph asks for: PNGs, an MP4, a FLAC. */
  private async makeOutput(q: Queued, id: string, node: ComfyWorkflow[string]): Promise<Record<string, unknown>> {
    const { width, height, count, seconds } = describe(q.prompt);
    const prefix = String(node.inputs.filename_prefix ?? 'ComfyUI');
    const subfolder = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
    const stem = prefix.slice(prefix.lastIndexOf('/') + 1);
    const files: { filename: string; subfolder: string; type: string }[] = [];
    const keep = (filename: string, bytes: Buffer) => {
      this.files.set(`${subfolder}/${filename}`, bytes);
      files.push({ filename, subfolder, type: 'output' });
    };
    if (node.class_type === 'SaveImage') {
      for (let i = 0; i < count; i++) keep(`${stem}_${String(i + 1).padStart(5, '0')}_.png`, await sharp({ create: { width, height, channels: 3, background: { r: 40 + i * 40, g: 90, b: 160 } } }).png().toBuffer());
      return { images: files };
    }
    const tmp = join(require('node:os').tmpdir() as string, `recorded-comfy-${q.promptId}-${id}`);
    if (node.class_type === 'SaveVideo') {
      await runFfmpeg(['-f', 'lavfi', '-i', `testsrc2=size=${width}x${height}:rate=16:duration=${seconds}`, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', `${tmp}.mp4`]);
      keep(`${stem}_00001_.mp4`, readFileSync(`${tmp}.mp4`));
      return { images: files, animated: [true] };
    }
    await runFfmpeg(['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}:sample_rate=44100`, '-ac', '2', `${tmp}.flac`]);
    keep(`${stem}_00001_.flac`, readFileSync(`${tmp}.flac`));
    return { audio: files };
  }
}

/** Nodes in an order where every node comes after the nodes it reads. */
function order(prompt: ComfyWorkflow): string[] {
  const done: string[] = [];
  const visit = (id: string) => {
    if (done.includes(id) || !prompt[id]) return;
    for (const value of Object.values(prompt[id].inputs)) if (Array.isArray(value) && typeof value[0] === 'string') visit(value[0]);
    done.push(id);
  };
  Object.keys(prompt).forEach(visit);
  return done;
}

/** The size, batch and length a graph asks for, read from its numbers. */
function describe(prompt: ComfyWorkflow): { width: number; height: number; count: number; seconds: number } {
  let width = 64;
  let height = 64;
  let count = 1;
  let seconds = 1;
  for (const node of Object.values(prompt)) {
    const i = node.inputs;
    if (typeof i.width === 'number' && typeof i.height === 'number' && i.width > 0) [width, height] = [i.width, i.height];
    if (typeof i.batch_size === 'number' && node.class_type === 'EmptyLatentImage') count = i.batch_size;
    if (typeof i.amount === 'number') count = i.amount;
    if (typeof i.seconds === 'number') seconds = i.seconds;
    if (typeof i.length === 'number') seconds = i.length / 16;
  }
  // small files, in the shape asked for
  const scale = Math.min(1, 256 / Math.max(width, height));
  const even = (n: number) => Math.max(2, Math.round((n * scale) / 2) * 2);
  return { width: even(width), height: even(height), count, seconds: Math.max(0.5, Math.min(seconds, 10)) };
}
