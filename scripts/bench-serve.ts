/**
 * The product as the web bench measures it: `startProduct` over a folder of built front ends
 * (BENCH_ROOT, default the repository), without building first. A snapshot folder keeps a long
 * measurement still while other builds rewrite the repository's dist folders.
 */
import path from 'node:path';
import { startProduct } from '@studio/gateway/compose';

async function main(): Promise<void> {
  const rootDir = process.env.BENCH_ROOT ?? path.resolve(__dirname, '..');
  const product = await startProduct({ rootDir, port: Number(process.env.PORT ?? 8095), host: '127.0.0.1', logger: false });
  const stop = async (): Promise<void> => {
    await product.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
