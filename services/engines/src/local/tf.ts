/**
 * TensorFlow.js on the WebAssembly backend (tfjs-node cannot install here). Initialised on first use and
 * released after a minute with no tfjs work in flight (`withTf`, `releaseTf`); models load from files shipped
 * in npm packages (or vendored under models/), never from the network.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setThreadsCount } from '@tensorflow/tfjs-backend-wasm';

let ready: Promise<typeof tf> | null = null;

export function tfReady(): Promise<typeof tf> {
  ready ??= (async () => {
    try {
      setThreadsCount(1);
    } catch {
      /* only matters for the threaded build */
    }
    // the wasm files are read from the package's dist folder (no CDN)
    await tf.setBackend('wasm');
    await tf.ready();
    tf.enableProdMode();
    return tf;
  })();
  return ready;
}

/**
 * How long tfjs stays loaded with no work in flight. WebAssembly memory only grows (ESRGAN x4 alone takes it to
 * ~100 MB, all models to ~250 MB), so after this the models and the wasm backend are dropped and the next use
 * loads them again (a few seconds), as the OCR worker thread and the ISNet process are ended (models.ts).
 */
const TF_IDLE_MS = 60_000;
let idleMs = TF_IDLE_MS;

/** Sets the idle time before tfjs is released (tests); taken when the next tfjs call ends. */
export function setTfIdleMs(ms: number): void {
  idleMs = ms;
}

let inUse = 0;
let idle: NodeJS.Timeout | null = null;
const releasers = new Set<() => void>();

/** Runs `fn` with tfjs ready and held: the idle release never runs while any such call is in flight. */
export async function withTf<T>(fn: (t: typeof tf) => Promise<T>): Promise<T> {
  inUse++;
  if (idle) clearTimeout(idle);
  idle = null;
  try {
    return await fn(await tfReady());
  } finally {
    inUse--;
    if (inUse === 0 && ready) {
      idle = setTimeout(releaseWhenIdle, idleMs);
      idle.unref();
    }
  }
}

/** `fn` drops what it loaded on tfjs (models), synchronously, when tfjs is released. */
export function onTfRelease(fn: () => void): void {
  releasers.add(fn);
}

/** what the wasm kernels bind to between a release and the next backend: nothing runs on it */
const released = {
  wasm: {
    cwrap: () => () => {
      throw new Error('the tfjs wasm backend was released');
    },
  },
} as unknown as tf.KernelBackend;
/** the priority `@tensorflow/tfjs-backend-wasm` registers its backend with */
const WASM_PRIORITY = 2;

/**
 * Drops everything tfjs holds (models, then the wasm backend and its WebAssembly instance) when nothing is in
 * flight; returns whether it did. The backend's factory stays registered, so the next `tfReady()` starts afresh.
 */
export function releaseTf(): boolean {
  if (idle) clearTimeout(idle);
  idle = null;
  if (inUse > 0 || !ready) return false;
  ready = null;
  for (const release of releasers) release();
  // removeBackend disposes the backend and also forgets its factory: register the same factory again (whatever
  // the removal did, so the next tfReady() can always start a backend)
  const factory = tf.findBackendFactory('wasm');
  try {
    tf.removeBackend('wasm');
  } finally {
    if (factory && !tf.findBackendFactory('wasm')) tf.registerBackend('wasm', factory, WASM_PRIORITY);
  }
  // Each wasm kernel keeps the functions it bound on the last backend (`backend.wasm.cwrap(...)`, in module
  // variables), and they hold that backend's WebAssembly instance and memory alive until a new backend binds
  // them again. Binding them to a placeholder now lets the old instance be collected.
  // (Every setupFunc of @tensorflow/tfjs-backend-wasm 4.11 only binds; should one ever fail, the old instance
  // stays until the next use rebinds them, as before this release existed: never a crash from a timer.)
  try {
    for (const kernel of tf.getKernelsForBackend('wasm')) kernel.setupFunc?.(released);
  } catch {
    /* see above */
  }
  return true;
}

/**
 * The idle timer's release. A release that fails leaves what it had not dropped held until the next use, as
 * before releases existed; it never throws out of a timer (which would end the worker, or, under jest, fail
 * whichever test file runs when a timer left by an earlier one fires).
 */
function releaseWhenIdle(): void {
  try {
    releaseTf();
  } catch {
    /* see above */
  }
}

interface ModelJson {
  modelTopology: unknown;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: unknown;
  userDefinedMetadata?: Record<string, unknown>;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

/** An IOHandler reading a tfjs model.json and its weight shards from disk. */
export function fileHandler(modelJsonPath: string): tf.io.IOHandler {
  return {
    load: async () => {
      const json = JSON.parse(await readFile(modelJsonPath, 'utf8')) as ModelJson;
      const dir = dirname(modelJsonPath);
      const specs: tf.io.WeightsManifestEntry[] = [];
      const buffers: Buffer[] = [];
      for (const group of json.weightsManifest) {
        specs.push(...group.weights);
        for (const p of group.paths) buffers.push(await readFile(join(dir, p)));
      }
      const all = Buffer.concat(buffers);
      const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
      return {
        modelTopology: json.modelTopology as tf.io.ModelArtifacts['modelTopology'],
        format: json.format,
        generatedBy: json.generatedBy,
        convertedBy: json.convertedBy,
        signature: json.signature as tf.io.ModelArtifacts['signature'],
        userDefinedMetadata: json.userDefinedMetadata as tf.io.ModelArtifacts['userDefinedMetadata'],
        weightSpecs: specs,
        weightData,
      };
    },
  };
}

export { tf };
