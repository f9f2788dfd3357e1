/** The authorize request: reading, validating and answering its parameters (spec section 7). */
import { PKCE_CHALLENGE } from './crypto.js';
import type { FrameMode, AuthView } from './pages/auth-pages.js';
import { normalizeOrigin, type ClientRow } from './store.js';

/** Parameters of `GET /account/oauth/authorize`, also carried as hidden fields by the login and sign-up forms. */
export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  mode: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
  scope: string;
  lang: string;
  theme: string;
  goto: string;
  product_id: string;
  source: string;
  register_mode: string;
  prompt: string;
  /** OpenID Connect: echoed in the ID token */
  nonce: string;
}

const NAMES: Array<keyof AuthorizeParams> = [
  'client_id',
  'redirect_uri',
  'response_type',
  'mode',
  'state',
  'code_challenge',
  'code_challenge_method',
  'scope',
  'lang',
  'theme',
  'goto',
  'product_id',
  'source',
  'register_mode',
  'prompt',
  'nonce',
];

export function first(value: unknown): string {
  if (Array.isArray(value)) return first(value[0]);
  return typeof value === 'string' ? value : '';
}

/** Reads the parameters from a query or a form; app_key is the product's name for client_id. */
export function readAuthorizeParams(source: Record<string, unknown>): AuthorizeParams {
  const params = {} as AuthorizeParams;
  for (const name of NAMES) params[name] = first(source[name]).slice(0, 2048);
  if (!params.client_id) params.client_id = first(source.app_key).slice(0, 200);
  return params;
}

/** The parameters the forms carry on (prompt and register_mode are decided by the page itself). */
export function hiddenAuthorizeFields(params: AuthorizeParams): Record<string, string> {
  const hidden: Record<string, string> = {};
  for (const name of NAMES) {
    if (name === 'prompt' || name === 'register_mode') continue;
    if (params[name]) hidden[name] = params[name];
  }
  return hidden;
}

export function authorizeUrl(base: string, params: AuthorizeParams, view: AuthView): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(hiddenAuthorizeFields(params))) search.set(name, value);
  if (view === 'register') search.set('register_mode', '1');
  if (view === 'forgot') return `${base}/password/forgot?${search.toString()}`;
  return `${base}/oauth/authorize?${search.toString()}`;
}

export function wantsRegister(value: string): boolean {
  return ['1', 'true', 'yes', 'register', 'signup', 'sign-up'].includes(value.toLowerCase());
}

/** Whether a redirect URI may receive codes for this client: its origin allowed, or listed exactly. */
export function redirectAllowed(client: Pick<ClientRow, 'allowed_origins' | 'redirect_uris'>, redirectUri: string): boolean {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.username || url.password || url.hash) return false;
  if (client.redirect_uris.includes(redirectUri)) return true;
  return client.allowed_origins.includes(url.origin);
}

/** An OAuth flow being served by the pages, or the account center's own login. */
export type Flow =
  | { kind: 'oauth'; params: AuthorizeParams; client: ClientRow; mode: FrameMode; redirectOrigin: string }
  | { kind: 'center' };

export type AuthorizeCheck =
  /** no trustworthy place to send an answer: show an error page, never redirect */
  | { kind: 'fatal'; reason: string }
  /** a bad request from a known client to an allowed redirect URI: answer there (redirect mode) or on the page */
  | { kind: 'error'; params: AuthorizeParams; client: ClientRow; mode: FrameMode; redirectOrigin: string; error: string; description: string }
  | { kind: 'ok'; params: AuthorizeParams; client: ClientRow; mode: FrameMode; redirectOrigin: string };

export function checkAuthorize(params: AuthorizeParams, client: ClientRow | null): AuthorizeCheck {
  if (!params.client_id || !client) return { kind: 'fatal', reason: 'unknown client' };
  if (!params.redirect_uri || !redirectAllowed(client, params.redirect_uri))
    return { kind: 'fatal', reason: 'redirect_uri not allowed for this client' };
  const redirectOrigin = normalizeOrigin(params.redirect_uri);
  const mode: FrameMode = params.mode === 'iframe' || params.mode === 'popup' ? params.mode : 'redirect';
  const fail = (error: string, description: string): AuthorizeCheck => ({
    kind: 'error',
    params,
    client,
    mode,
    redirectOrigin,
    error,
    description,
  });
  if (params.mode && !['iframe', 'popup', 'redirect'].includes(params.mode)) return fail('invalid_request', 'mode must be iframe, popup or redirect');
  if (params.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  if (!params.code_challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
  if (params.code_challenge_method !== 'S256') return fail('invalid_request', 'code_challenge_method must be S256');
  if (!PKCE_CHALLENGE.test(params.code_challenge)) return fail('invalid_request', 'code_challenge is not an S256 challenge');
  if (params.state.length > 1024) return fail('invalid_request', 'state is too long');
  if (params.nonce.length > 256) return fail('invalid_request', 'nonce is too long');
  if (params.scope && !/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/.test(params.scope)) return fail('invalid_scope', 'scope is malformed');
  return { kind: 'ok', params, client, mode, redirectOrigin };
}

/** redirect_uri with the answer's parameters added (existing query kept). */
export function withParams(redirectUri: string, values: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(values)) if (value) url.searchParams.set(name, value);
  return url.toString();
}

/** goto is passed back only as a path on the product's own origin. */
export function safeGoto(goto: string): string | undefined {
  if (!goto.startsWith('/') || goto.startsWith('//')) return undefined;
  // browsers drop tabs and line breaks from a URL and read a backslash as a slash: '/\t/evil.example'
  // and '/%5C/evil.example' would both leave the site; so would their percent-encoded forms
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  const unsafe = /[\\\s\u0000-\u001f\u007f]/;
  if (unsafe.test(goto)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(goto);
  } catch {
    return undefined;
  }
  // eslint-disable-next-line no-control-regex -- as above, after percent-decoding
  return decoded.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(decoded) ? undefined : goto;
}
