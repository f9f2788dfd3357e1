/**
 * Build configuration every federated app shares: the singleton list and one config factory, so the
 * shell and the five remotes agree on how React, the router and the contract are shared at runtime.
 */
import path from 'node:path';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { rspack, type Compiler, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import type { RemoteContainer } from 'shared-contracts/remote-modules';
import { SHARED_SINGLETONS } from 'shared-contracts/remotes';
import { exposesOf } from './rspack.exposes';

const rootDir = __dirname;

function versionOf(pkgDir: string): string {
  return (JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** One instance of each across the shell and every remote: the list lives in the contract. */
const SINGLETONS = SHARED_SINGLETONS;

function requiredVersion(name: string): string | false {
  const pkgName = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0];
  if (pkgName === 'shared-contracts') return `^${versionOf(path.join(rootDir, 'shared-contracts'))}`;
  try {
    return `^${versionOf(path.join(rootDir, 'node_modules', pkgName))}`;
  } catch {
    return false;
  }
}

export const sharedSingletons = Object.fromEntries(
  SINGLETONS.map((name) => [name, { singleton: true, requiredVersion: requiredVersion(name), eager: false }]),
);

/**
 * The MF runtime from its packages' ES module builds. The federation plugin points the bundler runtime it
 * writes into every app (and, for a host, a `@module-federation/runtime` alias) at the CommonJS builds:
 * CJS wrappers, CJS and ESM copies side by side and nothing tree-shaken. Aliased to the same packages' ESM
 * builds after the plugin's own aliases, a remote's remoteEntry.js drops from ~16.8 to ~9.9 KB gzip and
 * the shell's main script (which also carries the runtime it provides to the remotes: `withRuntime`) from
 * 31.9 to 26.5 KB. Same versions, same behaviour; the remotes keep using the shell's runtime.
 */
export class FederationRuntimeEsmPlugin {
  private readonly options: { withRuntime?: boolean; snapshotOff?: string };

  /**
   * `snapshotOff`: a module that stands in for runtime-core's SnapshotHandler in a build with `disableSnapshot`
   * (the shell's: shell/src/federation/snapshot-off.ts says what it keeps). Only while the runtime uses no more
   * of the handler than that module has (the check below); otherwise the library's own stays.
   */
  constructor(options: { withRuntime?: boolean; snapshotOff?: string } = {}) {
    this.options = options;
  }

  /** The runtime-core build's snapshot handler file, when its only uses outside it are the ones a stand-in keeps. */
  private static snapshotHandlerFile(runtimeCoreEntry: string): string | null {
    const dist = path.dirname(runtimeCoreEntry);
    const file = path.join(dist, 'plugins', 'snapshot', 'SnapshotHandler.js');
    if (!existsSync(file)) return null;
    const others = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.js') && path.join(dist, name) !== file);
    const uses = others.flatMap((name) => readFileSync(path.join(dist, name), 'utf8').match(/snapshotHandler\.[A-Za-z]+/g) ?? []);
    const kept = ['snapshotHandler.loadRemoteSnapshotInfo', 'snapshotHandler.manifestCache', 'snapshotHandler.hooks'];
    return uses.every((use) => kept.includes(use)) ? file : null;
  }

  apply(compiler: Compiler) {
    const fromPlugin = createRequire(createRequire(__filename).resolve('@module-federation/enhanced/rspack'));
    const esm = (pkg: string) => {
      const cjs = fromPlugin.resolve(pkg);
      return { cjs, esm: cjs.replace(/\.cjs$/, '.js') };
    };
    const bundlerRuntime = esm('@module-federation/webpack-bundler-runtime');
    const runtime = esm('@module-federation/runtime');
    const injectRuntime = esm('@module-federation/inject-external-runtime-core-plugin');
    const used = this.options.withRuntime ? [bundlerRuntime, runtime, injectRuntime] : [bundlerRuntime];
    // a future layout of these packages is left to the plugin's own choice rather than guessed
    if (!used.every(({ cjs, esm: file }) => cjs.endsWith('.cjs') && existsSync(file))) return;
    const snapshotFile = this.options.snapshotOff ? FederationRuntimeEsmPlugin.snapshotHandlerFile(createRequire(runtime.esm).resolve('@module-federation/runtime-core')) : null;
    if (snapshotFile && this.options.snapshotOff) {
      const standIn = this.options.snapshotOff;
      new rspack.NormalModuleReplacementPlugin(/[\\/]snapshot[\\/]SnapshotHandler\.js$/, (resolveData) => {
        if (path.resolve(resolveData.context, resolveData.request) === snapshotFile) resolveData.request = standIn;
      }).apply(compiler);
    }
    compiler.hooks.afterPlugins.tap('FederationRuntimeEsmPlugin', () => {
      const alias = compiler.options.resolve.alias;
      compiler.options.resolve.alias = {
        ...(alias && !Array.isArray(alias) ? alias : {}),
        [`${bundlerRuntime.cjs}$`]: bundlerRuntime.esm,
        ...(this.options.withRuntime
          ? {
              '@module-federation/runtime': runtime.esm,
              '@module-federation/runtime$': runtime.esm,
              '@module-federation/runtime-tools/runtime$': runtime.esm,
              [`${injectRuntime.cjs}$`]: injectRuntime.esm,
            }
          : {}),
      };
    });
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
}

/**
 * A remote's stand-alone page: static, it says what the remote is and what it exposes, and links to the
 * product. No script goes into it (not the federation runtime, never remoteEntry.js).
 */
function standalonePage(pkgName: string, container: string, holds: string, exposes: Record<string, string>): string {
  const items = Object.keys(exposes)
    .map((key) => `<li><code>${escapeHtml(`${container}/${key.replace(/^\.\//, '')}`)}</code></li>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<title>${escapeHtml(pkgName)}: a federated remote of AI Video Generator</title>
<style>body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#0f0f12;color:#f5f5f7}main{max-width:40rem;margin:0 auto;padding:3rem 1.5rem}a{color:#a99bff}code{font-size:.9em}</style>
</head><body><main><h1>${escapeHtml(pkgName)}</h1>
<p>This is a federated remote of AI Video Generator: it holds ${escapeHtml(holds)}. It has no page of its own; the product's shell loads its modules at runtime from <code>remoteEntry.js</code> and <code>mf-manifest.json</code> in this folder.</p>
<p><a href="/home">Open the product</a></p><h2>Exposed modules</h2><ul>${items}</ul></main></body></html>`;
}

export interface RemoteBuildOptions<C extends RemoteContainer> {
  appDir: string;
  production: boolean;
  /** the federation container name, e.g. remote_create; its exposes are the contract's (exposesOf) */
  container: C;
  /** what the remote holds, for its stand-alone page */
  holds: string;
  define?: Record<string, string>;
}

/** The build stats (from which the manifest is made) with `metaData.contractVersion`. */
function withContractVersion<S extends { metaData: object }>(stats: S, contractVersion: string): S {
  return { ...stats, metaData: { ...stats.metaData, contractVersion } };
}

/** A remote: versioned output folder, remoteEntry.js + mf-manifest.json, the shared singletons, a static page. */
export function createRemoteConfig<C extends RemoteContainer>(opts: RemoteBuildOptions<C>): Configuration {
  const pkg = JSON.parse(readFileSync(path.join(opts.appDir, 'package.json'), 'utf8')) as { name: string; version: string };
  // a deploy builds a remote at a version of its own (`npm run deploy:remote`) through Module Federation's
  // own setting, MF_BUILD_VERSION, which also becomes the manifest's buildVersion; otherwise package.json's
  const version = process.env.MF_BUILD_VERSION || pkg.version;
  const exposes = exposesOf(opts.appDir, opts.container);
  const config = createAppConfig({
    appDir: opts.appDir,
    production: opts.production,
    outDir: path.join(opts.appDir, 'dist', version),
    publicPath: 'auto',
    define: opts.define,
    federation: {
      name: opts.container,
      filename: 'remoteEntry.js',
      // the manifest declares the contract this remote was built against: the shell refuses another major
      // before it loads any of the remote's code (shell/src/federation/contract-guard.ts)
      manifest: { additionalData: ({ stats }) => withContractVersion(stats, versionOf(path.join(rootDir, 'shared-contracts'))) },
      exposes,
      shared: sharedSingletons,
      // the MF runtime comes from the host (the shell provides it), so each remoteEntry leaves its copy out
      experiments: { externalRuntime: true },
    },
  });
  config.plugins = [
    ...(config.plugins ?? []),
    new FederationRuntimeEsmPlugin(),
    new rspack.HtmlRspackPlugin({ templateContent: standalonePage(pkg.name, opts.container, opts.holds, exposes), inject: false }),
  ];
  // named: a server-rendering build of the same remote runs after it (createServerRenderConfig)
  config.name = opts.container;
  return config;
}

/**
 * A remote's server-side rendering of some of its components, for the gateway: one CommonJS file for Node with
 * everything it needs (React and react-dom/server included), written into the remote's versioned folder after
 * its browser build (`dependencies`: that build cleans the folder), so it ships with the remote's version (the
 * shell's header likewise, into shell/dist).
 */
export function createServerRenderConfig(opts: { appDir: string; production: boolean; container: string; entry: string; file: string; unversioned?: boolean }): Configuration {
  const pkg = JSON.parse(readFileSync(path.join(opts.appDir, 'package.json'), 'utf8')) as { version: string };
  const version = process.env.MF_BUILD_VERSION || pkg.version;
  // the shell's dist is not versioned (`unversioned`): its file goes beside index.html
  const outFile = path.join(opts.appDir, 'dist', ...(opts.unversioned ? [] : [version]), opts.file);
  const browser = createAppConfig({ appDir: opts.appDir, production: opts.production, outDir: path.dirname(outFile), publicPath: 'auto', federation: { name: opts.container } });
  return {
    // one a file: a remote may bundle several (remote-explore: /home's and /explore's first screens)
    name: `${opts.container}:server:${opts.file}`,
    dependencies: [opts.container],
    context: opts.appDir,
    mode: browser.mode,
    target: 'node',
    devtool: false,
    entry: { main: opts.entry },
    output: { path: path.dirname(outFile), filename: path.basename(outFile), library: { type: 'commonjs2' }, clean: false },
    resolve: browser.resolve,
    module: browser.module,
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(opts.production ? 'production' : 'development') }),
      // one file whatever the components load lazily in a browser (the gateway requires that file alone)
      new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 }),
    ],
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

export interface AppBuildOptions {
  /** absolute path of the app's folder */
  appDir: string;
  production: boolean;
  federation: ConstructorParameters<typeof ModuleFederationPlugin>[0];
  /** output folder; remotes build into a versioned folder so deploys never overwrite each other */
  outDir: string;
  /** URL path the files are served from */
  publicPath: string;
  /** HTML page to emit (the shell's index.html, a remote's stand-alone page) */
  html?: { title: string; template?: string };
  define?: Record<string, string>;
}

export function createAppConfig(opts: AppBuildOptions): Configuration {
  const { appDir, production } = opts;
  return {
    context: appDir,
    mode: production ? 'production' : 'development',
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    entry: { main: './src/index.ts' },
    output: {
      path: opts.outDir,
      publicPath: opts.publicPath,
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: opts.federation.name,
      clean: true,
    },
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.json'],
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: {
                react: { runtime: 'automatic', importSource: '@emotion/react', development: !production },
              },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|gif|webp|svg|mp4|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.NODE_ENV': JSON.stringify(production ? 'production' : 'development'),
        ...opts.define,
      }),
      new ModuleFederationPlugin({ dts: false, shareStrategy: 'loaded-first', ...opts.federation }),
      ...(opts.html
        ? [
            new rspack.HtmlRspackPlugin({
              title: opts.html.title,
              template: opts.html.template,
              // only our entry; remoteEntry.js must not be injected into the app's own page
              chunks: ['main'],
            }),
          ]
        : []),
    ],
    optimization: { minimize: production },
    performance: { hints: false },
    experiments: { css: true },
    stats: 'errors-warnings',
  };
}
