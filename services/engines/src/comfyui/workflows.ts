/**
 * The ComfyUI workflows shipped with the engines (API format, one `<algorithm>.json` each in ./workflows,
 * with manifest.json naming each one's model, files and limits). COMFYUI_WORKFLOWS points elsewhere to use an
 * operator's own folder of the same shape.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ALGORITHM_IDS, type AlgorithmId } from '../types';

export const BUNDLED_WORKFLOWS_DIR = join(__dirname, 'workflows');

/** The algorithms with a bundled workflow. */
export const WORKFLOW_ALGORITHMS: AlgorithmId[] = readdirSync(BUNDLED_WORKFLOWS_DIR)
  .map((file) => file.replace(/\.json$/, ''))
  .filter((name): name is AlgorithmId => (ALGORITHM_IDS as readonly string[]).includes(name));
