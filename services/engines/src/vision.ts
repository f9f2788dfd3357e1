/**
 * `@studio/engines/vision`: what the local models find in a picture or a clip (faces, text and marks) and the
 * watermark mark. It loads tfjs (the models load on first use): the API imports it lazily.
 */
import { detectFaces } from './local/image/face';
import { readRgb } from './local/image/raw';
import { detectTextRegions, type TextBox } from './local/image/text-detect';

export { readRgb, detectFaces, detectTextRegions, type TextBox };
export { releaseOcr } from './local/models';
export { videoHasFace } from './local/video/talking';
export { watermarkPng } from './local/image/watermark-mark';

/** How many faces a picture (a file or its bytes) shows. */
export async function countFaces(file: string | Buffer): Promise<number> {
  return (await detectFaces(await readRgb(file))).length;
}

/** The text and watermark boxes of a picture, at most `max` of them (a starting mask for the text remover). */
export async function textRegionsIn(file: string | Buffer, max = 50): Promise<TextBox[]> {
  return (await detectTextRegions(await readRgb(file))).slice(0, max);
}
