/** Deterministic reading of a prompt: seed, random numbers, words, colours. */


/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;
/** FNV-1a 32-bit */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = M.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast, deterministic */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = M.imul(t ^ (t >>> 15), t | 1);
    t ^= t + M.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedFor(prompt: string, seed?: number): number {
  return hash32(`${prompt.trim().toLowerCase()}#${seed ?? 0}`);
}

export function words(prompt: string): string[] {
  return prompt
    .toLowerCase()
    .split(/[^a-z0-9\u00c0-\u024f]+/)
    .filter(Boolean);
}

export type Rgb = [number, number, number];

function hsl(h: number, s: number, l: number): Rgb {
  h = ((h % 360) + 360) % 360;
  const c = (1 - M.abs(2 * l - 1)) * s;
  const x = c * (1 - M.abs(((h / 60) % 2) - 1));
  const m = l - c / 2;
  const [r, g, b] =
    h < 60 ? [c, x, 0] : h < 120 ? [x, c, 0] : h < 180 ? [0, c, x] : h < 240 ? [0, x, c] : h < 300 ? [x, 0, c] : [c, 0, x];
  return [M.round((r + m) * 255), M.round((g + m) * 255), M.round((b + m) * 255)];
}

export function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((v) => M.max(0, M.min(255, M.round(v))).toString(16).padStart(2, '0')).join('')}`;
}

/** hue (degrees), saturation, lightness hints of words found in prompts */
const COLOUR_WORDS: Record<string, [number, number, number]> = {
  red: [0, 0.8, 0.5], crimson: [348, 0.8, 0.42], scarlet: [8, 0.9, 0.5], rose: [340, 0.6, 0.7], pink: [330, 0.7, 0.75],
  orange: [28, 0.9, 0.55], amber: [40, 0.9, 0.55], gold: [45, 0.85, 0.55], golden: [45, 0.85, 0.55], yellow: [54, 0.9, 0.6],
  lime: [90, 0.7, 0.55], green: [120, 0.55, 0.4], emerald: [145, 0.7, 0.4], forest: [130, 0.45, 0.28], jungle: [125, 0.6, 0.3],
  teal: [175, 0.6, 0.38], cyan: [185, 0.8, 0.5], turquoise: [174, 0.7, 0.5], aqua: [180, 0.7, 0.6],
  blue: [215, 0.75, 0.5], azure: [205, 0.8, 0.6], ocean: [205, 0.7, 0.4], sea: [200, 0.65, 0.42], sky: [200, 0.7, 0.7],
  navy: [225, 0.6, 0.25], indigo: [250, 0.6, 0.35], violet: [275, 0.6, 0.55], purple: [280, 0.55, 0.45], lavender: [260, 0.5, 0.78],
  magenta: [305, 0.8, 0.5], brown: [25, 0.45, 0.32], wood: [28, 0.45, 0.35], desert: [35, 0.55, 0.62], sand: [40, 0.5, 0.7],
  white: [0, 0, 0.95], snow: [210, 0.2, 0.93], ice: [195, 0.4, 0.85], winter: [205, 0.3, 0.82], black: [0, 0, 0.07],
  grey: [0, 0, 0.5], gray: [0, 0, 0.5], silver: [210, 0.08, 0.72], night: [235, 0.5, 0.14], dark: [240, 0.3, 0.12],
  sunset: [18, 0.85, 0.55], sunrise: [35, 0.85, 0.65], dawn: [25, 0.6, 0.7], dusk: [280, 0.4, 0.35], fire: [15, 0.95, 0.5],
  lava: [10, 0.95, 0.45], neon: [300, 1, 0.55], cyberpunk: [290, 0.9, 0.5], autumn: [25, 0.75, 0.45], spring: [100, 0.55, 0.65],
  summer: [48, 0.8, 0.6], mountain: [220, 0.2, 0.45], space: [250, 0.5, 0.1], galaxy: [265, 0.6, 0.25], moon: [220, 0.15, 0.8],
  cherry: [345, 0.7, 0.72], blossom: [335, 0.6, 0.82], coffee: [25, 0.45, 0.28], chocolate: [20, 0.5, 0.25], mint: [150, 0.5, 0.75],
};

export interface PromptPalette {
  colours: Rgb[];
  /** words of the prompt that set colours */
  colourWords: string[];
  dark: boolean;
}

/** A palette of five colours from the prompt's colour words, filled in deterministically from the seed. */
export function paletteFor(prompt: string, seed: number): PromptPalette {
  const r = rng(seed);
  const ws = words(prompt);
  const hits = ws.filter((w) => COLOUR_WORDS[w]);
  const base: [number, number, number][] = hits.map((w) => COLOUR_WORDS[w]);
  const dark = ws.some((w) => ['night', 'dark', 'space', 'galaxy', 'midnight', 'noir', 'horror', 'shadow'].includes(w));
  if (base.length === 0) base.push([r() * 360, 0.55 + r() * 0.3, 0.5]);
  const colours: Rgb[] = [];
  // the seed turns the whole palette a little, so one prompt's images differ in colour as well as layout
  const turn = (r() - 0.5) * 36;
  for (let i = 0; colours.length < 5; i++) {
    const [h0, s, l] = base[i % base.length];
    const h = h0 + turn;
    const jitter = i < base.length ? 0 : (r() - 0.5) * 50 + (i % 2 ? 30 : -30);
    const light = dark ? M.min(l, 0.45) * (0.5 + r() * 0.7) : M.max(0.12, M.min(0.88, l + (r() - 0.5) * 0.35));
    colours.push(hsl(h + jitter, M.min(1, s * (0.8 + r() * 0.3)), light));
  }
  return { colours, colourWords: hits, dark };
}

export function mix(a: Rgb, b: Rgb, t: number): Rgb {
  return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
}

export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

type TimeOfDay = 'day' | 'golden' | 'night' | 'dawn';
type Weather = 'clear' | 'snow' | 'rain' | 'fog' | 'cloudy';

export interface PromptScene {
  time: TimeOfDay;
  weather: Weather;
  /** the prompt words that decided time and weather */
  hits: string[];
}

const TIME_WORDS: [TimeOfDay, string[]][] = [
  ['night', ['night', 'midnight', 'nighttime', 'moonlight', 'moonlit', 'starry', 'stars', 'dark', 'noir']],
  ['golden', ['sunset', 'dusk', 'evening', 'twilight', 'golden', 'sundown']],
  ['dawn', ['dawn', 'sunrise', 'morning', 'daybreak']],
  ['day', ['noon', 'midday', 'daylight', 'sunny', 'day', 'afternoon']],
];
const WEATHER_WORDS: [Weather, string[]][] = [
  ['snow', ['snow', 'snowy', 'snowing', 'snowfall', 'blizzard', 'winter', 'frost', 'frozen', 'icy']],
  ['rain', ['rain', 'rainy', 'raining', 'storm', 'stormy', 'drizzle', 'thunderstorm', 'downpour']],
  ['fog', ['fog', 'foggy', 'mist', 'misty', 'haze', 'hazy', 'smoke']],
  ['cloudy', ['cloud', 'clouds', 'cloudy', 'overcast', 'grey', 'gray']],
];

/**
 * Time of day and weather as the prompt says them; where it says nothing, the seed picks (so two runs
 * of one prompt can differ in light as well as layout).
 */
export function sceneOf(prompt: string, seed: number): PromptScene {
  const ws = words(prompt);
  const r = rng(seed ^ 0x7f4a7c15);
  const hits: string[] = [];
  const find = <T>(table: [T, string[]][]): T | null => {
    for (const [value, list] of table) {
      const hit = ws.find((w) => list.includes(w));
      if (hit) {
        hits.push(hit);
        return value;
      }
    }
    return null;
  };
  const time = find(TIME_WORDS) ?? (['day', 'day', 'golden', 'dawn', 'night'] as const)[M.floor(r() * 5)];
  const weather = find(WEATHER_WORDS) ?? (r() < 0.25 ? 'cloudy' : 'clear');
  return { time, weather, hits };
}

/** A fresh random seed for a task that was given none (fits the catalogue's 0..2^31-1). */
