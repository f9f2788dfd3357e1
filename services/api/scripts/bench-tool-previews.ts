/**
 * Renders every AI tool's preview with the local engine into a scratch storage folder and prints each one's
 * wall time (the "measured time on a bench input" of the tools' note). Writes .bench/tool-previews.json.
 *
 *   npx tsx services/api/scripts/bench-tool-previews.ts [tool-id ...]   (PREVIEWS_DIR=dir keeps the files)
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TOOL_PAGES } from 'shared-contracts';
import { LocalEngine } from '@studio/engines';
import { createLocalStorage } from '../src/modules/storage/local.js';
import { renderPreview, sharedInputs } from '../src/modules/tool-previews/render.js';

async function main() {
  // PREVIEWS_DIR keeps the rendered files there to look at
  const keep = process.env.PREVIEWS_DIR;
  const dir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'bench-previews-'));
  const storage = createLocalStorage(dir);
  const engine = new LocalEngine();
  const shared = sharedInputs();
  const wanted = process.argv.slice(2);
  const results: Record<string, { ms: number; engine: string; media: string }> = {};
  for (const tool of TOOL_PAGES.map((page) => page.id)) {
    if (wanted.length && !wanted.includes(tool)) continue;
    const meta = await renderPreview(tool, engine, storage, shared);
    results[tool] = { ms: meta.ms, engine: meta.engine, media: meta.media };
    console.log(`${tool.padEnd(24)} ${String(meta.ms).padStart(6)} ms  ${meta.engine}`);
  }
  const root = path.resolve(__dirname, '..', '..', '..');
  mkdirSync(path.join(root, '.bench'), { recursive: true });
  writeFileSync(path.join(root, '.bench', 'tool-previews.json'), JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, loadavg: os.loadavg(), results }, null, 2));
  if (!keep) rmSync(dir, { recursive: true, force: true });
  rmSync(shared.dir, { recursive: true, force: true });
}

void main().then(() => process.exit(0), (error) => {
  console.error(error);
  process.exit(1);
});
