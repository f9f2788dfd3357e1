import { TOKEN_COOKIE_NAME } from 'shared-contracts';

/**
 * Names the shell owns and this remote must agree with (shell/src/api/client-id.ts). The token cookie's
 * name is the contract's; the others are not in the contract yet, keep them in step.
 */
export const SHELL_TOKEN_COOKIE = TOKEN_COOKIE_NAME;
export const SHELL_CLIENT_ID_COOKIE = 'studio_client_sn';
/** client_id / app_key of the web product at the account service when the config leaves it empty */
export const DEFAULT_APP_KEY = 'studio-web';
