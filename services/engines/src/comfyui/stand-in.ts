/**
 * Model-free stand-ins of the shipped workflows, for running them on a ComfyUI that has no model weights.
 * The graph stays the product's own (its loaders of uploads, scaling, batching, video assembly, audio and
 * save nodes, and every placeholder), and only the part that needs weights is swapped: each decoder is
 * replaced by a node that makes an output of the same type and shape from what fed the sampler (the upload's
 * pixels, or an empty picture or silence of the latent's size and length), then every node no output reads
 * any more (loaders, encoders, samplers) is dropped. So what runs is the product's graph, through ComfyUI's
 * own execution, with real files coming back.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AlgorithmId } from '../types';
import { loadWorkflowSet, placeholdersOf, SAVE_NODES, type ComfyNode, type ComfyWorkflow, type WorkflowManifest } from './workflow';
import { BUNDLED_WORKFLOWS_DIR, WORKFLOW_ALGORITHMS } from './workflows';

type Link = [string, number];
const isLink = (value: unknown): value is Link => Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && typeof value[1] === 'number';

/** The node that made a sampler's latent, following KSampler's latent_image back through Wan's conditioning. */
function latentSource(graph: ComfyWorkflow, decoderId: string): { id: string; node: ComfyNode } {
  const decoder = graph[decoderId];
  const samples = decoder.inputs.samples;
  if (!isLink(samples)) throw new Error(`decoder ${decoderId} has no linked samples`);
  const sampler = graph[samples[0]];
  const latent = sampler.inputs.latent_image;
  if (!isLink(latent)) throw new Error(`sampler ${samples[0]} has no linked latent`);
  return { id: latent[0], node: graph[latent[0]] };
}

/** An image decoder's replacement: the same pixels' batch, an empty picture batch, or the first frame repeated. */
function imageStandIn(graph: ComfyWorkflow, decoderId: string, extra: ComfyWorkflow): ComfyNode {
  const { id, node } = latentSource(graph, decoderId);
  switch (node.class_type) {
    case 'VAEEncode': // img2img and video to anime: the encoded pixels, inverted so a change is visible
    case 'VAEEncodeForInpaint': // an inpainting: the same, and the graph's own composite keeps it to the area
      return { class_type: 'ImageInvert', inputs: { image: node.inputs.pixels }, _meta: { title: 'stand-in for the sampler' } };
    case 'EmptyLatentImage': // one picture per image of the batch
    case 'EmptyHunyuanLatentVideo': // one picture per frame
      return {
        class_type: 'EmptyImage',
        inputs: { width: node.inputs.width, height: node.inputs.height, batch_size: node.class_type === 'EmptyLatentImage' ? node.inputs.batch_size : node.inputs.length, color: 0x3366aa },
        _meta: { title: 'stand-in for the sampler' },
      };
    case 'WanImageToVideo': {
      extra[`${id}_scaled`] = {
        class_type: 'ImageScale',
        inputs: { image: node.inputs.start_image, upscale_method: 'bilinear', width: node.inputs.width, height: node.inputs.height, crop: 'center' },
      };
      return { class_type: 'RepeatImageBatch', inputs: { image: [`${id}_scaled`, 0], amount: node.inputs.length }, _meta: { title: 'stand-in for the sampler' } };
    }
    default:
      throw new Error(`no stand-in for a latent made by ${node.class_type}`);
  }
}

/** An audio decoder's replacement: silence of the latent's length. */
function audioStandIn(graph: ComfyWorkflow, decoderId: string): ComfyNode {
  const { node } = latentSource(graph, decoderId);
  if (!('seconds' in node.inputs)) throw new Error(`no stand-in for an audio latent made by ${node.class_type}`);
  return { class_type: 'EmptyAudio', inputs: { duration: node.inputs.seconds, sample_rate: 44100, channels: 2 }, _meta: { title: 'stand-in for the sampler' } };
}

/** The nodes the save nodes still read, directly or through others. */
function reachable(graph: ComfyWorkflow): Set<string> {
  const keep = new Set<string>();
  const visit = (id: string): void => {
    if (keep.has(id) || !graph[id]) return;
    keep.add(id);
    for (const value of Object.values(graph[id].inputs)) if (isLink(value)) visit(value[0]);
  };
  for (const [id, node] of Object.entries(graph)) if (SAVE_NODES.has(node.class_type)) visit(id);
  return keep;
}

export function standIn(workflow: ComfyWorkflow): ComfyWorkflow {
  const graph: ComfyWorkflow = structuredClone(workflow);
  const extra: ComfyWorkflow = {};
  const replaced: string[] = [];
  for (const [id, node] of Object.entries(workflow)) {
    if (node.class_type === 'VAEDecode') graph[id] = imageStandIn(workflow, id, extra);
    if (node.class_type === 'VAEDecodeAudio') graph[id] = audioStandIn(workflow, id);
    if (/^VAEDecode/.test(node.class_type)) replaced.push(id);
  }
  Object.assign(graph, extra);
  const keep = reachable(graph);
  const result = Object.fromEntries(Object.entries(graph).filter(([id]) => keep.has(id)));
  // the dropped nodes' settings (prompt, seed, ...) ride along in the stand-in's title, which ComfyUI ignores:
  // the product fills and checks them as for the real graph, and reads the same honoured settings from it
  const kept = placeholdersOf(result);
  const carried = [...placeholdersOf(workflow)].filter((name) => !kept.has(name));
  if (carried.length && replaced[0]) result[replaced[0]]._meta = { title: `stand-in for the sampler; carries ${carried.map((n) => `{{${n}}}`).join(' ')}` };
  return result;
}

/**
 * Writes a workflow folder of the shipped workflows' stand-ins (COMFYUI_WORKFLOWS can point at it), with a
 * manifest whose model names say they are stand-ins, so every badge says so too. `change` alters a graph
 * (the harness makes one slow, or breaks one).
 */
export async function writeStandInFolder(dir: string, change?: (algorithm: AlgorithmId, graph: ComfyWorkflow) => ComfyWorkflow): Promise<void> {
  const shipped = await loadWorkflowSet(BUNDLED_WORKFLOWS_DIR, WORKFLOW_ALGORITHMS);
  const manifest: WorkflowManifest = {};
  await mkdir(dir, { recursive: true });
  for (const algorithm of WORKFLOW_ALGORITHMS) {
    const graph = standIn(shipped.workflows[algorithm]!);
    await writeFile(join(dir, `${algorithm}.json`), JSON.stringify(change ? change(algorithm, graph) : graph, null, 2));
    const entry = shipped.manifest[algorithm];
    if (entry) manifest[algorithm] = { ...entry, model: `${entry.model} stand-in (no weights)` };
  }
  await writeFile(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
}
