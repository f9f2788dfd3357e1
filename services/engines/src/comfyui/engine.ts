/**
 * The ComfyUI engine, for GPU workers. Speaks ComfyUI's HTTP + websocket API:
 * - inputs are uploaded with POST /upload/image (multipart, field `image`, overwrite=true);
 * - the workflow (API format) is queued with POST /prompt {prompt, client_id, prompt_id = the task id};
 * - progress follows the websocket /ws?clientId=...: `progress` {value, max}, `executing` {node}
 *   (node null = finished), `executed` {node, output}, `execution_error`, `execution_success`;
 * - outputs come from GET /history/{prompt_id} (outputs.<node>.images|gifs|videos|audio[] with filename,
 *   subfolder, type) and are downloaded with GET /view?filename&subfolder&type into the work dir.
 * Cancelling deletes the queued prompt (POST /queue {delete}) and interrupts it (POST /interrupt).
 *
 * Workflows: one API-format JSON per algorithm (ComfyUI "Save (API Format)"), with placeholders that are
 * replaced in string values: {{prompt}}, {{negative_prompt}}, {{seed}}, {{width}}, {{height}},
 * {{duration}}, {{frames}} (24 fps), {{frames_16}} (16 fps, 4n+1 as Wan takes them), {{song_tags}},
 * {{input_0}}, {{input_1}}, {{task_id}}, {{param:NAME}} (a catalogue parameter not given takes its default,
 * else ''). A value that is exactly one placeholder of a number becomes a number.
 */
import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import WebSocket from 'ws';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineAbortedError, EngineError } from '../errors';
import type { AlgorithmId, Engine, EngineContext, EngineJob, EngineOutput, EngineResult, MediaKind } from '../types';
import { ratioSize } from '../local/common';
import { seedFor } from '../local/prompt';
import { ALGORITHMS } from '../algorithms';

export type ComfyWorkflow = Record<string, { class_type: string; inputs: Record<string, unknown>; _meta?: unknown }>;

export interface ComfyUiOptions {
  /** e.g. http://gpu-1:8188 */
  baseUrl: string;
  /** algorithm -> workflow (API format) */
  workflows: Partial<Record<AlgorithmId, ComfyWorkflow>>;
  /** give up when nothing is heard for this long (ms); default 10 minutes */
  idleTimeoutMs?: number;
  /** names the model in the result's metadata, per algorithm */
  modelNames?: Partial<Record<AlgorithmId, string>>;
  fetchImpl?: typeof fetch;
}

/** Load workflows from a folder of `<algorithm>.json` files. */
export async function loadWorkflows(dir: string, algorithms: AlgorithmId[]): Promise<Partial<Record<AlgorithmId, ComfyWorkflow>>> {
  const out: Partial<Record<AlgorithmId, ComfyWorkflow>> = {};
  for (const a of algorithms) {
    try {
      out[a] = JSON.parse(await readFile(join(dir, `${a}.json`), 'utf8')) as ComfyWorkflow;
    } catch {
      /* no workflow for this algorithm */
    }
  }
  return out;
}

interface HistoryFile {
  filename: string;
  subfolder?: string;
  type?: string;
}
type HistoryEntry = {
  outputs?: Record<string, Record<string, HistoryFile[] | unknown>>;
  status?: { status_str?: string; completed?: boolean; messages?: [string, Record<string, unknown>][] };
};

const MIME_BY_EXT: Record<string, [MediaKind, string]> = {
  '.png': ['image', 'image/png'], '.jpg': ['image', 'image/jpeg'], '.jpeg': ['image', 'image/jpeg'], '.webp': ['image', 'image/webp'],
  '.gif': ['image', 'image/gif'], '.mp4': ['video', 'video/mp4'], '.webm': ['video', 'video/webm'], '.mov': ['video', 'video/quicktime'],
  '.mp3': ['audio', 'audio/mpeg'], '.wav': ['audio', 'audio/wav'], '.flac': ['audio', 'audio/flac'], '.m4a': ['audio', 'audio/mp4'], '.ogg': ['audio', 'audio/ogg'],
};

function fill(workflow: ComfyWorkflow, vars: Record<string, string | number>): ComfyWorkflow {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const whole = /^\{\{([a-z_0-9:]+)\}\}$/i.exec(v);
      if (whole && whole[1] in vars) return vars[whole[1]];
      return v.replace(/\{\{([a-z_0-9:]+)\}\}/gi, (m, k: string) => (k in vars ? String(vars[k]) : m));
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(workflow) as ComfyWorkflow;
}

export class ComfyUiEngine implements Engine {
  readonly name = 'comfyui';
  private readonly base: string;
  private readonly fetch: typeof fetch;
  constructor(private readonly opts: ComfyUiOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetch = opts.fetchImpl ?? fetch;
  }

  supports(algorithm: AlgorithmId): boolean {
    return Boolean(this.opts.workflows[algorithm]);
  }

  private async json<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await this.fetch(`${this.base}${path}`, init);
    const text = await res.text();
    if (!res.ok) throw new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI ${path} answered ${res.status}: ${text.slice(0, 300)}`, true);
    return (text ? JSON.parse(text) : {}) as T;
  }

  private async upload(path: string, taskId: string, i: number): Promise<string> {
    const form = new FormData();
    const name = `${taskId}-${i}${extname(path)}`;
    form.append('image', new Blob([await readFile(path)]), name);
    form.append('overwrite', 'true');
    form.append('type', 'input');
    const r = await this.json<{ name: string; subfolder?: string }>('/upload/image', { method: 'POST', body: form });
    return r.subfolder ? `${r.subfolder}/${r.name}` : r.name;
  }

  private vars(job: EngineJob, uploaded: string[]): Record<string, string | number> {
    const p = job.params as Record<string, unknown>;
    const prompt = typeof p.prompt === 'string' ? p.prompt : typeof p.lyrics === 'string' ? p.lyrics : '';
    const seed = typeof p.seed === 'number' ? p.seed : seedFor(prompt || job.taskId);
    const ratio = typeof p.ratio === 'string' ? ratioSize(p.ratio as never) : ratioSize('16:9');
    const duration = typeof p.duration === 'number' ? p.duration : 5;
    const vars: Record<string, string | number> = {
      prompt,
      negative_prompt: typeof p.negative_prompt === 'string' ? p.negative_prompt : '',
      seed,
      width: ratio.width,
      height: ratio.height,
      duration,
      frames: Math.round(duration * 24) + 1,
      frames_16: Math.max(1, Math.round((duration * 16) / 4)) * 4 + 1,
      song_tags: [typeof p.prompt === 'string' ? p.prompt : '', typeof p.style === 'string' ? p.style : ''].filter(Boolean).join(', ') || 'pop, melodic',
      task_id: job.taskId,
    };
    uploaded.forEach((u, i) => (vars[`input_${i}`] = u));
    // parameters the user left out: their catalogue default, or nothing
    for (const [k, spec] of Object.entries(ALGORITHMS[job.algorithm]?.params ?? {})) {
      const fallback = 'default' in spec ? spec.default : undefined;
      vars[`param:${k}`] = typeof fallback === 'string' || typeof fallback === 'number' ? fallback : '';
    }
    for (const [k, v] of Object.entries(p)) if (typeof v === 'string' || typeof v === 'number') vars[`param:${k}`] = v;
    return vars;
  }

  async run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    const workflow = this.opts.workflows[job.algorithm];
    if (!workflow) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `no ComfyUI workflow for ${job.algorithm}`);
    if (ctx.signal.aborted) throw new EngineAbortedError();
    const clientId = randomUUID();
    const promptId = job.taskId;
    const wsUrl = `${this.base.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    const ws = new WebSocket(wsUrl);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', (e) => reject(new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI websocket: ${e.message}`, true)));
    });
    try {
      const uploaded: string[] = [];
      for (let i = 0; i < job.inputs.length; i++) uploaded.push(await this.upload(job.inputs[i], job.taskId, i));
      const prompt = fill(workflow, this.vars(job, uploaded));
      const finished = this.follow(ws, promptId, ctx);
      finished.catch(() => undefined);
      const queued = await this.json<{ prompt_id: string; node_errors?: Record<string, unknown> }>('/prompt', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ prompt, client_id: clientId, prompt_id: promptId }),
      });
      if (queued.node_errors && Object.keys(queued.node_errors).length) {
        throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `ComfyUI refused the workflow: ${JSON.stringify(queued.node_errors).slice(0, 300)}`);
      }
      const id = queued.prompt_id || promptId;
      ctx.onProgress(1, 'queued on ComfyUI');
      await finished;
      const history = await this.json<Record<string, HistoryEntry>>(`/history/${encodeURIComponent(id)}`);
      const entry = history[id];
      if (!entry) throw new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI has no history for ${id}`, true);
      const outputs: EngineOutput[] = [];
      let n = 0;
      for (const nodeOut of Object.values(entry.outputs ?? {})) {
        for (const key of ['images', 'gifs', 'videos', 'audio']) {
          const files = nodeOut[key];
          if (!Array.isArray(files)) continue;
          for (const f of files as HistoryFile[]) {
            if (f.type === 'temp') continue; // previews
            const q = new URLSearchParams({ filename: f.filename, subfolder: f.subfolder ?? '', type: f.type ?? 'output' });
            const res = await this.fetch(`${this.base}/view?${q}`);
            if (!res.ok) throw new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI /view ${f.filename}: ${res.status}`, true);
            const ext = extname(f.filename).toLowerCase();
            const path = join(ctx.workDir, `${job.taskId.replace(/[^A-Za-z0-9_-]/g, '_')}-${n++}${ext}`);
            await writeFile(path, Buffer.from(await res.arrayBuffer()));
            const [media, mime] = MIME_BY_EXT[ext] ?? ['image', 'application/octet-stream'];
            outputs.push({ path, media, mime });
          }
        }
      }
      if (!outputs.length) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `ComfyUI produced no output files for ${id}`);
      ctx.onProgress(100);
      return {
        outputs,
        metadata: {
          engine: 'comfyui',
          model: this.opts.modelNames?.[job.algorithm],
          note: `Generated by the ComfyUI workflow for ${job.algorithm} (prompt ${id}); files: ${outputs.map((o) => basename(o.path)).join(', ')}.`,
        },
      };
    } catch (e) {
      if (ctx.signal.aborted) await this.cancel(promptId);
      throw ctx.signal.aborted ? new EngineAbortedError() : e;
    } finally {
      ws.close();
    }
  }

  private async cancel(promptId: string): Promise<void> {
    const post = (path: string, body: unknown) =>
      this.fetch(`${this.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).catch(() => undefined);
    await post('/queue', { delete: [promptId] });
    await post('/interrupt', { prompt_id: promptId });
  }

  /** Resolve when the prompt finishes; progress goes to ctx. */
  private follow(ws: WebSocket, promptId: string, ctx: EngineContext): Promise<void> {
    const idle = this.opts.idleTimeoutMs ?? 10 * 60 * 1000;
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout;
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => done(new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI silent for ${idle} ms`, true)), idle);
      };
      const nodesSeen = new Set<string>();
      const onAbort = () => done(new EngineAbortedError());
      const done = (err?: Error) => {
        clearTimeout(timer);
        ctx.signal.removeEventListener('abort', onAbort);
        ws.removeAllListeners('message');
        if (err) reject(err);
        else resolve();
      };
      ctx.signal.addEventListener('abort', onAbort, { once: true });
      arm();
      ws.on('close', () => done(new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, 'ComfyUI closed the websocket', true)));
      ws.on('message', (raw, isBinary) => {
        if (isBinary) return; // preview images
        arm();
        let msg: { type?: string; data?: Record<string, unknown> };
        try {
          msg = JSON.parse(raw.toString()) as typeof msg;
        } catch {
          return;
        }
        const d = msg.data ?? {};
        if (d.prompt_id !== undefined && d.prompt_id !== promptId) return;
        switch (msg.type) {
          case 'execution_start':
            ctx.onProgress(2, 'started');
            break;
          case 'progress': {
            const value = Number(d.value);
            const max = Number(d.max) || 1;
            ctx.onProgress(Math.min(99, 2 + (value / max) * 95), `node ${String(d.node ?? '')}`);
            break;
          }
          case 'executing':
            if (d.node === null || d.node === undefined) done();
            else nodesSeen.add(String(d.node));
            break;
          case 'execution_success':
            done();
            break;
          case 'execution_error':
            done(new EngineError(USER_TEXTS.GENERATION_FAILURE, `ComfyUI: ${String(d.exception_type ?? '')} ${String(d.exception_message ?? 'execution error')}`.trim()));
            break;
          case 'execution_interrupted':
            done(new EngineAbortedError());
            break;
        }
      });
    });
  }
}
