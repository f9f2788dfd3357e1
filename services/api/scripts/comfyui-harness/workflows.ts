/** The harness's workflow folders: the shipped workflows' model-free stand-ins, a slow one to cancel, a broken one. */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { writeStandInFolder, type ComfyWorkflow } from '@studio/engines/comfyui';

/** A new folder of the shipped workflows' stand-ins (`change` alters one). */
export async function standInFolder(change?: (algorithm: string, graph: ComfyWorkflow) => ComfyWorkflow): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'comfyui-standins-'));
  await writeStandInFolder(dir, change);
  return dir;
}

/** Text to image's stand-in made slow (heavy blurs before the save), to cancel it while it runs. */
export function slowed(algorithm: string, graph: ComfyWorkflow): ComfyWorkflow {
  if (algorithm !== 'text2image') return graph;
  // a size of its own each run, so ComfyUI's cache of an earlier run's blurs does not make it instant
  const side = 1536 + Math.floor(Math.random() * 64);
  const slow: ComfyWorkflow = { ...graph, s0: { class_type: 'EmptyImage', inputs: { width: side, height: side, batch_size: 8, color: 0 } } };
  for (let i = 1; i <= 8; i++) slow[`s${i}`] = { class_type: 'ImageBlur', inputs: { image: [`s${i - 1}`, 0], blur_radius: 31, sigma: 5 } };
  slow.s9 = { class_type: 'ImageScale', inputs: { image: ['s8', 0], upscale_method: 'bilinear', width: '{{width}}', height: '{{height}}', crop: 'center' } };
  slow['9'] = { ...slow['9'], inputs: { ...slow['9'].inputs, images: ['s9', 0] } };
  return slow;
}

/** Text to image's graph broken the way a hand-edited workflow breaks: an input name ComfyUI does not have. */
export function broken(algorithm: string, graph: ComfyWorkflow): ComfyWorkflow {
  if (algorithm !== 'text2image') return graph;
  const copy = structuredClone(graph);
  const [id, node] = Object.entries(copy).find(([, n]) => n.class_type === 'EmptyImage')!;
  node.inputs.hight = node.inputs.height;
  delete node.inputs.height;
  copy[id] = node;
  return copy;
}

