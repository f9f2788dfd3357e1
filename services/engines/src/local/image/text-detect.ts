/**
 * Finding overlaid text and marks with OCR: Tesseract (tesseract.js 7, its LSTM English model from
 * `@tesseract.js-data/eng`, both Apache-2.0/MIT, shipped in npm, run in a worker thread). A photo is not a page,
 * so Tesseract reads it in sparse-text mode three times (the colour picture, contrast-stretched grey, and the
 * same inverted for light text: each finds words the others miss), keeps
 * only words it is sure of, grows each word along its line to the neighbours it read less surely (a caption's
 * other words), and drops anything on a face: the default selection is the text boxes found, never a face.
 */
import type { FaceBox } from '../../types';
import { detectFaces } from './face';
import type { RawImage } from './raw';
import { toSharp } from './raw';
import { ocrWorker } from '../models';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

export interface TextBox { x: number; y: number; w: number; h: number }

interface Word extends TextBox { text: string; conf: number; line: number }

/** longest side Tesseract reads (a 12 MP photo's text is large enough at this size; time grows with pixels) */
const READ_SIDE = 1600;
/** a word Tesseract is this sure of is text; lower-confidence words only join a line such a word started */
const SURE = 80;
const MARK = /[©®™]/;

function isWordLike(text: string): boolean {
  const t = text.trim();
  if (MARK.test(t)) return true;
  return (t.match(/[A-Za-z0-9]/g)?.length ?? 0) >= 2;
}

async function readWords(png: Buffer, scale: number, pass: number): Promise<Word[]> {
  const worker = await ocrWorker();
  const r = await worker.recognize(png, {}, { blocks: true });
  const words: Word[] = [];
  let line = 0;
  for (const b of r.data.blocks ?? []) {
    for (const p of b.paragraphs) {
      for (const l of p.lines) {
        line++;
        for (const w of l.words) {
          const { x0, y0, x1, y1 } = w.bbox;
          words.push({ text: w.text, conf: w.confidence, line: pass * 100000 + line, x: x0 / scale, y: y0 / scale, w: (x1 - x0) / scale, h: (y1 - y0) / scale });
        }
      }
    }
  }
  return words;
}

const overlap = (a: TextBox, b: TextBox) => M.max(0, M.min(a.x + a.w, b.x + b.w) - M.max(a.x, b.x)) * M.max(0, M.min(a.y + a.h, b.y + b.h) - M.max(a.y, b.y));

/** b continues the line of a: same band, similar height, a short gap away */
function sameLine(a: TextBox, b: TextBox): boolean {
  const band = M.min(a.y + a.h, b.y + b.h) - M.max(a.y, b.y);
  if (band < 0.5 * M.min(a.h, b.h)) return false;
  const ratio = b.h / a.h;
  if (ratio < 0.4 || ratio > 2.5) return false;
  const gap = b.x > a.x + a.w ? b.x - (a.x + a.w) : a.x > b.x + b.w ? a.x - (b.x + b.w) : 0;
  return gap < 2 * M.max(a.h, b.h);
}

function union(a: TextBox, b: TextBox): TextBox {
  const x = M.min(a.x, b.x);
  const y = M.min(a.y, b.y);
  return { x, y, w: M.max(a.x + a.w, b.x + b.w) - x, h: M.max(a.y + a.h, b.y + b.h) - y };
}

/** on a face or the head around it (hair, ears: the detector's box is the face alone) */
function onFace(b: TextBox, faces: FaceBox[]): boolean {
  return faces.some((f) => overlap(b, { x: f.x - f.width * 0.25, y: f.y - f.height * 0.25, w: f.width * 1.5, h: f.height * 1.5 }) > 0.15 * b.w * b.h);
}

/**
 * The text and marks Tesseract finds, as boxes in the picture's pixels (padded a little, so the fill covers
 * anti-aliased edges and outlines), none on a face. `faces` may be given when known.
 */
export async function detectTextRegions(img: RawImage, faces?: FaceBox[]): Promise<TextBox[]> {
  const { width: W, height: H } = img;
  // small pictures are read enlarged (up to twice): Tesseract misses letters under about 20 px
  const scale = M.min(2, READ_SIDE / M.max(W, H));
  const small = toSharp(img).resize(M.round(W * scale), M.round(H * scale));
  const [colour, plain, inverted] = await Promise.all([
    small.clone().withMetadata({ density: 150 }).png().toBuffer(),
    small.clone().grayscale().normalise().withMetadata({ density: 150 }).png().toBuffer(),
    small.clone().grayscale().normalise().negate({ alpha: false }).withMetadata({ density: 150 }).png().toBuffer(),
  ]);
  const words = [...(await readWords(colour, scale, 0)), ...(await readWords(plain, scale, 1)), ...(await readWords(inverted, scale, 2))].filter((w) => w.w > 1 && w.h > 1);
  const faceBoxes = faces ?? (await detectFaces(img)).map((f) => f.box);
  // sure words seed the lines; a less sure word joins when it continues a seeded line
  let lines: TextBox[] = words.filter((w) => w.conf >= SURE && isWordLike(w.text) && w.h < H * 0.25);
  const rest = words.filter((w) => !lines.includes(w) && w.h < H * 0.25 && w.conf >= 10);
  for (let grown = true; grown; ) {
    grown = false;
    for (let i = 0; i < rest.length; i++) {
      const k = lines.findIndex((l) => sameLine(l, rest[i]));
      if (k < 0) continue;
      lines[k] = union(lines[k], rest[i]);
      rest.splice(i--, 1);
      grown = true;
    }
  }
  // merge the boxes of one line (the two passes read the same words)
  for (let merged = true; merged; ) {
    merged = false;
    outer: for (let i = 0; i < lines.length; i++) {
      for (let j = i + 1; j < lines.length; j++) {
        if (overlap(lines[i], lines[j]) > 0 || sameLine(lines[i], lines[j])) {
          lines[i] = union(lines[i], lines[j]);
          lines.splice(j, 1);
          merged = true;
          break outer;
        }
      }
    }
  }
  lines = lines.filter((b) => !onFace(b, faceBoxes));
  return lines.map((b) => {
    const pad = M.max(2, M.round(b.h * 0.2));
    const x = M.max(0, M.floor(b.x - pad));
    const y = M.max(0, M.floor(b.y - pad));
    return { x, y, w: M.min(W, M.ceil(b.x + b.w + pad)) - x, h: M.min(H, M.ceil(b.y + b.h + pad)) - y };
  });
}

/** The boxes as a mask (one byte a pixel, 255 = remove). */
export function boxesMask(boxes: TextBox[], width: number, height: number): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (const b of boxes) for (let y = b.y; y < M.min(height, b.y + b.h); y++) mask.fill(255, y * width + b.x, y * width + M.min(width, b.x + b.w));
  return mask;
}
