/**
 * TensorFlow.js on the WebAssembly backend (tfjs-node cannot install here). Initialised once per process;
 * models load from files shipped in npm packages (or vendored under models/), never from the network.
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
