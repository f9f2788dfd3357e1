/**
 * A workflow checked against a ComfyUI's /object_info the way ComfyUI's own validate_inputs does (execution.py:
 * node classes, required inputs, link types, number ranges, list values), and stricter in one place: an input
 * the node does not have is an error here, because ComfyUI silently ignores it and the setting it was meant
 * to carry is lost. Used by the conformance tests (against the recorded /object_info) and by the engine's
 * start-up check (against the live server).
 */
import type { ObjectInfo, ObjectInfoClass } from './client';
import type { ComfyWorkflow } from './workflow';

export interface WorkflowProblem {
  node: string;
  input?: string;
  message: string;
}

export interface CheckOptions {
  /** the graph still holds placeholders: a value that is one placeholder is not checked (its type comes later) */
  templates?: boolean;
}

type InputSpec = [string | string[], Record<string, unknown>?];
const WHOLE_PLACEHOLDER = /^\{\{[a-z_0-9:]+\}\}$/i;
const UPLOAD_FLAGS = ['image_upload', 'video_upload', 'audio_upload', 'upload'];

function specOf(cls: ObjectInfoClass, name: string): { spec: InputSpec; required: boolean } | null {
  const required = cls.input.required?.[name];
  if (required) return { spec: required as unknown as InputSpec, required: true };
  const optional = cls.input.optional?.[name];
  if (optional) return { spec: optional as unknown as InputSpec, required: false };
  return null;
}

/** ComfyUI's validate_node_input, not strict: equal, either side '*', or comma-separated types that overlap. */
function typesMatch(received: string, wanted: string | string[]): boolean {
  if (Array.isArray(wanted)) return received === 'COMBO';
  if (received === wanted || received === '*' || wanted === '*') return true;
  const a = received.split(',').map((s) => s.trim());
  const b = wanted.split(',').map((s) => s.trim());
  return a.some((t) => b.includes(t));
}

function checkValue(node: string, input: string, spec: InputSpec, value: unknown): string | null {
  const [type, extra = {}] = spec;
  if (Array.isArray(value)) return null; // links are checked apart
  const options = Array.isArray(type) ? type : type === 'COMBO' ? ((extra.options as unknown[]) ?? []) : null;
  if (options) {
    if (UPLOAD_FLAGS.some((flag) => extra[flag])) return typeof value === 'string' && value ? null : `${input} must name an uploaded file`;
    return options.includes(value) ? null : `${input}: '${String(value)}' is not one of ${options.length > 20 ? `${options.length} values` : JSON.stringify(options)}`;
  }
  switch (type) {
    case 'INT':
    case 'FLOAT': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n)) return `${input} must be a number, not ${JSON.stringify(value)}`;
      if (type === 'INT' && !Number.isInteger(n)) return `${input} must be a whole number, not ${n}`;
      if (typeof extra.min === 'number' && n < extra.min) return `${input}: ${n} is smaller than its min ${extra.min}`;
      if (typeof extra.max === 'number' && n > extra.max) return `${input}: ${n} is bigger than its max ${extra.max}`;
      return null;
    }
    case 'STRING':
      return typeof value === 'string' ? null : `${input} must be text`;
    case 'BOOLEAN':
      return typeof value === 'boolean' ? null : `${input} must be true or false`;
    default:
      return `${input} takes a ${type} link, not a value`;
  }
}

export function checkWorkflow(workflow: ComfyWorkflow, info: ObjectInfo, options: CheckOptions = {}): WorkflowProblem[] {
  const problems: WorkflowProblem[] = [];
  for (const [id, node] of Object.entries(workflow)) {
    const cls = info[node.class_type];
    if (!cls) {
      problems.push({ node: id, message: `node ${id}: ComfyUI has no node class ${node.class_type}` });
      continue;
    }
    for (const name of Object.keys(cls.input.required ?? {})) {
      if (!(name in node.inputs)) problems.push({ node: id, input: name, message: `node ${id} (${node.class_type}): required input ${name} is missing` });
    }
    for (const [name, value] of Object.entries(node.inputs)) {
      const found = specOf(cls, name);
      if (!found) {
        problems.push({ node: id, input: name, message: `node ${id} (${node.class_type}) has no input ${name}` });
        continue;
      }
      if (Array.isArray(value)) {
        const [target, slot] = value as [string, number];
        const source = workflow[target];
        const sourceClass = source ? info[source.class_type] : undefined;
        if (!source) problems.push({ node: id, input: name, message: `node ${id} (${node.class_type}).${name} links to node ${target}, which is not in the workflow` });
        else if (!sourceClass) continue; // reported as an unknown class
        else if (typeof slot !== 'number' || slot < 0 || slot >= sourceClass.output.length) problems.push({ node: id, input: name, message: `node ${id}.${name} links to output ${slot} of ${source.class_type}, which has ${sourceClass.output.length}` });
        else if (!typesMatch(sourceClass.output[slot], found.spec[0])) {
          problems.push({ node: id, input: name, message: `node ${id} (${node.class_type}).${name} wants ${JSON.stringify(found.spec[0])} but gets ${sourceClass.output[slot]} from ${source.class_type}` });
        }
        continue;
      }
      if (options.templates && typeof value === 'string' && WHOLE_PLACEHOLDER.test(value)) continue;
      const problem = checkValue(id, name, found.spec, value);
      if (problem) problems.push({ node: id, input: name, message: `node ${id} (${node.class_type}): ${problem}` });
    }
  }
  if (!Object.values(workflow).some((node) => info[node.class_type]?.output_node === true)) {
    problems.push({ node: '', message: 'the workflow has no output node' });
  }
  return problems;
}
