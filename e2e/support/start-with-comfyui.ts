/**
 * The e2e product: what `npm start` serves, with image to image routed to ComfyUI, here a test server that
 * replays the real ComfyUI 0.8 as recorded by the conformance harness (services/engines/test/recorded-comfy.ts),
 * so a suite follows the GPU workers' path in the browser (comfyui.spec.ts). Every other algorithm stays local.
 */
import { RecordedComfy } from '../../services/engines/test/recorded-comfy';

async function main(): Promise<void> {
  const comfy = new RecordedComfy();
  await comfy.listen();
  process.env.COMFYUI_URL = comfy.url;
  process.env.ENGINE_IMAGE2IMAGE = 'comfyui';
  process.once('exit', () => void comfy.close());
  await import('../../scripts/start');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
