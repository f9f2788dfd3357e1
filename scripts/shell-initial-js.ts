/**
 * `npm run bench:shell-js`: the shell's initial JS on its own, in seconds instead of bench:web's minutes. Builds
 * the shell (`--no-build`: measures shell/dist as it is) and sums what every page loads before anything else:
 * main.js and the start-up scripts the build lists in shell-provides.json (the ones the gateway preloads beside
 * it), brotli as served (the .br files the gateway sends) and gzip, per file and in all, beside issue 25's
 * budget. bench:web counts the same bytes from the scripts a browser fetched on /home (servedKb below).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { SHELL_PROVIDES_FILE, type ShellProvidesFile } from 'shared-contracts/first-load';

/** issue 25's budget for the shell's initial JS, brotli as served */
export const SHELL_INITIAL_BROTLI_BUDGET_KB = 120;

/** KB with one decimal, rounded once over the total (rounding each file first would drift) */
export function toKb(bytes: number): number {
  return Math.round((bytes / 1024) * 10) / 10;
}

function servedBytes(full: string): { brotli: number; gzip: number } {
  const raw = readFileSync(full);
  return {
    brotli: existsSync(`${full}.br`) ? readFileSync(`${full}.br`).length : brotliCompressSync(raw).length,
    gzip: existsSync(`${full}.gz`) ? readFileSync(`${full}.gz`).length : gzipSync(raw, { level: 9 }).length,
  };
}

/** The shell's initial scripts as the gateway serves them (the precompressed .br and .gz beside each file). */
export function servedKb(files: string[], dir: string): { brotliKb: number; gzipKb: number } {
  let brotli = 0;
  let gzip = 0;
  for (const file of files) {
    const bytes = servedBytes(path.join(dir, file));
    brotli += bytes.brotli;
    gzip += bytes.gzip;
  }
  return { brotliKb: toKb(brotli), gzipKb: toKb(gzip) };
}

/** main.js and the start-up scripts the build lists beside it, as paths from the shell's dist folder. */
function shellStartScripts(dist: string): string[] {
  const main = readdirSync(dist).find((file) => /^main\.[^.]+\.js$/.test(file) || file === 'main.js');
  if (!main) throw new Error(`no main.js in ${dist}: build the shell first`);
  const provides = JSON.parse(readFileSync(path.join(dist, SHELL_PROVIDES_FILE), 'utf8')) as ShellProvidesFile;
  return [main, ...provides.scripts];
}

async function main(): Promise<void> {
  const dist = path.resolve(import.meta.dirname, '..', 'shell', 'dist');
  if (!process.argv.includes('--no-build')) {
    const { buildApps } = await import('./build-web');
    await buildApps(['shell']);
  }
  const files = shellStartScripts(dist);
  for (const file of files) {
    const { brotli, gzip } = servedBytes(path.join(dist, file));
    console.log(`${file.padEnd(40)} brotli ${String(brotli).padStart(7)} B   gzip ${String(gzip).padStart(7)} B`);
  }
  const total = servedKb(files, dist);
  console.log(`shell initial JS: ${total.brotliKb} KB brotli (budget ${SHELL_INITIAL_BROTLI_BUDGET_KB} KB), ${total.gzipKb} KB gzip, ${files.length} file(s)`);
}

if (/shell-initial-js\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
