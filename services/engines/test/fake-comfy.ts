/** Test support: a fake ComfyUI server (used by the ComfyUI engine's tests only). */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import sharp from 'sharp';
import { WebSocketServer, type WebSocket } from 'ws';
import type { ComfyWorkflow } from '../src/comfyui/engine';

/**
 * A fake ComfyUI that speaks the documented protocol: POST /upload/image, POST /prompt, the /ws websocket
 * (status, execution_start, executing, progress, executed, execution_error), GET /history/{id}, GET /view,
 * POST /queue and POST /interrupt.
 */
export class FakeComfy {
  server: Server;
  wss: WebSocketServer;
  sockets = new Map<string, WebSocket>();
  prompts: { prompt: ComfyWorkflow; client_id: string; prompt_id: string }[] = [];
  uploads: { name: string; bytes: number }[] = [];
  deleted: string[] = [];
  interrupted = 0;
  outputs = new Map<string, Buffer>();
  history: Record<string, unknown> = {};
  /** ms between steps; a test can slow the fake down */
  stepMs = 20;
  constructor(readonly port: number) {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.wss = new WebSocketServer({ server: this.server, path: '/ws' });
    this.wss.on('connection', (ws, req) => {
      const id = new URL(req.url ?? '', 'http://x').searchParams.get('clientId') ?? '';
      this.sockets.set(id, ws);
      ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: 0 } }, sid: id } }));
    });
  }
  listen(): Promise<void> {
    return new Promise((r) => this.server.listen(this.port, '127.0.0.1', () => r()));
  }
  close(): Promise<void> {
    for (const s of this.sockets.values()) s.terminate();
    this.wss.close();
    return new Promise((r) => this.server.close(() => r()));
  }
  private body(req: IncomingMessage): Promise<Buffer> {
    return new Promise((r) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => r(Buffer.concat(chunks)));
    });
  }
  private async handle(req: IncomingMessage, res: import('node:http').ServerResponse) {
    const url = new URL(req.url ?? '', 'http://x');
    const json = (code: number, v: unknown) => {
      res.writeHead(code, { 'content-type': 'application/json' });
      res.end(JSON.stringify(v));
    };
    if (req.method === 'POST' && url.pathname === '/upload/image') {
      const body = await this.body(req);
      const name = /filename="([^"]+)"/.exec(body.toString('latin1'))?.[1] ?? 'upload.bin';
      this.uploads.push({ name, bytes: body.length });
      return json(200, { name, subfolder: '', type: 'input' });
    }
    if (req.method === 'POST' && url.pathname === '/prompt') {
      const p = JSON.parse((await this.body(req)).toString()) as FakeComfy['prompts'][number];
      if (!p.prompt || typeof p.prompt !== 'object') return json(400, { error: 'no prompt' });
      this.prompts.push(p);
      json(200, { prompt_id: p.prompt_id, number: this.prompts.length, node_errors: {} });
      void this.execute(p);
      return;
    }
    if (req.method === 'GET' && url.pathname.startsWith('/history/')) {
      const id = decodeURIComponent(url.pathname.slice('/history/'.length));
      return json(200, this.history[id] ? { [id]: this.history[id] } : {});
    }
    if (req.method === 'GET' && url.pathname === '/view') {
      const f = this.outputs.get(url.searchParams.get('filename') ?? '');
      if (!f || url.searchParams.get('type') !== 'output') return json(404, { error: 'not found' });
      res.writeHead(200, { 'content-type': 'image/png' });
      return res.end(f);
    }
    if (req.method === 'POST' && url.pathname === '/queue') {
      const b = JSON.parse((await this.body(req)).toString()) as { delete?: string[] };
      this.deleted.push(...(b.delete ?? []));
      return json(200, {});
    }
    if (req.method === 'POST' && url.pathname === '/interrupt') {
      this.interrupted++;
      return json(200, {});
    }
    json(404, { error: 'unknown' });
  }
  private async execute(p: FakeComfy['prompts'][number]) {
    const ws = this.sockets.get(p.client_id);
    const send = (type: string, data: Record<string, unknown>) => ws?.send(JSON.stringify({ type, data: { ...data, prompt_id: p.prompt_id } }));
    const wait = () => new Promise((r) => setTimeout(r, this.stepMs));
    // another client's prompt on the same socket must be ignored
    ws?.send(JSON.stringify({ type: 'progress', data: { value: 9, max: 10, prompt_id: 'someone-else' } }));
    send('execution_start', {});
    send('executing', { node: '3' });
    const fails = Object.values(p.prompt).some((n) => n.class_type === 'FailNode');
    for (let v = 1; v <= 4; v++) {
      await wait();
      if (this.deleted.includes(p.prompt_id)) return send('execution_interrupted', { node_id: '3' });
      send('progress', { value: v, max: 4, node: '3' });
      if (fails && v === 2) return send('execution_error', { node_id: '3', exception_type: 'RuntimeError', exception_message: 'CUDA out of memory' });
    }
    const seed = Number((p.prompt['3']?.inputs as { seed?: number })?.seed ?? 0);
    const filename = `ComfyUI_${p.prompt_id}_00001_.png`;
    this.outputs.set(filename, await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: seed % 256, g: 80, b: 160 } } }).png().toBuffer());
    this.history[p.prompt_id] = {
      prompt: [this.prompts.length, p.prompt_id, p.prompt, {}, ['9']],
      outputs: { '9': { images: [{ filename, subfolder: '', type: 'output' }] }, '10': { images: [{ filename: 'preview.png', subfolder: '', type: 'temp' }] } },
      status: { status_str: 'success', completed: true, messages: [] },
    };
    send('executed', { node: '9', output: { images: [{ filename, subfolder: '', type: 'output' }] } });
    send('executing', { node: null });
  }
}
