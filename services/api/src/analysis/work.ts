/**
 * The worker's side of the analysis jobs (queue.ts): each runs on the engines' public entries, its input read
 * from storage into a folder of its own and removed after. Started by the task worker (tasks/worker.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type PgBoss from 'pg-boss';
import type { StorageAdapter } from '../modules/storage/adapter.js';
import { ANALYSIS_QUEUE, analysisSignals, ensureAnalysisQueue, type AnalysisCalls, type AnalysisJobData, type AnalysisKind } from './queue.js';

type Handlers = { [K in AnalysisKind]: (input: AnalysisCalls[K]['input'], dir: string) => Promise<AnalysisCalls[K]['output']> };

function handlersFor(storage: StorageAdapter): Handlers {
  const fetchInput = async (key: string, dir: string) => {
    const file = path.join(dir, 'input');
    await storage.downloadTo(key, file);
    return file;
  };
  return {
    async faces({ key }, dir) {
      const { countFaces } = await import('@studio/engines/vision');
      return { faces: await countFaces(await fetchInput(key, dir)) };
    },
    async 'text-regions'({ key, max }, dir) {
      const { textRegionsIn } = await import('@studio/engines/vision');
      return { regions: await textRegionsIn(await fetchInput(key, dir), max) };
    },
    async 'voice-sample'({ voice, text, key }, dir) {
      const { speak } = await import('@studio/engines/speech');
      const out = path.join(dir, 'sample.wav');
      await speak(text, out, { voice });
      await storage.putFile(key, out, { contentType: 'audio/wav' });
      return { key };
    },
    async 'speech-seconds'({ text, voice }) {
      const { speechSeconds } = await import('@studio/engines/speech');
      return { seconds: await speechSeconds(text, voice) };
    },
    async 'video-face'({ key }, dir) {
      const { videoHasFace } = await import('@studio/engines/vision');
      return { face: await videoHasFace(await fetchInput(key, dir)) };
    },
  };
}

/** Runs one job on its handler, in a folder of its own. */
async function runAnalysis(storage: StorageAdapter, data: AnalysisJobData): Promise<object> {
  const handlers = handlersFor(storage);
  const dir = await mkdtemp(path.join(os.tmpdir(), `analysis-${data.kind}-`));
  try {
    const handler = handlers[data.kind] as (input: AnalysisJobData['input'], dir: string) => Promise<object>;
    return await handler(data.input, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface AnalysisWorker {
  stop(): Promise<void>;
}

/** Takes analysis jobs on `boss` (started), one at a time, woken at once by jobs sent in this process. */
export async function startAnalysisWorker(boss: PgBoss, storage: StorageAdapter): Promise<AnalysisWorker> {
  await ensureAnalysisQueue(boss);
  const id = await boss.work<AnalysisJobData>(ANALYSIS_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async ([job]) => runAnalysis(storage, job.data));
  const wake = () => boss.notifyWorker(id);
  analysisSignals.on('sent', wake);
  return {
    async stop() {
      analysisSignals.off('sent', wake);
      await boss.offWork(ANALYSIS_QUEUE).catch(() => undefined);
    },
  };
}
