/**
 * The free-plan watermark: a logo mark and the product name drawn with a built-in 5x7 pixel font (no system
 * fonts are needed, so it looks the same on every machine), white with a dark outline, semi-transparent.
 */
import { PRODUCT_NAME } from 'shared-contracts';
import sharp from 'sharp';

const FONT: Record<string, string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01111', '10000', '10000', '10000', '10000', '10000', '01111'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01111', '10000', '10000', '10011', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['11111', '00100', '00100', '00100', '00100', '00100', '11111'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '11001', '10101', '10011', '10001', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11110', '00001', '00001', '01110', '00001', '00001', '11110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  '.': ['00000', '00000', '00000', '00000', '00000', '01100', '01100'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
};

/** the product's one name (shared-contracts), as the mark on free-plan results */
const DEFAULT_WATERMARK_TEXT = PRODUCT_NAME.toUpperCase();

/** An SVG of the text in the pixel font, `cell` px per font pixel. */
function textSvgBody(text: string, cell: number, x0: number, y0: number, fill: string): string {
  const parts: string[] = [];
  let x = x0;
  for (const ch of text.toUpperCase()) {
    const g = FONT[ch] ?? FONT[' '];
    g.forEach((row, gy) => {
      for (let gx = 0; gx < 5; gx++) {
        if (row[gx] === '1') parts.push(`<rect x="${x + gx * cell}" y="${y0 + gy * cell}" width="${cell}" height="${cell}" fill="${fill}"/>`);
      }
    });
    x += 6 * cell;
  }
  return parts.join('');
}

/**
 * A PNG (with alpha) of the watermark sized for a frame of `frameWidth` x `frameHeight`: about a quarter of
 * the frame's width, to be placed at the bottom-right corner with a margin.
 */
export async function watermarkPng(frameWidth: number, frameHeight: number, text = DEFAULT_WATERMARK_TEXT): Promise<{ png: Buffer; width: number; height: number; margin: number }> {
  const clean = text.toUpperCase().replace(/[^A-Z0-9 .-]/g, '').slice(0, 32) || DEFAULT_WATERMARK_TEXT;
  const targetWidth = Math.max(60, Math.round(Math.min(frameWidth * 0.32, frameHeight * 0.9)));
  const unitsWide = 9 + clean.length * 6; // logo (7 + 2 gap) + glyphs
  const cell = Math.max(1, Math.floor(targetWidth / unitsWide));
  const pad = cell;
  const width = unitsWide * cell + pad * 2;
  const height = 7 * cell + pad * 2;
  const logo = `<rect x="${pad}" y="${pad}" width="${7 * cell}" height="${7 * cell}" rx="${1.5 * cell}" fill="#ffffff"/>` +
    `<path d="M${pad + 2.4 * cell},${pad + 1.6 * cell} L${pad + 5.4 * cell},${pad + 3.5 * cell} L${pad + 2.4 * cell},${pad + 5.4 * cell} Z" fill="#222"/>`;
  const shadow = textSvgBody(clean, cell, pad + 9 * cell + Math.max(1, cell / 3), pad + Math.max(1, cell / 3), '#000');
  const body = textSvgBody(clean, cell, pad + 9 * cell, pad, '#fff');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><g opacity="0.72"><rect width="${width}" height="${height}" rx="${cell * 1.5}" fill="#000" opacity="0.25"/>${logo}<g opacity="0.6">${shadow}</g>${body}</g></svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return { png, width, height, margin: Math.max(4, Math.round(Math.min(frameWidth, frameHeight) * 0.025)) };
}
