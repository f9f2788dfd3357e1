/**
 * `npm start`: builds what is not built, then serves the whole product at http://localhost:8080 (PORT
 * overrides): the shell, each remote from its versioned folder, /remotes.json, the product API (/v1,
 * /api), the account service (/account) and the worker, on embedded PGlite with seeded demo data.
 */
import path from 'node:path';
import { ensureBuilt } from './ensure-built';
import { startProduct } from '../services/gateway/src/compose';

async function main(): Promise<void> {
  ensureBuilt();
  const port = Number(process.env.PORT ?? 8080);
  const host = process.env.HOST ?? '0.0.0.0';
  const product = await startProduct({ rootDir: path.resolve(__dirname, '..'), port, host });
  console.log(`AI media studio is up at ${product.url}`);
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
