/**
 * The browser has no `process`: these are the names the build replaces (rspack.shared.ts and
 * shell/rspack.config.ts `define`), and the only ones browser code may read.
 */
declare const process: {
  readonly env: {
    readonly NODE_ENV: 'production' | 'development';
    readonly SHELL_VERSION?: string;
  };
};
