/**
 * `npm start`: builds what is not built, then serves the whole product at http://localhost:8080 (PORT
 * overrides): the shell, each remote from its versioned folder, /remotes.json, the product API (/v1,
 * /api), the account service (/account) and the worker, on embedded PGlite with seeded demo data.
 * BENCH_ROOT=<folder> serves a snapshot of the built front ends as it is, without building (the web bench
 * uses it so a long measurement stays still while other builds rewrite the repository's dist folders).
 * The npm script sets MALLOC_ARENA_MAX=2 (glibc reads it at start-up only): the product's native threads (libvips
 * under sharp, libuv's pool hashing passwords and compressing pages) each got a malloc arena of their own, which
 * glibc never gives back, and the composed product sat at ~1.1 GB instead of ~0.75 (issue 25, bench:memory). It also
 * sets MALLOC_MMAP_THRESHOLD_=131072: glibc otherwise raises its mmap threshold to the largest block freed (up to
 * 32 MB), so libvips' picture buffers and Node's large buffers came from its heap and stayed there once freed (the
 * heap at ~125 MB instead of ~70 under bench:memory's mix); fixed at glibc's default (128 KB), a block that large
 * is mapped on its own and given back when freed. It runs this file with `node --import tsx`, one process (the tsx
 * command's launcher process held another ~50 MB beside it).
 */
import path from 'node:path';
import { ensureBuilt } from './ensure-built';
import { startProduct } from '@studio/gateway/compose';

async function main(): Promise<void> {
  const snapshot = process.env.BENCH_ROOT;
  if (!snapshot) ensureBuilt();
  const port = Number(process.env.PORT ?? 8080);
  // loopback unless HOST says otherwise: the embedded default has published demo passwords
  const host = process.env.HOST ?? '127.0.0.1';
  // requests and errors logged as the separate services log them (LOG_LEVEL=silent for none)
  const product = await startProduct({ rootDir: snapshot ?? path.resolve(__dirname, '..'), port, host, logger: process.env.LOG_LEVEL !== 'silent' });
  console.log(`AI media studio is up at ${product.url}`);
  if (product.inboxUrl) console.log(`Local inbox (every mail the product sends): ${product.inboxUrl}`);
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
