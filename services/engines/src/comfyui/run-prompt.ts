/**
 * One prompt through ComfyUI, from queueing to its history entry, as a real ComfyUI 0.8 runs it (the order
 * recorded in test/fixtures/comfyui): `execution_start`, `executing {node}` and `progress`/`progress_state`
 * while it runs, then `execution_success` (or `execution_error`, `execution_interrupted`), and only after
 * ComfyUI has written the history, `executing {node: null}`. The prompt is done when its history entry
 * exists; the websocket says when to look, and a poll of /history and /queue stands in when the socket is
 * quiet or gone, so a finished result is never missed.
 *
 * The silence limit counts only while the prompt runs: waiting in ComfyUI's queue behind other prompts is not
 * silence (the worker's lane deadline bounds the whole run). Every way out after queueing that is not a
 * finished prompt (a failure, a cancel, a deadline) takes the prompt out of ComfyUI's queue or interrupts it.
 */
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';
import { USER_TEXTS } from 'shared-contracts/constants';
import { EngineAbortedError, EngineError } from '../errors';
import type { ComfyClient, HistoryEntry, HistoryMessage } from './client';
import type { ComfyWorkflow } from './workflow';

export interface RunPromptOptions {
  /** the id ComfyUI files the prompt under */
  promptId: string;
  signal: AbortSignal;
  /** 0 to 1 within this prompt, with a note for the task's progress line */
  onProgress(fraction: number, note: string): void;
  /** fail when a running prompt is silent this long (ms) */
  idleMs: number;
  /** how often /history and /queue are read besides the websocket (ms) */
  pollMs: number;
}

type Outcome = { entry: HistoryEntry } | { error: Error };

/** What a finished history entry means: the outputs, or why there are none. */
function outcomeOf(entry: HistoryEntry, aborted: boolean): Outcome {
  if (entry.status?.status_str !== 'error') return { entry };
  const messages: HistoryMessage[] = entry.status.messages ?? [];
  const failed = messages.find(([type]) => type === 'execution_error')?.[1];
  if (failed) {
    const where = `node ${String(failed.node_id)} (${String(failed.node_type)})`;
    return { error: new EngineError(USER_TEXTS.GENERATION_FAILURE, `ComfyUI failed at ${where}: ${String(failed.exception_type)}: ${String(failed.exception_message)}`, true) };
  }
  if (aborted) return { error: new EngineAbortedError() };
  return { error: new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, 'ComfyUI interrupted the prompt (another client or an operator)', true) };
}

/** A websocket message about this prompt; null for a preview (binary), another prompt's, the queue's status or noise. */
function messageOf(raw: WebSocket.RawData, binary: boolean, promptId: string): { type: string; data: Record<string, unknown> } | null {
  if (binary) return null;
  let message: { type?: string; data?: Record<string, unknown> };
  try {
    message = JSON.parse(raw.toString()) as typeof message;
  } catch {
    return null;
  }
  const data = message.data ?? {};
  return data.prompt_id === promptId ? { type: message.type ?? '', data } : null;
}

export async function runPrompt(client: ComfyClient, prompt: ComfyWorkflow, opts: RunPromptOptions): Promise<HistoryEntry> {
  if (opts.signal.aborted) throw new EngineAbortedError();
  const clientId = randomUUID();
  const { promptId } = opts;
  const nodeCount = Object.keys(prompt).length;
  const socket = await openSocket(`${client.socketUrl}?clientId=${encodeURIComponent(clientId)}`).catch(() => null);
  let queued = false;
  try {
    const outcome = await new Promise<Outcome>((resolve) => {
      let running = false;
      let settled = false;
      let silence: NodeJS.Timeout | undefined;
      let poll: NodeJS.Timeout | undefined;
      const finished = new Set<string>();
      let absentSeen = 0;
      const settle = (outcome: Outcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(silence);
        clearTimeout(poll);
        opts.signal.removeEventListener('abort', onAbort);
        socket?.removeAllListeners('message');
        resolve(outcome);
      };
      const armSilence = () => {
        clearTimeout(silence);
        if (!running) return;
        silence = setTimeout(() => settle({ error: new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI was silent for ${opts.idleMs} ms while running the prompt`, true) }), opts.idleMs);
      };
      const startRunning = () => {
        if (running) return;
        running = true;
        opts.onProgress(0, 'running on ComfyUI');
        armSilence();
      };
      /** The history entry when there is one; else where the prompt stands. */
      const look = async (): Promise<void> => {
        if (settled) return;
        try {
          const entry = await client.history(promptId);
          if (entry) return settle(outcomeOf(entry, opts.signal.aborted));
          if (!queued) return;
          const place = await client.place(promptId);
          if (place.state === 'running') {
            absentSeen = 0;
            startRunning();
          } else if (place.state === 'pending') {
            absentSeen = 0;
            opts.onProgress(0, place.ahead ? `waiting on ComfyUI: ${place.ahead} ahead` : 'next on ComfyUI');
          } else if (++absentSeen >= 2) {
            // neither queued, running nor in the history, twice: ComfyUI restarted or someone deleted it
            settle({ error: new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, 'ComfyUI no longer has the prompt (restarted, or deleted by someone else)', true) });
          }
        } catch {
          /* ComfyUI unreachable for a moment: the silence limit or the lane deadline decides */
        }
      };
      const schedulePoll = () => {
        clearTimeout(poll);
        poll = setTimeout(() => void look().finally(() => settled || schedulePoll()), opts.pollMs);
      };
      const onAbort = () => settle({ error: new EngineAbortedError() });
      opts.signal.addEventListener('abort', onAbort, { once: true });

      socket?.on('message', (raw, binary) => {
        const message = settled ? null : messageOf(raw, binary, promptId);
        if (!message) return;
        const { type, data } = message;
        if (type === 'execution_start') startRunning();
        armSilence();
        switch (type) {
          case 'progress': {
            const max = Number(data.max) || 1;
            opts.onProgress(Math.min(0.99, (finished.size + Number(data.value) / max) / nodeCount), 'running on ComfyUI');
            break;
          }
          case 'executed':
          case 'execution_cached':
            for (const node of (data.nodes as string[] | undefined) ?? [String(data.node)]) finished.add(node);
            opts.onProgress(Math.min(0.99, finished.size / nodeCount), 'running on ComfyUI');
            break;
          case 'executing':
            // `node: null` comes after ComfyUI wrote the history
            if (data.node === null) void look();
            break;
          case 'execution_error':
          case 'execution_interrupted':
            void look();
            break;
        }
      });
      client
        .queuePrompt(prompt, clientId, promptId)
        .then(() => {
          queued = true;
          opts.onProgress(0, 'queued on ComfyUI');
          schedulePoll();
          void look();
        })
        .catch((error: unknown) => settle({ error: error instanceof Error ? error : new Error(String(error)) }));
    });
    if ('error' in outcome) {
      if (queued) await client.remove(promptId);
      throw outcome.error;
    }
    return outcome.entry;
  } finally {
    socket?.close();
  }
}

function openSocket(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { handshakeTimeout: 10_000 });
    ws.once('open', () => resolve(ws));
    ws.once('error', (error) => reject(error));
    // after it opened, a socket error only means fewer messages: the poll goes on
    ws.on('error', () => undefined);
  });
}
