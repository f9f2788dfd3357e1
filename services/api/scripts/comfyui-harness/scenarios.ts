/**
 * What the harness runs through the product: each algorithm one at a time and four at once, cancels of a
 * queued and a running prompt, and a broken graph; each with the figures the report prints.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Task } from 'shared-contracts';
import { runFfmpeg } from '@studio/engines/media';
import { finished, sleep, waitFor, type Product } from './product';

/** Whether a result has the facts it should: sizes of pictures and videos, lengths of videos and sound. */
function factsOk(task: Task): boolean {
  return task.outputs.length > 0 && task.outputs.every((o) => (o.media === 'audio' || ((o.width ?? 0) > 0 && (o.height ?? 0) > 0)) && (o.media === 'image' || (o.duration ?? 0) > 0));
}

export interface Case {
  algorithm: string;
  data: (p: Product, headers: Record<string, string>) => Promise<object>;
}

export interface Tally {
  algorithm: string;
  mode: string;
  tasks: number;
  succeeded: number;
  facts_ok: number;
  comfyui_badge: number;
  failures: string[];
  seconds_p50: number;
  seconds_max: number;
}

export async function inputs(dir: string): Promise<{ picture: Buffer; clip: Buffer }> {
  const picture = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#6a8fbf' } })
    .composite([{ input: Buffer.from('<svg width="640" height="480"><circle cx="220" cy="200" r="110" fill="#c0392b"/><rect x="380" y="250" width="180" height="140" fill="#27ae60"/></svg>') }])
    .png()
    .toBuffer();
  const clip = path.join(dir, 'clip.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=25:duration=3', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', clip]);
  return { picture, clip: readFileSync(clip) };
}

export function cases(media: { picture: Buffer; clip: Buffer }): Record<string, Case> {
  return {
    text2image: { algorithm: 'text2image', data: async () => ({ prompt: 'a lighthouse on a cliff at dusk', ratio: '16:9', num: 2 }) },
    image2image: { algorithm: 'image2image', data: async (p, h) => ({ prompt: 'as a watercolour', file_path: await p.upload(h, 'image2image', media.picture) }) },
    text2video: { algorithm: 'text2video', data: async () => ({ prompt: 'waves rolling onto a beach', duration: 2, resolution: '360p', motion: 'pan_left' }) },
    image2video: { algorithm: 'image2video', data: async (p, h) => ({ prompt: 'the scene drifts', file_path: await p.upload(h, 'image2video', media.picture), duration: 2, resolution: '360p' }) },
    video2anime: { algorithm: 'video2anime', data: async (p, h) => ({ file_path: await p.upload(h, 'video2anime', media.clip), style: 'anime', resolution: '360p' }) },
    mai_tcm: { algorithm: 'mai_tcm', data: async () => ({ prompt: 'calm piano melody for a rainy night', duration: 10, format: 'mp3' }) },
    mai_text2song_minimax: { algorithm: 'mai_text2song_minimax', data: async () => ({ lyrics: 'Sunshine in my pocket, dancing down the street', style: 'pop', duration: 10 }) },
  };
}

function tally(algorithm: string, mode: string, runs: { task: Task; seconds: number }[]): Tally {
  const seconds = runs.map((r) => r.seconds).sort((a, b) => a - b);
  return {
    algorithm,
    mode,
    tasks: runs.length,
    succeeded: runs.filter((r) => r.task.status === 'success').length,
    facts_ok: runs.filter((r) => r.task.status === 'success' && factsOk(r.task)).length,
    comfyui_badge: runs.filter((r) => r.task.engine?.name === 'comfyui' && /stand-in/.test(r.task.engine.model ?? '')).length,
    failures: runs.filter((r) => r.task.status !== 'success').map((r) => `${r.task.status}: ${r.task.reason ?? ''}`),
    seconds_p50: Number((seconds[Math.floor(seconds.length / 2)] ?? 0).toFixed(2)),
    seconds_max: Number((seconds[seconds.length - 1] ?? 0).toFixed(2)),
  };
}

/** One at a time: each task created after the last one ended. */
export async function oneAtATime(p: Product, c: Case, n: number): Promise<Tally> {
  const headers = await p.user(100_000);
  const runs: { task: Task; seconds: number }[] = [];
  for (let i = 0; i < n; i++) {
    const started = Date.now();
    const created = await p.create(headers, c.algorithm, await c.data(p, headers));
    runs.push({ task: await waitFor(p, headers, created.task_id, finished), seconds: (Date.now() - started) / 1000 });
  }
  return tally(c.algorithm, 'one at a time', runs);
}

/** Four at once: four members each create n/4 tasks together; the worker runs four per lane. */
export async function fourAtOnce(p: Product, c: Case, n: number): Promise<Tally> {
  const members = await Promise.all([1, 2, 3, 4].map(() => p.user(100_000)));
  const runs = (
    await Promise.all(
      members.map(async (headers) => {
        const mine: { task: Task; seconds: number }[] = [];
        for (let i = 0; i < Math.ceil(n / 4); i++) {
          const started = Date.now();
          const created = await p.create(headers, c.algorithm, await c.data(p, headers));
          mine.push({ task: await waitFor(p, headers, created.task_id, finished), seconds: (Date.now() - started) / 1000 });
        }
        return mine;
      }),
    )
  ).flat();
  return tally(c.algorithm, 'four at once', runs);
}

export async function comfy<T>(comfyui: string, pathname: string, init?: RequestInit): Promise<T> {
  const res = await fetch(`${comfyui}${pathname}`, init);
  const text = await res.text();
  return (text ? JSON.parse(text) : {}) as T;
}

async function inComfyQueue(comfyui: string, taskId: string): Promise<'running' | 'pending' | null> {
  const q = await comfy<{ queue_running: unknown[][]; queue_pending: unknown[][] }>(comfyui, '/queue');
  if (q.queue_running.some((item) => String(item[1]).startsWith(taskId))) return 'running';
  if (q.queue_pending.some((item) => String(item[1]).startsWith(taskId))) return 'pending';
  return null;
}

/** A queued prompt cancelled through the API leaves ComfyUI's queue and never runs; a running one is interrupted. */
export async function cancels(p: Product, slowDir: string, comfyui: string) {
  const worker = await p.worker(slowDir, 2);
  const headers = await p.user(1000);
  try {
    const placeOf = async (id: string, want: string) => {
      for (let i = 0; i < 300; i++) {
        if ((await inComfyQueue(comfyui, id)) === want) return true;
        await sleep(100);
      }
      return false;
    };
    // the first runs (slow); the second, created once the first runs, waits behind it in ComfyUI's queue
    const running = await p.create(headers, 'text2image', { prompt: 'slow enough to cancel', num: 1 });
    const runningSeen = await placeOf(running.task_id, 'running');
    const waiting = await p.create(headers, 'text2image', { prompt: 'waiting behind it', num: 1 });
    const queuedSeen = await placeOf(waiting.task_id, 'pending');
    await p.app.inject({ method: 'POST', url: `/v1/ai/cancel/${waiting.task_id}`, headers });
    await waitFor(p, headers, waiting.task_id, finished);
    await p.app.inject({ method: 'POST', url: `/v1/ai/cancel/${running.task_id}`, headers });
    const ended = await waitFor(p, headers, running.task_id, finished);
    // ComfyUI stops a running prompt at its next node boundary: wait until it has filed the prompt away
    let entries: [string, { status?: { messages?: [string, unknown][] } }][] = [];
    for (let i = 0; i < 240 && !entries.length; i++) {
      const history = await comfy<Record<string, { status?: { messages?: [string, unknown][] } }>>(comfyui, '/history?max_items=50');
      entries = Object.entries(history).filter(([key]) => key.startsWith(running.task_id));
      if (!entries.length) await sleep(500);
    }
    const interrupted = entries.some(([, e]) => e.status?.messages?.some(([type]) => type === 'execution_interrupted'));
    const history = await comfy<Record<string, unknown>>(comfyui, '/history?max_items=200');
    const ranWaiting = Object.keys(history).some((key) => key.startsWith(waiting.task_id));
    return {
      queued: { seen_pending_on_comfyui: queuedSeen, left_comfyui_queue: (await inComfyQueue(comfyui, waiting.task_id)) === null, ran_on_comfyui: ranWaiting, task: (await p.result(headers, waiting.task_id)).status },
      running: { seen_running_on_comfyui: runningSeen, interrupted_on_comfyui: interrupted, task: ended.status },
      credits_back: (await p.ctx.ledger.balance((await p.db.query<{ user_id: string }>('SELECT user_id FROM tasks WHERE id = $1', [running.task_id])).rows[0].user_id)) === 1000,
    };
  } finally {
    await worker.stop();
  }
}

/** A broken graph: one failure, permanent, ComfyUI's node errors in the log, credits back, no retry. */
export async function brokenGraph(p: Product, brokenDir: string) {
  const worker = await p.worker(brokenDir, 1);
  const headers = await p.user(1000);
  try {
    const created = await p.create(headers, 'text2image', { prompt: 'a graph with a typo', num: 1 });
    const task = await waitFor(p, headers, created.task_id, finished);
    const retry = await p.app.inject({ method: 'POST', url: '/v1/ai/retry', headers, payload: { task_id: task.task_id } });
    const logged = p.logs.find((line) => line.includes(task.task_id) && line.includes('node_errors'));
    return {
      status: task.status,
      reason: task.reason,
      retryable: task.retryable,
      retry_answer: retry.statusCode,
      attempts: Number((await p.db.query<{ attempts: number }>('SELECT attempts FROM tasks WHERE id = $1', [task.task_id])).rows[0].attempts),
      node_errors_logged: Boolean(logged),
      log_line: logged?.slice(0, 600),
      credits_back: (await p.ctx.ledger.balance((await p.db.query<{ user_id: string }>('SELECT user_id FROM tasks WHERE id = $1', [task.task_id])).rows[0].user_id)) === 1000,
    };
  } finally {
    await worker.stop();
  }
}

