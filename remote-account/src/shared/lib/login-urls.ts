import { DEFAULT_LOCALE, LOGIN_LOCALES, type ShellConfig } from 'shared-contracts';
import { DEFAULT_APP_KEY } from './shell-names';

export type LoginWay = 'iframe' | 'popup' | 'redirect';
export type DialogType = 'login' | 'register';

export function accountOriginOf(config: Pick<ShellConfig, 'accountOrigin'>): string {
  return new URL(config.accountOrigin).origin;
}

/** The login locale map of section 9: a supported language, else en. */
export function loginLang(language: string | undefined): string {
  const base = (language ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return (LOGIN_LOCALES as readonly string[]).includes(base) ? base : DEFAULT_LOCALE;
}

export interface AuthorizeParams {
  state: string;
  challenge: string;
  redirectUri: string;
  way: LoginWay;
  dialogType: DialogType;
  lang: string;
  /** where the user was when the login started */
  goto: string;
}

/** GET {accountOrigin}/account/oauth/authorize with the parameters of section 7 plus PKCE. */
export function authorizeUrl(config: ShellConfig, params: AuthorizeParams): string {
  const url = new URL('/account/oauth/authorize', accountOriginOf(config));
  const appKey = config.appKey || DEFAULT_APP_KEY;
  const query: Record<string, string> = {
    response_type: 'code',
    client_id: appKey,
    app_key: appKey,
    product_id: config.productId,
    source: 'web',
    scope: 'basic',
    redirect_uri: params.redirectUri,
    state: params.state,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    mode: params.way,
    lang: params.lang,
    register_mode: params.dialogType === 'register' ? '1' : '0',
    goto: params.goto,
  };
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

/** The account service logout, coming back to the product's home page. */
export function accountLogoutUrl(config: ShellConfig, home: string): string {
  const url = new URL('/account/logout', accountOriginOf(config));
  url.searchParams.set('redirect_uri', home);
  return url.toString();
}

export function accountCenterUrl(config: ShellConfig): string {
  return new URL('/account/center', accountOriginOf(config)).toString();
}

export function cookieCheckUrl(config: ShellConfig, origin: string): string {
  const url = new URL('/account/cookie-check', accountOriginOf(config));
  url.searchParams.set('origin', origin);
  return url.toString();
}
