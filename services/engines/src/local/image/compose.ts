/**
 * A procedural composition from a prompt: the scene kind, palette, shapes and their placement all derive
 * from the prompt's words and the seed. Two SVG layers (background, foreground with transparency) so the
 * video engines can move them at different speeds (parallax). No generative model runs here.
 */
import { hex, mix, paletteFor, rng, sceneOf, words, type PromptScene, type Rgb } from '../prompt';

type SceneKind = 'landscape' | 'seascape' | 'space' | 'city' | 'abstract';

export interface Composition {
  width: number;
  height: number;
  scene: SceneKind;
  palette: Rgb[];
  background: string;
  foreground: string;
  /** time of day and weather (from the prompt, else from the seed) */
  light: PromptScene;
  /** the prompt words that shaped the picture */
  drivers: string[];
}

const SCENE_WORDS: Record<Exclude<SceneKind, 'abstract'>, string[]> = {
  space: ['space', 'galaxy', 'stars', 'star', 'planet', 'nebula', 'cosmos', 'universe', 'astronaut', 'moon'],
  seascape: ['sea', 'ocean', 'beach', 'lake', 'water', 'wave', 'waves', 'river', 'island', 'boat', 'coast', 'harbor'],
  city: ['city', 'cyberpunk', 'street', 'building', 'buildings', 'skyline', 'town', 'urban', 'tokyo', 'downtown', 'neon'],
  landscape: ['mountain', 'mountains', 'landscape', 'valley', 'hill', 'hills', 'forest', 'desert', 'field', 'meadow', 'canyon', 'sunset', 'sunrise', 'trees', 'tree'],
};

function sceneFor(ws: string[], seed = 0, outdoors = false): { scene: SceneKind; hits: string[] } {
  // no scene word: the seed picks one (weather or a time of day means outdoors)
  const pick = rng(seed ^ 0x3c6ef372)();
  let best: SceneKind = outdoors ? (pick < 0.7 ? 'landscape' : 'seascape') : pick < 0.45 ? 'landscape' : pick < 0.65 ? 'seascape' : 'abstract';
  let bestHits: string[] = [];
  for (const kind of ['space', 'seascape', 'city', 'landscape'] as const) {
    const hits = ws.filter((w) => SCENE_WORDS[kind].includes(w));
    if (hits.length > bestHits.length) {
      best = kind;
      bestHits = hits;
    }
  }
  return { scene: best, hits: bestHits };
}

const f = (n: number) => n.toFixed(1);

function ridge(r: () => number, w: number, h: number, baseY: number, rough: number, colour: string, opacity = 1): string {
  const steps = 48;
  const pts: string[] = [];
  // value noise from a few octaves of random control points
  const octaves = [4, 9, 21].map((n) => Array.from({ length: n + 1 }, () => r()));
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    let y = 0;
    octaves.forEach((o, k) => {
      const x = t * (o.length - 1);
      const i0 = Math.floor(x);
      const fr = x - i0;
      const s = fr * fr * (3 - 2 * fr);
      y += ((o[i0] * (1 - s) + (o[Math.min(o.length - 1, i0 + 1)] ?? 0) * s) - 0.5) / (k + 1) ** 1.3;
    });
    pts.push(`${f(t * w)},${f(baseY + y * rough * h)}`);
  }
  return `<path d="M0,${h} L${pts.join(' L')} L${w},${h} Z" fill="${colour}" opacity="${opacity}"/>`;
}

/** Falling snow, rain streaks, fog bands or low clouds over the scene. */
function weatherLayer(light: PromptScene, r: () => number, w: number, h: number, night: boolean): string[] {
  const out: string[] = [];
  const minSide = Math.min(w, h);
  if (light.weather === 'snow') {
    const n = 160 + Math.floor(r() * 160);
    for (let i = 0; i < n; i++) {
      out.push(`<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="${f(minSide * (0.002 + r() * r() * 0.008))}" fill="#fff" opacity="${(0.55 + r() * 0.45).toFixed(2)}"/>`);
    }
  } else if (light.weather === 'rain') {
    const slant = (r() - 0.5) * 0.5;
    const n = 140 + Math.floor(r() * 120);
    for (let i = 0; i < n; i++) {
      const x = r() * w;
      const y = r() * h;
      const len = minSide * (0.03 + r() * 0.05);
      out.push(`<line x1="${f(x)}" y1="${f(y)}" x2="${f(x + len * slant)}" y2="${f(y + len)}" stroke="${night ? '#9fb3d1' : '#e8eef7'}" stroke-width="${f(1 + r())}" opacity="${(0.25 + r() * 0.35).toFixed(2)}"/>`);
    }
  } else if (light.weather === 'fog') {
    for (let i = 0; i < 6; i++) {
      const y = h * (0.35 + i * 0.11 + r() * 0.05);
      out.push(`<rect x="${f(-w * 0.1)}" y="${f(y)}" width="${f(w * 1.2)}" height="${f(h * (0.08 + r() * 0.08))}" rx="${f(h * 0.05)}" fill="${night ? '#8891a3' : '#f2f4f7'}" opacity="${(0.3 + r() * 0.25).toFixed(2)}" filter="url(#soft)"/>`);
    }
  } else if (light.weather === 'cloudy') {
    for (let i = 0; i < 7; i++) {
      out.push(`<ellipse cx="${f(r() * w)}" cy="${f(h * (0.05 + r() * 0.25))}" rx="${f(minSide * (0.2 + r() * 0.25))}" ry="${f(minSide * (0.05 + r() * 0.05))}" fill="${night ? '#3b4150' : '#f5f6f8'}" opacity="${(0.45 + r() * 0.3).toFixed(2)}" filter="url(#soft)"/>`);
    }
  }
  return out;
}

/** What a scene's painter reads (the colours, the light, the prompt's words) and the two layers it draws into. */
interface SceneContext {
  r: () => number;
  w: number;
  h: number;
  minSide: number;
  pal: ReturnType<typeof paletteFor>;
  c0: Rgb;
  c2: Rgb;
  c3: Rgb;
  c4: Rgb;
  skyBottom: Rgb;
  sunTint: Rgb;
  light: PromptScene;
  ws: string[];
  bg: string[];
  fg: string[];
}

/** Nebulae, stars and a planet with its glow (and sometimes a ring). */
function drawSpace({ r, w, h, minSide, pal, c3, c4, bg, fg }: SceneContext): void {
  for (let i = 0; i < 6; i++) {
    const col = hex(pal.colours[i % 5]);
    bg.push(`<ellipse cx="${f(r() * w)}" cy="${f(r() * h)}" rx="${f(minSide * (0.15 + r() * 0.3))}" ry="${f(minSide * (0.08 + r() * 0.2))}" fill="${col}" opacity="${(0.25 + r() * 0.3).toFixed(2)}" filter="url(#soft)"/>`);
  }
  const stars = 120 + Math.floor(r() * 160);
  for (let i = 0; i < stars; i++) {
    bg.push(`<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="${f(0.5 + r() * r() * 2.2)}" fill="#fff" opacity="${(0.4 + r() * 0.6).toFixed(2)}"/>`);
  }
  const pr = minSide * (0.12 + r() * 0.14);
  const px = w * (0.25 + r() * 0.5);
  const py = h * (0.3 + r() * 0.4);
  fg.push(`<circle cx="${f(px)}" cy="${f(py)}" r="${f(pr * 1.6)}" fill="url(#glow)"/>`);
  fg.push(`<circle cx="${f(px)}" cy="${f(py)}" r="${f(pr)}" fill="${hex(c3)}"/>`);
  fg.push(`<circle cx="${f(px + pr * 0.35)}" cy="${f(py - pr * 0.3)}" r="${f(pr * 0.95)}" fill="${hex(mix(c3, [0, 0, 0], 0.45))}" opacity="0.55"/>`);
  if (r() > 0.4) fg.push(`<ellipse cx="${f(px)}" cy="${f(py)}" rx="${f(pr * 1.9)}" ry="${f(pr * 0.35)}" fill="none" stroke="${hex(c4)}" stroke-width="${f(pr * 0.08)}" opacity="0.8" transform="rotate(${f(-20 + r() * 40)} ${f(px)} ${f(py)})"/>`);
}

/** A sun on the horizon, a far coast, the sea with glints, sometimes a boat. */
function drawSeascape({ r, w, h, minSide, c0, c2, c3, skyBottom, sunTint, ws, bg, fg }: SceneContext): void {
  const horizon = h * (0.45 + r() * 0.15);
  const sunX = w * (0.2 + r() * 0.6);
  bg.push(`<circle cx="${f(sunX)}" cy="${f(horizon - minSide * 0.05)}" r="${f(minSide * 0.22)}" fill="url(#glow)"/>`);
  bg.push(`<circle cx="${f(sunX)}" cy="${f(horizon - minSide * 0.05)}" r="${f(minSide * 0.08)}" fill="${hex(mix(sunTint, [255, 250, 220], 0.5))}"/>`);
  bg.push(ridge(r, w, h, horizon - h * 0.03, 0.08, hex(mix(c3, skyBottom, 0.5)), 0.8));
  const sea0 = mix(c0, [10, 40, 80], 0.5);
  bg.push(`<rect x="0" y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${hex(sea0)}"/>`);
  for (let i = 0; i < 40; i++) {
    const y = horizon + (h - horizon) * (i / 40) ** 1.6;
    const len = w * (0.05 + r() * 0.25) * (1 + i / 20);
    const x = r() * w;
    fg.push(`<rect x="${f(x - len / 2)}" y="${f(y)}" width="${f(len)}" height="${f(1 + i / 8)}" rx="2" fill="${hex(mix(c2, [255, 255, 255], 0.5))}" opacity="${(0.15 + r() * 0.35).toFixed(2)}"/>`);
  }
  if (ws.includes('boat') || r() > 0.6) {
    const bx = w * (0.15 + r() * 0.7);
    const by = horizon + (h - horizon) * 0.25;
    const s = minSide * 0.06;
    fg.push(`<path d="M${f(bx - s)},${f(by)} L${f(bx + s)},${f(by)} L${f(bx + s * 0.7)},${f(by + s * 0.35)} L${f(bx - s * 0.7)},${f(by + s * 0.35)} Z" fill="#1a1a22"/><path d="M${f(bx)},${f(by - s * 1.4)} L${f(bx)},${f(by)} L${f(bx + s * 0.8)},${f(by)} Z" fill="#f4f0e8"/>`);
  }
}

/** Two rows of towers (lit windows in the front row) against a glow. */
function drawCity({ r, w, h, minSide, c2, c3, c4, skyBottom, bg, fg }: SceneContext): void {
  const base = h * 0.8;
  bg.push(`<circle cx="${f(w * (0.2 + r() * 0.6))}" cy="${f(h * 0.25)}" r="${f(minSide * 0.25)}" fill="url(#glow)"/>`);
  for (const layer of [0, 1]) {
    let x = -r() * 40;
    const col = layer === 0 ? mix(c3, skyBottom, 0.55) : mix(c4, [10, 10, 20], 0.65);
    const out = layer === 0 ? bg : fg;
    while (x < w) {
      const bw = minSide * (0.05 + r() * 0.09);
      const bh = h * (layer === 0 ? 0.25 + r() * 0.4 : 0.15 + r() * 0.35);
      out.push(`<rect x="${f(x)}" y="${f(base - bh)}" width="${f(bw)}" height="${f(bh + h)}" fill="${hex(col)}"/>`);
      if (layer === 1) {
        for (let wy = base - bh + 8; wy < base - 6; wy += 12) {
          for (let wx = x + 5; wx < x + bw - 6; wx += 10) {
            if (r() > 0.55) out.push(`<rect x="${f(wx)}" y="${f(wy)}" width="4" height="6" fill="${hex(mix(c2, [255, 230, 150], 0.5))}" opacity="0.9"/>`);
          }
        }
      }
      x += bw + r() * 6;
    }
  }
  fg.push(`<rect x="0" y="${f(base)}" width="${w}" height="${f(h - base)}" fill="${hex(mix(c4, [0, 0, 0], 0.8))}"/>`);
}

/** A sun, thin clouds, ranges of hills from far to near, trees when the prompt says so. */
function drawLandscape({ r, w, h, minSide, c3, c4, skyBottom, sunTint, light, ws, bg, fg }: SceneContext): void {
  const sunX = w * (0.15 + r() * 0.7);
  const sunY = light.time === 'golden' || light.time === 'dawn' ? h * (0.36 + r() * 0.1) : h * (0.14 + r() * 0.25);
  bg.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(minSide * 0.28)}" fill="url(#glow)"/>`);
  bg.push(`<circle cx="${f(sunX)}" cy="${f(sunY)}" r="${f(minSide * 0.07)}" fill="${hex(mix(sunTint, [255, 250, 230], 0.55))}"/>`);
  for (let i = 0; i < 5; i++) {
    bg.push(`<ellipse cx="${f(r() * w)}" cy="${f(h * (0.08 + r() * 0.3))}" rx="${f(minSide * (0.12 + r() * 0.2))}" ry="${f(minSide * 0.03)}" fill="#fff" opacity="${(0.2 + r() * 0.3).toFixed(2)}" filter="url(#soft)"/>`);
  }
  // how many ranges, how high and how rough: the seed's
  const layers = 4 + Math.floor(r() * 3);
  const top = 0.38 + r() * 0.14;
  const rough = 0.25 + r() * 0.2;
  for (let i = 0; i < layers; i++) {
    const t = i / (layers - 1);
    const col = mix(mix(c3, skyBottom, 0.6), mix(c4, [10, 10, 15], 0.7), t);
    const line = ridge(r, w, h, h * (top + t * (0.82 - top)), rough - t * (rough - 0.12), hex(col));
    (i < layers - 2 ? bg : fg).push(line);
  }
  if (ws.some((x) => ['forest', 'trees', 'tree', 'jungle'].includes(x))) {
    const n = 30 + Math.floor(r() * 30);
    for (let i = 0; i < n; i++) {
      const tx = r() * w;
      const ty = h * (0.82 + r() * 0.2);
      const th = minSide * (0.06 + r() * 0.1);
      fg.push(`<path d="M${f(tx)},${f(ty - th)} L${f(tx + th * 0.3)},${f(ty)} L${f(tx - th * 0.3)},${f(ty)} Z" fill="${hex(mix(c4, [5, 20, 10], 0.75))}"/>`);
    }
  }
}

/** Soft blobs, a flow of circles and strokes. */
function drawAbstract({ r, w, h, minSide, pal, bg, fg }: SceneContext): void {
  // abstract: soft blobs, a flow of circles and strokes
  for (let i = 0; i < 7; i++) {
    bg.push(`<circle cx="${f(r() * w)}" cy="${f(r() * h)}" r="${f(minSide * (0.15 + r() * 0.35))}" fill="${hex(pal.colours[i % 5])}" opacity="${(0.35 + r() * 0.4).toFixed(2)}" filter="url(#soft)"/>`);
  }
  const cx = w * (0.3 + r() * 0.4);
  const cy = h * (0.3 + r() * 0.4);
  const n = 14 + Math.floor(r() * 14);
  for (let i = 0; i < n; i++) {
    const a = r() * Math.PI * 2;
    const d = minSide * (0.05 + r() * 0.4);
    const rad = minSide * (0.015 + r() * r() * 0.12);
    fg.push(`<circle cx="${f(cx + Math.cos(a) * d)}" cy="${f(cy + Math.sin(a) * d)}" r="${f(rad)}" fill="${hex(pal.colours[(i + 2) % 5])}" opacity="${(0.6 + r() * 0.4).toFixed(2)}"/>`);
  }
  for (let i = 0; i < 9; i++) {
    const y0 = r() * h;
    const y1 = r() * h;
    fg.push(`<path d="M${f(-10)},${f(y0)} C${f(w * 0.3)},${f(r() * h)} ${f(w * 0.7)},${f(r() * h)} ${f(w + 10)},${f(y1)}" fill="none" stroke="${hex(pal.colours[i % 5])}" stroke-width="${f(2 + r() * minSide * 0.02)}" stroke-linecap="round" opacity="0.75"/>`);
  }
}

const DRAW_SCENE: Record<SceneKind, (ctx: SceneContext) => void> = {
  space: drawSpace,
  seascape: drawSeascape,
  city: drawCity,
  landscape: drawLandscape,
  abstract: drawAbstract,
};

/** Compose the two layers for a prompt at a size. */
export function compose(prompt: string, seed: number, width: number, height: number): Composition {
  const ws = words(prompt);
  const light = sceneOf(prompt, seed);
  const found = sceneFor(ws, seed, light.hits.length > 0);
  const hits = found.hits;
  // snow without a scene word lies on land
  const scene: SceneKind = !hits.length && light.weather === 'snow' ? 'landscape' : found.scene;
  const pal = paletteFor(prompt, seed);
  const r = rng(seed ^ 0x9e3779b9);
  const night = pal.dark || light.time === 'night';
  const [c0, c1, c2] = pal.colours;
  let c3 = pal.colours[3];
  let c4 = pal.colours[4];
  if (light.weather === 'snow') {
    // snow lies on the ground and the hills
    c3 = mix(c3, [236, 241, 250], 0.7);
    c4 = mix(c4, [214, 224, 238], 0.6);
  }
  const w = width;
  const h = height;
  const outdoors = scene === 'landscape' || scene === 'seascape' || scene === 'city';
  // suns glow warm in daylight scenes, the moon is pale at night, else the palette's colour
  const sunTint: Rgb = outdoors && night ? [226, 232, 245] : (scene === 'landscape' || scene === 'seascape') ? mix(c2, [255, 200, 110], 0.7) : c2;
  let skyTop = night ? mix(c0, [5, 5, 20], 0.75) : mix(c0, [255, 255, 255], 0.15);
  let skyBottom = night ? mix(c1, [20, 10, 40], 0.55) : mix(c1, [255, 240, 220], 0.35);
  if (outdoors && !night) {
    if (light.time === 'golden') { skyTop = mix(c0, [70, 40, 120], 0.55); skyBottom = mix(c1, [255, 140, 60], 0.65); }
    if (light.time === 'dawn') { skyTop = mix(c0, [110, 150, 215], 0.55); skyBottom = mix(c1, [255, 196, 170], 0.6); }
    if (light.time === 'day') { skyTop = mix(c0, [90, 150, 230], 0.45); skyBottom = mix(c1, [220, 235, 250], 0.55); }
  }
  if (light.weather === 'rain' || light.weather === 'cloudy' || light.weather === 'snow') {
    const grey: Rgb = night ? [40, 44, 52] : [170, 176, 186];
    const t = light.weather === 'cloudy' ? 0.35 : light.weather === 'snow' ? 0.3 : 0.5;
    skyTop = mix(skyTop, grey, t);
    skyBottom = mix(skyBottom, grey, t);
  }
  const defs = `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${hex(skyTop)}"/><stop offset="1" stop-color="${hex(skyBottom)}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${hex(mix(sunTint, [255, 255, 230], 0.6))}" stop-opacity="0.95"/><stop offset="1" stop-color="${hex(sunTint)}" stop-opacity="0"/></radialGradient>
<filter id="soft" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${f(Math.min(w, h) / 40)}"/></filter>
</defs>`;
  const bg: string[] = [`<rect width="${w}" height="${h}" fill="url(#sky)"/>`];
  const fg: string[] = [];
  const minSide = Math.min(w, h);

  const ctx: SceneContext = { r, w, h, minSide, pal, c0, c2, c3, c4, skyBottom, sunTint, light, ws, bg, fg };
  DRAW_SCENE[scene](ctx);

  if (outdoors && night) {
    // stars above everything the scene drew in the background
    const stars = 60 + Math.floor(r() * 80);
    const sky: string[] = [];
    for (let i = 0; i < stars; i++) {
      sky.push(`<circle cx="${f(r() * w)}" cy="${f(r() * h * 0.5)}" r="${f(0.4 + r() * 1.4)}" fill="#fff" opacity="${(0.3 + r() * 0.6).toFixed(2)}"/>`);
    }
    bg.splice(1, 0, ...sky);
  }
  fg.push(...weatherLayer(light, r, w, h, night));

  const svg = (body: string[]) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${defs}${body.join('')}</svg>`;
  return {
    width: w,
    height: h,
    scene,
    palette: pal.colours,
    light,
    background: svg(bg),
    foreground: svg(fg),
    drivers: [...new Set([...hits, ...light.hits, ...pal.colourWords])],
  };
}
