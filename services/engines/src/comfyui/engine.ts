/**
 * The ComfyUI engine, for GPU workers: each algorithm's workflow (workflow.ts) filled for the task
 * (variables.ts), queued and followed to its history entry (run-prompt.ts), its files downloaded into the
 * work folder and described (size, length) as any other engine's outputs are. Video to anime goes through in
 * chunks of frames (chunks.ts); music is encoded in the format asked for. Settings a workflow cannot honour
 * are refused by the API before the charge (capabilities.ts); the engine refuses them again here, so a
 * caller that skips the API cannot have them silently dropped.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { USER_TEXTS } from 'shared-contracts/constants';
import { ALGORITHMS } from 'shared-contracts/algorithms';
import { EngineError } from '../errors';
import { runFfmpeg } from '../media/ffmpeg';
import { probeMedia } from '../media/probe';
import { mediaOutput } from '../local/common';
import type { AlgorithmId, Engine, EngineContext, EngineJob, EngineOutput, EngineResult } from '../types';
import { capabilitiesOf, refusalFor, type ComfyCapabilities } from './capabilities';
import { animeInChunks } from './chunks';
import { ComfyClient, compareVersions, MIN_COMFYUI_VERSION, type HistoryEntry, type HistoryFile } from './client';
import { runPrompt } from './run-prompt';
import { takesArea, withAreaMask } from './mask-input';
import { promptFor, type Size } from './variables';
import { unfilled, type ComfyWorkflow, type WorkflowSet } from './workflow';
import { checkWorkflow } from './validate-workflow';

export interface ComfyUiOptions {
  /** e.g. http://gpu-1:8188 */
  baseUrl: string;
  /** the workflows and their manifest (workflow.ts, loadWorkflowSet) */
  set: WorkflowSet;
  /** fail a running prompt that is silent this long (ms); default 10 minutes */
  idleTimeoutMs?: number;
  /** how often /history and /queue are read besides the websocket (ms); default 3 s */
  pollMs?: number;
  fetchImpl?: typeof fetch;
}

/** What the engine found on its server: its version, and each workflow's problems against its node classes. */
export interface ComfyServerReport {
  url: string;
  version: string | null;
  compatible: boolean;
  /** algorithm -> what the server lacks for its workflow (empty: it can run) */
  workflows: Partial<Record<AlgorithmId, string[]>>;
  error?: string;
}

const AUDIO_ENCODING: Record<'mp3' | 'm4a', { args: string[]; mime: string }> = {
  mp3: { args: ['-c:a', 'libmp3lame', '-b:a', '192k'], mime: 'audio/mpeg' },
  m4a: { args: ['-c:a', 'aac', '-b:a', '192k'], mime: 'audio/mp4' },
};
const OUTPUT_KEYS = ['images', 'gifs', 'videos', 'audio'] as const;

export class ComfyUiEngine implements Engine {
  readonly name = 'comfyui';
  readonly client: ComfyClient;
  private compatible: Promise<string> | null = null;
  constructor(private readonly opts: ComfyUiOptions) {
    this.client = new ComfyClient(opts.baseUrl, opts.fetchImpl);
  }

  supports(algorithm: AlgorithmId): boolean {
    return Boolean(this.opts.set.workflows[algorithm]);
  }

  capabilities(algorithm: AlgorithmId): ComfyCapabilities | null {
    const workflow = this.opts.set.workflows[algorithm];
    return workflow ? capabilitiesOf(algorithm, workflow, this.opts.set.manifest[algorithm]) : null;
  }

  /** The server's version, checked once; an old server is refused for good, an unreachable one is asked again next time. */
  private ensureCompatible(): Promise<string> {
    this.compatible ??= this.client.version().then(
      (version) => {
        if (compareVersions(version, MIN_COMFYUI_VERSION) < 0) {
          throw new EngineError(USER_TEXTS.GENERATION_FAILED_LATER, `ComfyUI ${version || '(no version)'} at ${this.client.base} is older than ${MIN_COMFYUI_VERSION}, the oldest this product runs on`, true);
        }
        return version;
      },
      (error: unknown) => {
        this.compatible = null;
        throw error;
      },
    );
    return this.compatible;
  }

  /** For the worker's start and the health answer: the version and whether the server has every node each workflow uses. */
  async verify(): Promise<ComfyServerReport> {
    const report: ComfyServerReport = { url: this.client.base, version: null, compatible: false, workflows: {} };
    try {
      report.version = await this.client.version();
      report.compatible = compareVersions(report.version, MIN_COMFYUI_VERSION) >= 0;
      const info = await this.client.objectInfo();
      for (const [algorithm, workflow] of Object.entries(this.opts.set.workflows) as [AlgorithmId, ComfyWorkflow][]) {
        report.workflows[algorithm] = checkWorkflow(workflow, info, { templates: true }).map((p) => p.message);
      }
    } catch (error) {
      report.error = error instanceof Error ? error.message : String(error);
    }
    return report;
  }

  async run(job: EngineJob, ctx: EngineContext): Promise<EngineResult> {
    const workflow = this.opts.set.workflows[job.algorithm];
    if (!workflow) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `no ComfyUI workflow for ${job.algorithm}`);
    const caps = capabilitiesOf(job.algorithm, workflow, this.opts.set.manifest[job.algorithm]);
    const given = job.inputs.map((_, i) => ALGORITHMS[job.algorithm].inputs[i]?.name ?? '');
    const refusal = refusalFor(caps, job.params as Record<string, unknown>, given);
    if (refusal) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, refusal);
    await mkdir(ctx.workDir, { recursive: true });
    await this.ensureCompatible();

    const outputs = caps.frames
      ? [await animeInChunks(job, ctx, caps.frames, (chunk, index, onProgress) => this.runOnce(job, workflow, { ...ctx, onProgress }, [chunk], index))]
      : await this.runOnce(job, workflow, ctx, takesArea(job) ? await withAreaMask(job, ctx.workDir) : job.inputs, 0);
    if (!outputs.length) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `ComfyUI produced no output files for ${job.taskId}`);
    ctx.onProgress(100);
    return {
      outputs: await Promise.all(outputs.map((o) => this.finish(job, ctx, o))),
      metadata: { engine: 'comfyui', model: caps.model, note: `Generated on ComfyUI by ${caps.model}.` },
    };
  }

  /** One prompt: inputs uploaded, the workflow filled and run, its files downloaded. */
  private async runOnce(job: EngineJob, workflow: ComfyWorkflow, ctx: EngineContext, inputs: string[], part: number): Promise<EngineOutput[]> {
    const safeId = job.taskId.replace(/[^A-Za-z0-9_-]/g, '_');
    const uploaded: string[] = [];
    for (const [i, path] of inputs.entries()) uploaded.push(await this.client.upload(path, `${safeId}-${part}-${i}${extname(path)}`));
    const prompt = promptFor(workflow, job, uploaded, await shapeOf(inputs[0]), part ? `${safeId}-${part}` : safeId);
    const left = unfilled(prompt);
    if (left.length) throw new EngineError(USER_TEXTS.GENERATION_FAILURE, `the ${job.algorithm} workflow has placeholders this product does not fill: ${left.join(', ')}`);
    const entry = await runPrompt(this.client, prompt, {
      // a new id each time: ComfyUI keeps the history of earlier runs of the same task (a retry, a requeue)
      promptId: `${job.taskId}-${part}-${randomUUID().slice(0, 8)}`,
      signal: ctx.signal,
      idleMs: this.opts.idleTimeoutMs ?? 10 * 60 * 1000,
      pollMs: this.opts.pollMs ?? 3000,
      onProgress: (fraction, note) => ctx.onProgress(Math.round(1 + fraction * 94), note),
    });
    return this.download(entry, ctx, `${safeId}-${part}`);
  }

  private async download(entry: HistoryEntry, ctx: EngineContext, stem: string): Promise<EngineOutput[]> {
    const outputs: EngineOutput[] = [];
    for (const nodeOutput of Object.values(entry.outputs ?? {})) {
      for (const key of OUTPUT_KEYS) {
        const files = nodeOutput[key];
        if (!Array.isArray(files)) continue;
        for (const file of files as HistoryFile[]) {
          if (file.type === 'temp') continue; // previews
          const path = join(ctx.workDir, `${stem}-${outputs.length}${extname(file.filename).toLowerCase()}`);
          await writeFile(path, await this.client.view(file));
          outputs.push({ path, media: 'image', mime: 'application/octet-stream' });
        }
      }
    }
    return outputs;
  }

  /** An output as results describe it (probed size and length), audio in the format asked for. */
  private async finish(job: EngineJob, ctx: EngineContext, output: EngineOutput): Promise<EngineOutput> {
    const probed = await mediaOutput(output.path);
    const asked = (job.params as { format?: string }).format;
    const spec = ALGORITHMS[job.algorithm].params.format;
    const format = asked ?? (spec && 'default' in spec ? spec.default : undefined);
    if (probed.media !== 'audio' || (format !== 'mp3' && format !== 'm4a') || extname(output.path) === `.${format}`) return probed;
    const encoded = output.path.replace(/\.[^.]+$/, `.${format}`);
    await runFfmpeg(['-i', output.path, '-vn', ...AUDIO_ENCODING[format].args, encoded], { signal: ctx.signal });
    return mediaOutput(encoded);
  }

  async close(): Promise<void> {
    this.compatible = null;
  }
}

/** The upload's own width and height (pictures and videos), so a graph can keep its shape. */
async function shapeOf(path: string | undefined): Promise<Size | null> {
  if (!path) return null;
  const probed = await probeMedia(path).catch(() => null);
  return probed && probed.width && probed.height ? { width: probed.width, height: probed.height } : null;
}
