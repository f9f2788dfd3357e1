/**
 * A run's files: the inputs fetched from storage into its work folder, and the engine's outputs stored
 * under users/<uid>/results/<task>/. Free-plan images and videos are watermarked; the unwatermarked
 * original is kept privately for a paid plan's watermark_download.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { EngineJob, EngineOutput, EngineResult } from '@studio/engines/types';
import { EngineError } from '@studio/engines/errors';
import { USER_TEXTS } from 'shared-contracts';
import { extensionOf, type NewMediaObject } from '../storage/media.js';
import type { StoredOutput, TaskRow } from './store.js';
import type { WorkerRuntime } from './worker-runtime.js';

const FORMAT_OF_EXT: Record<string, string> = { jpg: 'jpeg', jpeg: 'jpeg', png: 'png', webp: 'webp', mp4: 'mp4', mov: 'mov', mp3: 'mp3', m4a: 'm4a', wav: 'wav', gif: 'gif' };

/** Downloads the run's inputs into its work folder; answers the local files in order. */
export async function fetchInputs(rt: WorkerRuntime, row: TaskRow, workDir: string): Promise<string[]> {
  const inputs: string[] = [];
  for (const [index, key] of row.inputs.entries()) {
    const object = await rt.media.get(key);
    if (!object) throw new EngineError(USER_TEXTS.UPLOAD_FAILED, `input ${key} is gone`);
    const file = path.join(workDir, `input-${index}.${extensionOf(object.format)}`);
    await rt.storage.downloadTo(key, file);
    inputs.push(file);
  }
  return inputs;
}

/**
 * Stores one output file; its media row is added to `records` (written with the run's success: settle.ts).
 * A file in the run's work folder is moved into storage (a rename on the local folder, no copy); the work
 * folder is emptied after the run anyway. One elsewhere (an engine answering a file it did not write) is
 * copied.
 */
async function storeFile(
  { rt, row, records, workDir }: Pick<OutputContext, 'rt' | 'row' | 'records' | 'workDir'>,
  output: EngineOutput,
  index: number,
  kind: 'result' | 'original',
): Promise<{ path: string; format: string }> {
  const ext = (path.extname(output.path).slice(1) || output.mime.split('/')[1] || 'bin').toLowerCase();
  const format = FORMAT_OF_EXT[ext] ?? ext;
  const key = `users/${row.user_id}/results/${row.id}/${row.run_id.slice(0, 8)}-${index}${kind === 'original' ? '-original' : ''}.${extensionOf(format)}`;
  const size = (await stat(output.path)).size;
  const ours = path.resolve(output.path).startsWith(path.resolve(workDir) + path.sep);
  await (ours ? rt.storage.moveFile(key, output.path, { contentType: output.mime }) : rt.storage.putFile(key, output.path, { contentType: output.mime }));
  records.push({
    path: key,
    userId: row.user_id,
    kind,
    media: output.media,
    format,
    mime: output.mime,
    size,
    width: output.width ?? 0,
    height: output.height ?? 0,
    duration: output.duration ?? 0,
    algorithm: row.algorithm,
    taskId: row.id,
  });
  return { path: key, format };
}

interface OutputContext {
  rt: WorkerRuntime;
  row: TaskRow;
  workDir: string;
  signal: AbortSignal;
  engineName: string;
  /** every stored key, so a failed run can remove them */
  stored: string[];
  /** the stored files' media rows, recorded with the run's success (or never, and the files removed) */
  records: NewMediaObject[];
}

/** A Free-plan visual output: the watermarked copy is the result, the original is kept privately. */
async function storeWatermarked({ rt, row, workDir, signal, engineName, stored, records }: OutputContext, output: EngineOutput, index: number): Promise<StoredOutput> {
  const markDir = path.join(workDir, `wm-${index}`);
  await mkdir(markDir, { recursive: true });
  const marked = await rt.engines.run(
    { taskId: row.id, algorithm: 'watermark', params: rt.config.watermarkText ? { text: rt.config.watermarkText } : {}, inputs: [output.path] } as EngineJob,
    { workDir: markDir, signal, onProgress: () => undefined },
  );
  const markedOutput = marked.outputs[0];
  const original = await storeFile({ rt, row, records, workDir }, output, index, 'original');
  stored.push(original.path);
  const size = { width: markedOutput.width ?? output.width, height: markedOutput.height ?? output.height, duration: markedOutput.duration ?? output.duration };
  const publicFile = await storeFile({ rt, row, records, workDir }, { ...markedOutput, ...size }, index, 'result');
  stored.push(publicFile.path);
  return {
    file_path: publicFile.path,
    original_path: original.path,
    media: output.media,
    mime: markedOutput.mime,
    format: publicFile.format,
    ...size,
    engine: engineName,
    watermarked: true,
  };
}

/** Stores every output of the engine's result; `onStored(index)` after each (the progress after the engine's share). */
export async function storeOutputs(
  context: Omit<OutputContext, 'engineName'>,
  result: EngineResult,
  onStored: (index: number) => void,
): Promise<StoredOutput[]> {
  const full: OutputContext = { ...context, engineName: result.metadata.engine };
  const outputs: StoredOutput[] = [];
  for (const [index, output] of result.outputs.entries()) {
    const visual = output.media === 'image' || output.media === 'video';
    if (context.row.watermark && visual) {
      outputs.push(await storeWatermarked(full, output, index));
    } else {
      const file = await storeFile(context, output, index, 'result');
      context.stored.push(file.path);
      outputs.push({
        file_path: file.path,
        media: output.media,
        mime: output.mime,
        format: file.format,
        width: output.width,
        height: output.height,
        duration: output.duration,
        engine: result.metadata.engine,
        watermarked: false,
      });
    }
    onStored(index);
  }
  return outputs;
}
