import path from 'node:path';
import { createRequire } from 'node:module';
import { createAppConfig, createServerRenderConfig, FederationRuntimeEsmPlugin, sharedSingletons } from '../rspack.shared';
import pkg from './package.json';
import type { Compiler } from '@rspack/core';
import { SEO_ROUTES_FILE } from 'shared-contracts';
import { SHELL_HEADER_FILE, SHELL_PROVIDES_FILE, type ShellProvidesFile } from 'shared-contracts/first-load';
import { seoRoutes } from './src/cms/seo-routes';

/** Writes the route table's metadata beside index.html, for the gateway's prerender and sitemap. */
class SeoRoutesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('SeoRoutesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'SeoRoutesPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(SEO_ROUTES_FILE, new compiler.rspack.sources.RawSource(JSON.stringify(seoRoutes())));
      });
    });
  }
}

/**
 * Writes what the first load needs beside index.html (shell-provides.json): the share keys the shell
 * provides, so the gateway preloads a landing remote's own chunks for the other shared modules (swr,
 * dayjs, ...), and the scripts every page loads right after main.js (the start-up chunk imported by the
 * entry and the chunks of the provided shared modules), so the gateway preloads them beside main.js.
 * Read at the report stage: the file names are final there (after the real content hash).
 */
class ShellProvidesPlugin {
  apply(compiler: Compiler) {
    const entry = path.join(__dirname, 'src', 'index.ts');
    compiler.hooks.thisCompilation.tap('ShellProvidesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'ShellProvidesPlugin', stage: compiler.rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const shared = new Set<string>();
        for (const module of compilation.modules) {
          const match = /^provide shared module \([^)]*\) (.+)@[^@\s]+ = /.exec(module.identifier());
          if (match?.[1]) shared.add(match[1]);
        }
        const scripts = new Set<string>();
        for (const group of compilation.chunkGroups) {
          const first = group.origins.some(({ module }) => {
            const resource = (module as { resource?: string } | undefined)?.resource;
            return resource === entry || Boolean(module?.identifier().startsWith('provide shared module'));
          });
          if (!first) continue;
          for (const chunk of group.chunks) for (const file of chunk.files) if (file.endsWith('.js')) scripts.add(file);
        }
        const file: ShellProvidesFile = { shared: [...shared].sort(), scripts: [...scripts].sort() };
        compilation.emitAsset(SHELL_PROVIDES_FILE, new compiler.rspack.sources.RawSource(JSON.stringify(file)));
      });
    });
  }
}

/**
 * The shared modules the shell provides all load on every page, right after main.js. Left to the
 * defaults each goes into its own chunk (and some twice: a provide chunk and a consume-fallback chunk, so
 * valtio's proxy-compare was bundled twice): about ten small files gzipped one by one. In one chunk they
 * gzip together: the first load drops by ~5 KB gzip (bench-web: 167.3 -> 162.1 KB) and by ten requests, and
 * nothing changes for the later chunks. A remote that takes one of them from the share scope gets this
 * chunk, which the shell has loaded already. The provided react-router includes the shell's own useBlocker
 * (src/routing/use-blocker.ts, blocking-history.ts), so those two files go into the chunk too.
 */
const FIRST_LOAD_SHARED =
  /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|valtio|proxy-compare|@emotion|stylis|hoist-non-react-statics|@babel[\\/]runtime)[\\/]|[\\/]shell[\\/]src[\\/](vendor[\\/]|routing[\\/](use-blocker|blocking-history)\.ts$)/;
const firstLoadSplitChunks = {
  chunks: 'async' as const,
  cacheGroups: { firstLoadShared: { test: FIRST_LOAD_SHARED, chunks: 'async' as const, name: 'first-load-shared', enforce: true, priority: 10 } },
};

const require = createRequire(__filename);
const routerDir = path.dirname(require.resolve('react-router/package.json'));
const routerVersion = (require('react-router/package.json') as { version: string }).version;

export default function config({ production }: { production: boolean }) {
  const base = createAppConfig({
    appDir: __dirname,
    production,
    outDir: path.join(__dirname, 'dist'),
    publicPath: '/',
    html: { title: 'AI Video Generator', template: path.join(__dirname, 'index.html') },
    define: { 'process.env.SHELL_VERSION': JSON.stringify(pkg.version) },
    federation: {
      name: 'shell',
      // remotes come from /remotes.json at runtime (src/federation/remote-runtime.ts)
      remotes: {},
      shared: {
        ...sharedSingletons,
        // the shell provides react-router without its server half (src/vendor/react-router-client.ts);
        // same package version, so every remote's requiredVersion is met by this one instance
        'react-router': {
          ...sharedSingletons['react-router'],
          import: './src/vendor/react-router-client.ts',
          version: routerVersion,
        },
      },
      // the shell runs in browsers only: leave the runtime's node loaders out
      // provideExternalRuntime: the remotes' entries use this runtime instead of each bringing one
      experiments: { optimization: { target: 'web' }, provideExternalRuntime: true },
    },
  });
  if (production) base.optimization = { ...base.optimization, splitChunks: firstLoadSplitChunks };
  base.resolve = {
    ...base.resolve,
    alias: { 'react-router-full$': path.join(routerDir, 'dist', 'production', 'index.mjs') },
  };
  base.plugins = [...(base.plugins ?? []), new SeoRoutesPlugin(), new ShellProvidesPlugin(), new FederationRuntimeEsmPlugin({ withRuntime: true })];
  // named: the header's server rendering (the gateway writes it into a visitor's first HTML) builds after it
  base.name = 'shell';
  return [
    base,
    createServerRenderConfig({ appDir: __dirname, production, container: 'shell', entry: './src/layout/server-header.tsx', file: SHELL_HEADER_FILE, unversioned: true }),
  ];
}
