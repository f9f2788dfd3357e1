/**
 * Names the shell owns and this remote must agree with (shell/src/session/session-store.ts and
 * shell/src/api/client-id.ts). They are not in the contract; keep them in step.
 */
export const SHELL_TOKEN_COOKIE = 'studio_token';
export const SHELL_CLIENT_ID_COOKIE = 'studio_client_sn';
/** client_id / app_key of the web product at the account service when the config leaves it empty */
export const DEFAULT_APP_KEY = 'studio-web';
