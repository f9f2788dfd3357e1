/**
 * Prompt helpers without a language model (none runs on this server; the answers say so):
 * - polish: a rule-based rewrite that tidies the prompt and appends style, camera and lighting terms
 *   chosen deterministically from its words (the same prompt always gets the same polish);
 * - img2prompt: a description of what can be measured in the picture: orientation and size, brightness,
 *   contrast, dominant colours, and faces found by the face detector of @vladmandic/face-api;
 * - the prompt categories and presets of /v1/prompt/category-and-presets.
 */
import sharp from 'sharp';
import type { PromptCategory } from 'shared-contracts';

export const POLISH_NOTE =
  'Rule-based polish: no language model runs on this server. The prompt was tidied and extended with style, camera and lighting terms chosen from its own words; the same prompt always gets the same result.';
export const IMG2PROMPT_NOTE =
  'Measured, not imagined: no captioning model runs on this server. The prompt describes the orientation, brightness, contrast and dominant colours of the picture and the faces the face detector found.';

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

const pick = <T>(list: readonly T[], seed: number, salt: number): T => list[(seed + salt * 7919) % list.length];

const THEMES: { words: RegExp; style: string[]; light: string[] }[] = [
  { words: /\b(night|city|neon|street|cyber|rain)\b/i, style: ['cinematic neo-noir', 'cyberpunk color grading'], light: ['neon reflections on wet ground', 'moody low-key lighting'] },
  { words: /\b(forest|mountain|lake|sea|ocean|beach|river|landscape|sky|sunset|sunrise)\b/i, style: ['epic landscape photography', 'National Geographic style'], light: ['golden hour light', 'soft atmospheric haze'] },
  { words: /\b(portrait|woman|man|girl|boy|face|person|child|people)\b/i, style: ['editorial portrait', 'natural skin texture'], light: ['soft window light', 'rim light separating the subject'] },
  { words: /\b(cat|dog|bird|animal|horse|fox|tiger|lion)\b/i, style: ['wildlife photography', 'fine fur detail'], light: ['soft daylight', 'catchlights in the eyes'] },
  { words: /\b(food|cake|coffee|dish|fruit|dessert)\b/i, style: ['food photography', 'appetising styling'], light: ['soft diffused top light', 'warm highlights'] },
  { words: /\b(space|planet|galaxy|star|nebula|astronaut)\b/i, style: ['sci-fi concept art', 'vast sense of scale'], light: ['starlight and glowing nebula', 'dramatic rim light'] },
  { words: /\b(anime|cartoon|manga|pixar|illustration)\b/i, style: ['clean line art', 'vibrant cel shading'], light: ['bright even lighting', 'soft bloom'] },
];
const GENERIC_STYLE = ['highly detailed', 'cinematic composition', 'rich textures', 'professional color grading'];
const CAMERA = ['35mm lens', '50mm lens, shallow depth of field', 'wide-angle shot', 'medium shot at eye level', 'slow dolly-in', 'low-angle shot'];
const QUALITY = ['sharp focus', '4k detail', 'crisp and clean', 'balanced composition'];

/** The rule-based polish (deterministic). */
export function polishPrompt(prompt: string): string {
  const clean = prompt.replace(/\s+/g, ' ').trim().replace(/[.,;:\s]+$/, '');
  if (!clean) return '';
  const seed = hash(clean.toLowerCase());
  const sentence = clean.charAt(0).toUpperCase() + clean.slice(1);
  const theme = THEMES.find((t) => t.words.test(clean));
  const existing = clean.toLowerCase();
  const terms = [
    theme ? pick(theme.style, seed, 1) : pick(GENERIC_STYLE, seed, 1),
    pick(CAMERA, seed, 2),
    theme ? pick(theme.light, seed, 3) : pick(['soft natural light', 'dramatic side lighting', 'golden hour light'], seed, 3),
    pick(QUALITY, seed, 4),
  ].filter((term) => !existing.includes(term.split(/[ ,]/)[0]));
  return `${sentence}, ${terms.join(', ')}`;
}

/** A colour's everyday name from its hue, saturation and lightness ("dark blue", "pale pink", "grey"). */
function colourName([r, g, b]: number[]): string {
  const max = Math.max(r, g, b) / 255;
  const min = Math.min(r, g, b) / 255;
  const l = (max + min) / 2;
  const d = max - min;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  if (s < 0.18 || d < 0.08) return l < 0.15 ? 'black' : l > 0.88 ? 'white' : 'grey';
  let h: number;
  const rn = r / 255;
  const gn = g / 255;
  const bn = b / 255;
  if (max === rn) h = ((gn - bn) / d) % 6;
  else if (max === gn) h = (bn - rn) / d + 2;
  else h = (rn - gn) / d + 4;
  h = (h * 60 + 360) % 360;
  const hue =
    h < 15 || h >= 345 ? 'red' : h < 40 ? 'orange' : h < 65 ? 'yellow' : h < 160 ? 'green' : h < 190 ? 'teal' : h < 250 ? 'blue' : h < 290 ? 'purple' : 'pink';
  const base = hue === 'orange' && l < 0.4 ? 'brown' : hue;
  return l < 0.3 ? `dark ${base}` : l > 0.75 ? `pale ${base}` : base;
}

export interface ImageFacts {
  width: number;
  height: number;
  orientation: 'landscape' | 'portrait' | 'square';
  brightness: number;
  contrast: number;
  colours: string[];
  faces: number;
}

/** Measures a picture; `countFaces` is the face detector (optional so the measure works without it). */
export async function measureImage(file: string, countFaces?: (file: string) => Promise<number>): Promise<ImageFacts> {
  const meta = await sharp(file).rotate().metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const { data } = await sharp(file).rotate().removeAlpha().resize(48, 48, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
  const counts = new Map<string, number>();
  let sum = 0;
  let sumSq = 0;
  const n = data.length / 3;
  for (let i = 0; i < data.length; i += 3) {
    const lum = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
    sum += lum;
    sumSq += lum * lum;
    const name = colourName([data[i], data[i + 1], data[i + 2]]);
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  const mean = sum / n;
  const contrast = Math.sqrt(Math.max(0, sumSq / n - mean * mean));
  const colours = [...counts.entries()]
    .filter(([, c]) => c / n >= 0.08)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([name]) => name);
  const ratio = width / Math.max(1, height);
  const faces = countFaces ? await countFaces(file).catch(() => 0) : 0;
  return {
    width,
    height,
    orientation: ratio > 1.05 ? 'landscape' : ratio < 0.95 ? 'portrait' : 'square',
    brightness: Math.round(mean),
    contrast: Math.round(contrast),
    colours,
    faces,
  };
}

export function describeImage(facts: ImageFacts): string {
  const light = facts.brightness > 170 ? 'bright, high-key' : facts.brightness > 110 ? 'evenly lit' : facts.brightness > 60 ? 'dim, moody' : 'dark, low-key';
  const contrast = facts.contrast > 70 ? 'high contrast' : facts.contrast > 35 ? 'moderate contrast' : 'soft, low contrast';
  const subject =
    facts.faces === 1 ? 'A portrait of one person' : facts.faces > 1 ? `A group of ${facts.faces} people` : 'A scene';
  const palette = facts.colours.length ? `dominated by ${facts.colours.join(', ')} tones` : 'with mixed colours';
  return `${subject}, ${facts.orientation} ${facts.width}x${facts.height} frame, ${light} image with ${contrast}, ${palette}`;
}

const CATEGORIES: Record<'video' | 'image' | 'audio', PromptCategory[]> = {
  video: [
    {
      id: 101,
      name: 'Cinematic',
      presets: [
        { id: 10101, title: 'City at night', prompt: 'A slow aerial shot over a rain-soaked city at night, neon signs reflecting on the streets' },
        { id: 10102, title: 'Desert road', prompt: 'A vintage car drives along an empty desert road at sunset, dust trailing behind it' },
        { id: 10103, title: 'Train window', prompt: 'View from a train window as snowy mountains and pine forests glide past' },
      ],
    },
    {
      id: 102,
      name: 'Nature',
      presets: [
        { id: 10201, title: 'Ocean waves', prompt: 'Turquoise waves rolling onto a white sand beach, seen from above' },
        { id: 10202, title: 'Forest morning', prompt: 'Sunbeams breaking through mist in an old forest at dawn, leaves gently moving' },
        { id: 10203, title: 'Northern lights', prompt: 'Green northern lights dancing over a frozen lake under a starry sky' },
      ],
    },
    {
      id: 103,
      name: 'Animation',
      presets: [
        { id: 10301, title: 'Paper boat', prompt: 'A paper boat sails down a rainy street gutter, stop-motion style' },
        { id: 10302, title: 'Robot garden', prompt: 'A small friendly robot waters flowers in a rooftop garden, soft pastel colours' },
      ],
    },
  ],
  image: [
    {
      id: 201,
      name: 'Portrait',
      presets: [
        { id: 20101, title: 'Studio portrait', prompt: 'Studio portrait of an elderly fisherman with a weathered face, soft window light' },
        { id: 20102, title: 'Street fashion', prompt: 'Street fashion photo of a young woman in a yellow raincoat on a Tokyo crosswalk' },
      ],
    },
    {
      id: 202,
      name: 'Landscape',
      presets: [
        { id: 20201, title: 'Alpine lake', prompt: 'Crystal-clear alpine lake surrounded by jagged peaks at golden hour' },
        { id: 20202, title: 'Lavender fields', prompt: 'Rows of lavender fields under a dramatic summer sky in Provence' },
      ],
    },
    {
      id: 203,
      name: 'Art styles',
      presets: [
        { id: 20301, title: 'Watercolour', prompt: 'Watercolour painting of a lighthouse on a rocky coast, loose brush strokes' },
        { id: 20302, title: 'Isometric', prompt: 'Isometric illustration of a cozy coffee shop with tiny people, clean vector style' },
        { id: 20303, title: 'Oil painting', prompt: 'Oil painting of a bowl of ripe peaches on a wooden table, Dutch still-life lighting' },
      ],
    },
  ],
  audio: [
    {
      id: 301,
      name: 'Moods',
      presets: [
        { id: 30101, title: 'Calm piano', prompt: 'Calm and gentle piano melody in C major, slow tempo, for relaxing evenings' },
        { id: 30102, title: 'Upbeat pop', prompt: 'Upbeat happy pop track with bright synths and a driving beat at 120 bpm' },
        { id: 30103, title: 'Epic strings', prompt: 'Epic cinematic strings building to a powerful climax in D minor' },
      ],
    },
    {
      id: 302,
      name: 'Genres',
      presets: [
        { id: 30201, title: 'Lo-fi', prompt: 'Lo-fi hip hop beat with soft electric piano and vinyl crackle, slow and chill' },
        { id: 30202, title: 'Acoustic folk', prompt: 'Warm acoustic folk guitar with light percussion, sunny afternoon feeling' },
      ],
    },
  ],
};

/** Categories and presets for an algorithm's media (video, image or music). */
export function presetsFor(category: 'video' | 'image' | 'audio' | 'check'): PromptCategory[] {
  return category === 'check' ? [] : CATEGORIES[category];
}
