/** This remote's version (defined at build time), '0.0.0-dev' in tests. */
export function appVersion(): string {
  return typeof __REMOTE_ACCOUNT_VERSION__ === 'string' ? __REMOTE_ACCOUNT_VERSION__ : '0.0.0-dev';
}
