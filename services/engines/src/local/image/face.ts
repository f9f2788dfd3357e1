/** Faces and their 68 landmarks with @vladmandic/face-api (SSD MobileNet v1 + landmark net) on tfjs wasm. */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { faceApiReady } from '../models';
import { withTf } from '../tf';
import type { RawImage } from './raw';
import type { FaceLandmarks } from '../../types';

const DETECT_MAX = 1024;

/** the last few answers, by picture content: a face check and the task after it, or identical video frames */
const cache = new Map<string, FaceLandmarks[]>();
const CACHE_SIZE = 16;

export async function detectFaces(img: RawImage, minConfidence = 0.5): Promise<FaceLandmarks[]> {
  const key = `${img.width}x${img.height}:${minConfidence}:${createHash('sha1').update(img.data).digest('hex')}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const found = await detect(img, minConfidence);
  cache.set(key, found);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  return found;
}

function detect(img: RawImage, minConfidence: number): Promise<FaceLandmarks[]> {
  return withTf(async (tf) => {
    const api = await faceApiReady();
    const scale = Math.min(1, DETECT_MAX / Math.max(img.width, img.height));
    const w = Math.round(img.width * scale);
    const h = Math.round(img.height * scale);
    const data = scale === 1
      ? img.data
      : await sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } }).resize(w, h).raw().toBuffer();
    const input = tf.tensor3d(new Int32Array(data), [h, w, 3], 'int32');
    try {
      const found = await api
        .detectAllFaces(input as unknown as Parameters<typeof api.detectAllFaces>[0], new api.SsdMobilenetv1Options({ minConfidence, maxResults: 10 }))
        .withFaceLandmarks();
      return found
        .map((f) => {
          const b = f.detection.box;
          return {
            box: { x: b.x / scale, y: b.y / scale, width: b.width / scale, height: b.height / scale },
            score: f.detection.score,
            landmarks: f.landmarks.positions.map((p) => [p.x / scale, p.y / scale] as [number, number]),
          };
        })
        .sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
    } finally {
      input.dispose();
    }
  });
}
