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
 * dayjs, ...), and the scripts every page loads right after main.js (a start-up chunk imported by the
 * entry, chunks of the provided shared modules), so the gateway preloads them beside main.js. None today:
 * the shared modules are eager and the entry imports the start-up module eagerly, all in main.js.
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
 * The shell's shared modules are eager: bundled into main.js with the shell's own code, the start-up module
 * included (src/index.ts imports it in eager mode), so the first load is one script. The remotes still
 * take them from the share scope (the shell provides them before any remote loads: loaded-first). As
 * separate async chunks (the start-up chunk, the contract, the provided react, react-dom, router, emotion
 * and valtio, the retry plugin) the same code was five files compressed one by one, each with its own
 * chunk wrapper: one file is 4.0 KB smaller in brotli (131.1 -> 127.1 KB, issue 25) and no chunk waits
 * for main.js to have run.
 */
const eager = <T extends object>(shared: Record<string, T>) =>
  Object.fromEntries(Object.entries(shared).map(([name, config]) => [name, { ...config, eager: true }]));

const require = createRequire(__filename);
const routerDir = path.dirname(require.resolve('react-router/package.json'));
const routerVersion = (require('react-router/package.json') as { version: string }).version;
const emotionDir = path.dirname(require.resolve('@emotion/react/package.json'));
const emotionVersion = (require('@emotion/react/package.json') as { version: string }).version;

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
        ...eager(sharedSingletons),
        // the shell provides react-router without its server half (src/vendor/react-router-client.ts);
        // same package version, so every remote's requiredVersion is met by this one instance
        'react-router': {
          ...sharedSingletons['react-router'],
          import: './src/vendor/react-router-client.ts',
          version: routerVersion,
          eager: true,
        },
        // @emotion/react without withTheme (src/vendor/emotion-react-client.ts), the same way
        '@emotion/react': {
          ...sharedSingletons['@emotion/react'],
          import: './src/vendor/emotion-react-client.ts',
          version: emotionVersion,
          eager: true,
        },
      },
      // the shell runs in browsers only: leave the runtime's node loaders out; disableSnapshot: the runtime
      // registers remotes by their entry script, the shell reads their manifests (src/federation/remote-runtime.ts)
      // provideExternalRuntime: the remotes' entries use this runtime instead of each bringing one
      experiments: { optimization: { target: 'web', disableSnapshot: true }, provideExternalRuntime: true },
    },
  });
  base.resolve = {
    ...base.resolve,
    alias: {
      'react-router-full$': path.join(routerDir, 'dist', 'production', 'index.mjs'),
      // the file the package's `browser` condition names (its development build in development)
      'emotion-react-full$': path.join(emotionDir, 'dist', production ? 'emotion-react.browser.esm.js' : 'emotion-react.browser.development.esm.js'),
    },
  };
  // @emotion/react imports hoist-non-react-statics for its side effects (none: it defines one function), which
  // the package does not declare; with withTheme left out (above) nothing uses it, nor react-is under it
  base.module = { ...base.module, rules: [...(base.module?.rules ?? []), { test: /[\\/]node_modules[\\/]hoist-non-react-statics[\\/]/, sideEffects: false }] };
  // module ids in order of use and export names by how often they are used: 0.7 KB less brotli in main.js than the
  // deterministic (hash-derived) ones (issue 25). What that gives up is the ids' stability between builds, which
  // only the shell's own chunks read (the remotes reach the shell's modules through the share scope, by name): a
  // deploy that changes main.js may rename more of its lazy chunks, which the browser then fetches again once
  if (production) base.optimization = { ...base.optimization, moduleIds: 'natural', mangleExports: 'size' };
  base.plugins = [...(base.plugins ?? []), new SeoRoutesPlugin(), new ShellProvidesPlugin(), new FederationRuntimeEsmPlugin({ withRuntime: true, snapshotOff: path.join(__dirname, 'src', 'federation', 'snapshot-off.ts') })];
  // named: the header's server rendering (the gateway writes it into a visitor's first HTML) builds after it
  base.name = 'shell';
  return [
    base,
    createServerRenderConfig({ appDir: __dirname, production, container: 'shell', entry: './src/layout/server-header.tsx', file: SHELL_HEADER_FILE, unversioned: true }),
  ];
}
