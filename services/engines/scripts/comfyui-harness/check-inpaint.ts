/**
 * AI Replace on the real ComfyUI (harness.sh inpaint): the inpainting workflow's model-free stand-in run through
 * the product's engine on a two-colour picture with one rectangle selected. The area comes back changed and
 * every pixel outside it comes back as the upload's own (the graph composites the redraw over the upload by the
 * mask the engine drew), at the upload's shape. Exits 1 when either does not hold.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ComfyUiEngine } from '../../src/comfyui/engine';
import { loadWorkflowSet } from '../../src/comfyui/workflow';
import { writeStandInFolder } from '../../src/comfyui/stand-in';
import { WORKFLOW_ALGORITHMS } from '../../src/comfyui/workflows';

async function main(): Promise<void> {
const dir = await mkdtemp(join(tmpdir(), 'inpaint-'));
await writeStandInFolder(join(dir, 'wf'));
const set = await loadWorkflowSet(join(dir, 'wf'), WORKFLOW_ALGORITHMS);
const engine = new ComfyUiEngine({ baseUrl: process.argv[2] ?? 'http://127.0.0.1:8188', set, pollMs: 200 });
const src = join(dir, 'src.png');
// a 600x800 picture: left half red, right half blue
const w = 600, h = 800, px = Buffer.alloc(w * h * 3);
for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) { const i = (y * w + x) * 3; if (x < 300) px[i] = 200; else px[i + 2] = 200; px[i + 1] = 60; }
await sharp(px, { raw: { width: w, height: h, channels: 3 } }).png().toFile(src);
const r = await engine.run({ taskId: 'inpaint-check', algorithm: 'partial_redrawing', params: { prompt: 'red leather trousers', regions: [{ x: 100, y: 200, w: 200, h: 300 }], seed: 1 }, inputs: [src] } as never, { workDir: dir, onProgress: () => {}, signal: new AbortController().signal } as never);
const out = r.outputs[0];
console.log('output', out.width, out.height, out.mime, r.metadata);
const { data, info } = await sharp(out.path).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const at = (x: number, y: number) => { const i = (Math.round(y * info.height / h) * info.width + Math.round(x * info.width / w)) * info.channels; return [data[i], data[i + 1], data[i + 2]]; };
const inside = at(200, 350);
const outside = [at(50, 50), at(500, 700), at(99 - 4, 350), at(300 + 8, 350)];
console.log(`inside the area: ${inside.join(',')}; outside: ${outside.map((p) => p.join(',')).join(' | ')}`);
const same = (p: number[], q: number[]) => p.every((v, i) => Math.abs(v - q[i]) <= 2);
const ok =
  Math.abs(out.width! / out.height! - w / h) < 0.01 &&
  !same(inside, [200, 60, 0]) &&
  same(outside[0], [200, 60, 0]) && same(outside[2], [200, 60, 0]) && same(outside[1], [0, 60, 200]) && same(outside[3], [0, 60, 200]);
console.log(ok ? 'inpaint: the area changed, the rest is the upload' : 'inpaint: FAILED');
process.exitCode = ok ? 0 : 1;
}
void main();
