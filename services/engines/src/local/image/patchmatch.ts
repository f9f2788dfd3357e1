/**
 * Exemplar-based hole filling: multi-scale PatchMatch with EM voting (after Wexler, Shechtman and Irani,
 * "Space-time completion of video", and Barnes et al., "PatchMatch"). From the coarsest level up, every
 * patch that touches the hole is matched to its nearest fully known patch (random search + propagation),
 * then each hole pixel becomes the weighted vote of the matched patches covering it. The known pixels never
 * change.
 */
import { rng } from '../prompt';

/** a module-local alias: hot loops avoid global lookups (slow inside vm contexts such as jest) */
const M = Math;

const R = 3; // patch radius: 7x7 patches

interface Level {
  w: number;
  h: number;
  img: Float32Array; // RGB
  hole: Uint8Array; // 1 = unknown
}

function downsample(l: Level): Level {
  const w = M.max(1, l.w >> 1);
  const h = M.max(1, l.h >> 1);
  const img = new Float32Array(w * h * 3);
  const hole = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let n = 0;
      let r = 0, g = 0, b = 0;
      let anyHole = 0;
      for (let dy = 0; dy < 2; dy++) {
        for (let dx = 0; dx < 2; dx++) {
          const sx = M.min(l.w - 1, 2 * x + dx);
          const sy = M.min(l.h - 1, 2 * y + dy);
          const p = sy * l.w + sx;
          if (l.hole[p]) { anyHole = 1; continue; }
          r += l.img[p * 3]; g += l.img[p * 3 + 1]; b += l.img[p * 3 + 2]; n++;
        }
      }
      const q = y * w + x;
      hole[q] = anyHole;
      if (n) { img[q * 3] = r / n; img[q * 3 + 1] = g / n; img[q * 3 + 2] = b / n; }
    }
  }
  return { w, h, img, hole };
}

/** centres whose whole patch is inside the picture and known */
function validSources(l: Level): { valid: Uint8Array; list: Int32Array } {
  const { w, h, hole } = l;
  // integral image of the hole
  const S = new Int32Array((w + 1) * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += hole[y * w + x];
      S[(y + 1) * (w + 1) + x + 1] = S[y * (w + 1) + x + 1] + row;
    }
  }
  const valid = new Uint8Array(w * h);
  const list: number[] = [];
  for (let y = R; y < h - R; y++) {
    for (let x = R; x < w - R; x++) {
      const x0 = x - R, y0 = y - R, x1 = x + R + 1, y1 = y + R + 1;
      const holes = S[y1 * (w + 1) + x1] - S[y0 * (w + 1) + x1] - S[y1 * (w + 1) + x0] + S[y0 * (w + 1) + x0];
      if (holes === 0) { valid[y * w + x] = 1; list.push(y * w + x); }
    }
  }
  return { valid, list: Int32Array.from(list) };
}

/** squared patch distance between target centre t and source centre s, stopping early past `limit` */
function dist(l: Level, t: number, s: number, limit: number): number {
  const { w, h, img } = l;
  const tx = t % w, ty = (t - tx) / w;
  const sx = s % w, sy = (s - sx) / w;
  let d = 0;
  let n = 0;
  for (let dy = -R; dy <= R; dy++) {
    const y = ty + dy;
    if (y < 0 || y >= h) continue;
    const srow = (sy + dy) * w;
    const trow = y * w;
    for (let dx = -R; dx <= R; dx++) {
      const x = tx + dx;
      if (x < 0 || x >= w) continue;
      const a = (trow + x) * 3;
      const b = (srow + sx + dx) * 3;
      const e0 = img[a] - img[b], e1 = img[a + 1] - img[b + 1], e2 = img[a + 2] - img[b + 2];
      d += e0 * e0 + e1 * e1 + e2 * e2;
      n++;
    }
    if (d > limit * n) return Infinity;
  }
  return n ? d / n : Infinity;
}

function emIterations(l: Level, nnf: Int32Array, targets: Int32Array, sources: { valid: Uint8Array; list: Int32Array }, iterations: number, r: () => number): void {
  const { w, h, img, hole } = l;
  const cost = new Float64Array(w * h).fill(Infinity);
  for (let it = 0; it < iterations; it++) {
    // nearest neighbours: refresh costs, propagate, random search
    for (const t of targets) cost[t] = dist(l, t, nnf[t], Infinity);
    for (let pass = 0; pass < 2; pass++) {
      const fwd = pass % 2 === 0;
      for (let k = 0; k < targets.length; k++) {
        const t = targets[fwd ? k : targets.length - 1 - k];
        const tx = t % w;
        const step = fwd ? -1 : 1;
        // propagation from the left/right and up/down neighbour's match
        for (const nb of [t + step, t + step * w]) {
          if (nb < 0 || nb >= w * h || (nb === t + step && (tx + step < 0 || tx + step >= w))) continue;
          const cand = nnf[nb] - step * (nb === t + step ? 1 : w);
          if (cand < 0 || cand >= w * h || !sources.valid[cand] || cand === nnf[t]) continue;
          const d = dist(l, t, cand, cost[t]);
          if (d < cost[t]) { cost[t] = d; nnf[t] = cand; }
        }
        // random search around the current match, radius halving
        const cx = nnf[t] % w, cy = (nnf[t] - cx) / w;
        for (let rad = M.max(w, h); rad >= 1; rad >>= 1) {
          const x = M.round(cx + (r() * 2 - 1) * rad);
          const y = M.round(cy + (r() * 2 - 1) * rad);
          if (x < 0 || y < 0 || x >= w || y >= h) continue;
          const cand = y * w + x;
          if (!sources.valid[cand]) continue;
          const d = dist(l, t, cand, cost[t]);
          if (d < cost[t]) { cost[t] = d; nnf[t] = cand; }
        }
      }
    }
    // vote: each hole pixel takes the weighted mean of the matched patches covering it
    const acc = new Float64Array(w * h * 3);
    const wsum = new Float64Array(w * h);
    const sigma2 = (() => {
      const cs = Array.from(targets, (t) => cost[t]).filter(Number.isFinite).sort((a, b) => a - b);
      return M.max(1, cs[M.floor(cs.length * 0.75)] ?? 1);
    })();
    for (const t of targets) {
      const s = nnf[t];
      const wt = M.exp(-cost[t] / (2 * sigma2));
      const tx = t % w, ty = (t - tx) / w;
      const sx = s % w, sy = (s - sx) / w;
      for (let dy = -R; dy <= R; dy++) {
        const y = ty + dy;
        if (y < 0 || y >= h) continue;
        for (let dx = -R; dx <= R; dx++) {
          const x = tx + dx;
          if (x < 0 || x >= w) continue;
          const q = y * w + x;
          if (!hole[q]) continue;
          const b = ((sy + dy) * w + sx + dx) * 3;
          acc[q * 3] += img[b] * wt;
          acc[q * 3 + 1] += img[b + 1] * wt;
          acc[q * 3 + 2] += img[b + 2] * wt;
          wsum[q] += wt;
        }
      }
    }
    for (let q = 0; q < w * h; q++) {
      if (!hole[q] || wsum[q] === 0) continue;
      img[q * 3] = acc[q * 3] / wsum[q];
      img[q * 3 + 1] = acc[q * 3 + 1] / wsum[q];
      img[q * 3 + 2] = acc[q * 3 + 2] / wsum[q];
    }
  }
}

/**
 * Fill `hole` in `img` (RGB floats, w x h) in place. `init` pre-fills the coarsest level (e.g. a diffusion
 * fill); returns false when there are no usable source patches (the caller keeps its own fill).
 */
export function patchMatchFill(
  img: Float32Array,
  w: number,
  h: number,
  hole: Uint8Array,
  seed: number,
  init: (l: { img: Float32Array; w: number; h: number; hole: Uint8Array }) => void,
): boolean {
  const levels: Level[] = [{ w, h, img, hole: Uint8Array.from(hole, (v) => (v ? 1 : 0)) }];
  while (levels.length < 5) {
    const top = levels[levels.length - 1];
    if (M.min(top.w, top.h) < 48) break;
    levels.push(downsample(top));
  }
  const r = rng(seed);
  let nnf: Int32Array | null = null;
  let prev: Level | null = null;
  for (let li = levels.length - 1; li >= 0; li--) {
    const l = levels[li];
    const sources = validSources(l);
    if (sources.list.length < 16) {
      if (li === levels.length - 1) { init(l); prev = l; continue; }
      return false;
    }
    if (!prev) init(l);
    else {
      // upsample the coarser fill into this level's hole
      for (let y = 0; y < l.h; y++) {
        for (let x = 0; x < l.w; x++) {
          const q = y * l.w + x;
          if (!l.hole[q]) continue;
          const p = M.min(prev.h - 1, y >> 1) * prev.w + M.min(prev.w - 1, x >> 1);
          l.img[q * 3] = prev.img[p * 3];
          l.img[q * 3 + 1] = prev.img[p * 3 + 1];
          l.img[q * 3 + 2] = prev.img[p * 3 + 2];
        }
      }
    }
    // targets: centres whose patch touches the hole
    const targets: number[] = [];
    for (let y = 0; y < l.h; y++) {
      for (let x = 0; x < l.w; x++) {
        let touches = false;
        for (let dy = -R; dy <= R && !touches; dy++) {
          const yy = y + dy;
          if (yy < 0 || yy >= l.h) continue;
          for (let dx = -R; dx <= R; dx++) {
            const xx = x + dx;
            if (xx >= 0 && xx < l.w && l.hole[yy * l.w + xx]) { touches = true; break; }
          }
        }
        if (touches) targets.push(y * l.w + x);
      }
    }
    const next = new Int32Array(l.w * l.h);
    for (const t of targets) {
      let s = -1;
      if (nnf && prev) {
        const tx = t % l.w, ty = (t - tx) / l.w;
        const pp = M.min(prev.h - 1, ty >> 1) * prev.w + M.min(prev.w - 1, tx >> 1);
        const ps = nnf[pp];
        const sx = (ps % prev.w) * 2 + (tx & 1);
        const sy = M.floor(ps / prev.w) * 2 + (ty & 1);
        const cand = sy * l.w + sx;
        if (sx < l.w && sy < l.h && sources.valid[cand]) s = cand;
      }
      next[t] = s >= 0 ? s : sources.list[M.floor(r() * sources.list.length)];
    }
    emIterations(l, next, Int32Array.from(targets), sources, li === 0 ? 2 : 4, r);
    nnf = next;
    prev = l;
  }
  return true;
}
