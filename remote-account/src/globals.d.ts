/** Defined at build time by rspack.config.ts; absent in tests (read it through appVersion()). */
declare const __REMOTE_ACCOUNT_VERSION__: string | undefined;
