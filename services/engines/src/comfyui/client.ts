/**
 * ComfyUI's HTTP API as this product uses it, with the answers recorded from a real ComfyUI 0.8
 * (test/fixtures/comfyui): /system_stats, /object_info, POST /upload/image, POST /prompt (a 400 carries
 * `error` and `node_errors`), GET /queue, GET /history/{id}, GET /view, POST /queue {delete}, POST /interrupt.
 */
import { readFile } from 'node:fs/promises';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineError } from '../errors';
import type { ComfyWorkflow } from './workflow';

/** The oldest ComfyUI whose websocket messages carry the `prompt_id` this client follows a prompt by. */
export const MIN_COMFYUI_VERSION = '0.3.45';

export interface HistoryFile {
  filename: string;
  subfolder?: string;
  type?: string;
}
export type HistoryMessage = [string, Record<string, unknown>];
export interface HistoryEntry {
  outputs?: Record<string, Record<string, unknown>>;
  status?: { status_str?: string; completed?: boolean; messages?: HistoryMessage[] };
}

/** One node class of /object_info: each input as [type or list of values, options]. */
export interface ObjectInfoClass {
  input: { required?: Record<string, unknown[]>; optional?: Record<string, unknown[]>; hidden?: Record<string, unknown> };
  output: string[];
  output_node?: boolean;
}
export type ObjectInfo = Record<string, ObjectInfoClass>;

/** Where a prompt stands in ComfyUI's queue. */
export type QueuePlace = { state: 'running' } | { state: 'pending'; ahead: number } | { state: 'absent' };

/** A graph ComfyUI refused to queue: permanent, the same graph will be refused again. */
export class ComfyRefusedError extends EngineError {
  constructor(readonly body: string) {
    super(USER_TEXTS.GENERATION_FAILURE, `ComfyUI refused the workflow: ${body}`, false);
  }
}

/** Compares dotted versions ('0.3.45' < '0.8.0'); parts that are not numbers count as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((x) => parseInt(x, 10) || 0);
  const pb = b.split('.').map((x) => parseInt(x, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d) return Math.sign(d);
  }
  return 0;
}

const unreachable = (path: string, error: unknown) =>
  new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI ${path} could not be reached: ${error instanceof Error ? error.message : String(error)}`, true);

export class ComfyClient {
  readonly base: string;
  constructor(baseUrl: string, private readonly fetchImpl: typeof fetch = fetch) {
    this.base = baseUrl.replace(/\/+$/, '');
  }

  get socketUrl(): string {
    return `${this.base.replace(/^http/, 'ws')}/ws`;
  }

  private async request(path: string, init?: RequestInit): Promise<Response> {
    try {
      return await this.fetchImpl(`${this.base}${path}`, { ...init, signal: init?.signal ?? AbortSignal.timeout(30_000) });
    } catch (error) {
      throw unreachable(path, error);
    }
  }

  private async json<T>(path: string, init?: RequestInit): Promise<T> {
    const res = await this.request(path, init);
    const text = await res.text();
    if (!res.ok) throw new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI ${path} answered ${res.status}: ${text}`, true);
    try {
      return (text ? JSON.parse(text) : {}) as T;
    } catch {
      throw new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI ${path} answered what is not JSON: ${text.slice(0, 2000)}`, true);
    }
  }

  private post(path: string, body: unknown): Promise<Response> {
    return this.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  }

  async version(): Promise<string> {
    const stats = await this.json<{ system?: { comfyui_version?: string } }>('/system_stats');
    return stats.system?.comfyui_version ?? '';
  }

  objectInfo(): Promise<ObjectInfo> {
    return this.json<ObjectInfo>('/object_info');
  }

  /** Uploads a file into ComfyUI's input folder; answers the name a LoadImage or LoadVideo node takes. */
  async upload(path: string, name: string): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(await readFile(path))]), name);
    form.append('overwrite', 'true');
    form.append('type', 'input');
    const r = await this.json<{ name: string; subfolder?: string }>('/upload/image', { method: 'POST', body: form, signal: AbortSignal.timeout(300_000) });
    return r.subfolder ? `${r.subfolder}/${r.name}` : r.name;
  }

  /** Queues a prompt under our id; a 400 is a permanent refusal with ComfyUI's whole answer. */
  async queuePrompt(prompt: ComfyWorkflow, clientId: string, promptId: string): Promise<void> {
    const res = await this.post('/prompt', { prompt, client_id: clientId, prompt_id: promptId });
    const text = await res.text();
    if (res.status === 400) throw new ComfyRefusedError(text);
    if (!res.ok) throw new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI /prompt answered ${res.status}: ${text}`, true);
    const answer = (text ? JSON.parse(text) : {}) as { node_errors?: Record<string, unknown> };
    // ComfyUI queues a graph whose other outputs are valid and reports the invalid ones here
    if (answer.node_errors && Object.keys(answer.node_errors).length) {
      await this.remove(promptId);
      throw new ComfyRefusedError(text);
    }
  }

  async place(promptId: string): Promise<QueuePlace> {
    const queue = await this.json<{ queue_running?: unknown[][]; queue_pending?: unknown[][] }>('/queue');
    if ((queue.queue_running ?? []).some((item) => item[1] === promptId)) return { state: 'running' };
    const pending = [...(queue.queue_pending ?? [])].sort((a, b) => Number(a[0]) - Number(b[0]));
    const index = pending.findIndex((item) => item[1] === promptId);
    if (index >= 0) return { state: 'pending', ahead: index + (queue.queue_running?.length ?? 0) };
    return { state: 'absent' };
  }

  async history(promptId: string): Promise<HistoryEntry | null> {
    const answer = await this.json<Record<string, HistoryEntry>>(`/history/${encodeURIComponent(promptId)}`);
    return answer[promptId] ?? null;
  }

  async view(file: HistoryFile): Promise<Buffer> {
    const q = new URLSearchParams({ filename: file.filename, subfolder: file.subfolder ?? '', type: file.type ?? 'output' });
    const res = await this.request(`/view?${q}`, { signal: AbortSignal.timeout(300_000) });
    if (!res.ok) throw new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI /view ${file.filename}: ${res.status}`, true);
    return Buffer.from(await res.arrayBuffer());
  }

  /** Takes a prompt out of ComfyUI: deleted while it waits, interrupted while it runs (ComfyUI ignores the other). */
  async remove(promptId: string): Promise<void> {
    await this.post('/queue', { delete: [promptId] }).catch(() => undefined);
    await this.post('/interrupt', { prompt_id: promptId }).catch(() => undefined);
  }
}
