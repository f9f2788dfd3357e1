/**
 * Build configuration every federated app shares: the singleton list and one config factory, so the
 * shell and the five remotes agree on how React, the router and the contract are shared at runtime.
 */
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { rspack, type Configuration } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';

const rootDir = __dirname;

function versionOf(pkgDir: string): string {
  return (JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * One instance of each across the shell and every remote. Without @emotion/react/jsx-runtime shared,
 * the css prop in a remote would see another emotion and lose the shell's theme.
 */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'valtio',
  'valtio/vanilla',
  'swr',
  '@emotion/react',
  '@emotion/react/jsx-runtime',
  '@emotion/styled',
  '@emotion/cache',
  'dayjs',
  'shared-contracts',
] as const;

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

export interface RemoteName {
  /** folder and package name, e.g. remote-create */
  pkg: string;
  /** the federation container name, e.g. remote_create */
  container: string;
}

export const REMOTES: readonly RemoteName[] = [
  { pkg: 'remote-explore', container: 'remote_explore' },
  { pkg: 'remote-create', container: 'remote_create' },
  { pkg: 'remote-tools', container: 'remote_tools' },
  { pkg: 'remote-billing', container: 'remote_billing' },
  { pkg: 'remote-account', container: 'remote_account' },
];

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
