/**
 * Builds the shell and the remotes with rspack. `tsx scripts/build-web.ts [app...]` builds the named
 * apps (all by default). Each app's rspack.config.ts owns its federation settings; a remote builds into
 * dist/<version>/ so a new version never overwrites the one users are running.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { rspack, type Configuration, type MultiStats } from '@rspack/core';
import { WEB_APPS } from 'shared-contracts/remotes';

const COMPRESSIBLE = /\.(js|css|html|json|svg)$/;

/** Writes .br and .gz beside every text asset once at build time, so the server sends them without compressing per request. */
function precompress(dir: string): void {
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) {
      precompress(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry)) continue;
    const content = readFileSync(file);
    if (content.length < 1024) continue;
    writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

/** the shell and every remote of the contract's one list */
const ALL_APPS: readonly string[] = WEB_APPS;
type Factory = (env: { production: boolean }) => Configuration | Configuration[];
const root = path.resolve(import.meta.dirname, '..');

export async function buildApps(apps: readonly string[] = ALL_APPS, production = process.env.NODE_ENV !== 'development'): Promise<void> {
  const configs: Configuration[] = [];
  for (const app of apps) {
    if (!ALL_APPS.includes(app)) throw new Error(`unknown app ${app}; one of ${ALL_APPS.join(', ')}`);
    const mod = (await import(path.join(root, app, 'rspack.config.ts'))) as {
      default: Factory | { default: Factory };
    };
    const factory = typeof mod.default === 'function' ? mod.default : mod.default.default;
    // an app may add builds after its browser one (remote-explore's server rendering of its first screen)
    configs.push(...[factory({ production })].flat());
  }
  const started = Date.now();
  const stats = await new Promise<MultiStats>((resolve, reject) => {
    rspack(configs).run((error, result) => (error || !result ? reject(error ?? new Error('no stats')) : resolve(result)));
  });
  if (stats.hasErrors()) {
    console.error(stats.toString({ colors: false, all: false, errors: true, warnings: false }));
    throw new Error('build failed');
  }
  // what browsers download (not a build for Node)
  for (const config of configs) if (config.output?.path && config.target !== 'node') precompress(config.output.path);
  console.log(`built ${apps.join(', ')} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const invokedDirectly = /build-web\.ts$/.test(process.argv[1] ?? '');
if (invokedDirectly) {
  buildApps(process.argv.slice(2).length ? process.argv.slice(2) : undefined).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
