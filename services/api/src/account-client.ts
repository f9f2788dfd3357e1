import { decodeJwt } from 'jose';
import type { AccountProfile } from 'shared-contracts';

/**
 * The product API's view of the central account service: it exchanges an authorization code (OAuth2 with
 * PKCE) for the account's profile.
 *
 * Wire protocol (the account service implements it at POST /account/oauth/token):
 *
 *   POST ${ACCOUNT_INTERNAL_URL}/oauth/token            content-type: application/json
 *   { grant_type: 'authorization_code', code, code_verifier, redirect_uri, client_id, client_secret }
 *
 *   200 AccountTokenResponse { access_token, token_type, expires_in, scope, account: AccountProfile }
 *   4xx AccountOAuthError { error, error_description }            (RFC 6749 section 5.2)
 *
 * An envelope ({code, msg, data: profile or error}) is understood too.
 */

/** What the account service tells the product about an account at sign-in (the contract's type). */
export type { AccountProfile } from 'shared-contracts';

export interface ExchangeCodeInput {
  code: string;
  codeVerifier: string;
  redirectUri: string;
}

/** The profile, and the grant (the access token's jti) the product session is made from. */
export type ExchangedAccount = AccountProfile & { grantId?: string };

export interface AccountClient {
  /** Exchanges a single-use authorization code; throws AccountClientError when the account service refuses. */
  exchangeCode(input: ExchangeCodeInput): Promise<ExchangedAccount>;
  /**
   * Whether a grant still stands (POST /oauth/token-status): false after a password change or a replayed
   * code; null when the account service cannot say (unreachable), so an outage signs nobody out.
   */
  tokenActive?(grantId: string): Promise<boolean | null>;
  /** the grant and its account's address: whether it stands, whether the address is confirmed; null: cannot tell */
  grantStatus?(grantId: string): Promise<{ active: boolean; emailVerified: boolean } | null>;
  /** asks the account service to send the confirmation mail of the grant's account again */
  sendVerification?(grantId: string): Promise<{ sent: boolean; emailVerified: boolean } | 'limited' | null>;
}

/** RFC 6749 section 5.2 error codes, plus `unavailable` when the account service cannot be reached. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'unavailable';

export class AccountClientError extends Error {
  readonly error: OAuthErrorCode;
  /** the account service's own explanation (e.g. 'The authorization code has expired') */
  readonly description: string;
  /** HTTP status the account service answered, 0 when it could not be reached */
  readonly status: number;
  constructor(error: OAuthErrorCode, description: string, status: number) {
    super(`${error}: ${description}`);
    this.name = 'AccountClientError';
    this.error = error;
    this.description = description;
    this.status = status;
  }
}

export interface HttpAccountClientOptions {
  /** e.g. http://127.0.0.1:8080/account */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** abort the exchange after this many ms (default 10000) */
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

const OAUTH_ERRORS: ReadonlySet<string> = new Set([
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Reads a profile from the account service's answer (a token response's `account`, or a bare profile). */
export function parseAccountProfile(value: unknown): AccountProfile | null {
  if (isRecord(value) && isRecord(value.account)) return parseAccountProfile(value.account);
  if (!isRecord(value)) return null;
  const id = str(value.id);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return null;
  const created = value.created_at;
  const createdMs =
    typeof created === 'number' ? (created < 1e12 ? created * 1000 : created) : typeof created === 'string' ? Date.parse(created) : NaN;
  return {
    id: id.toLowerCase(),
    email: str(value.email),
    nickname: str(value.nickname),
    firstname: str(value.firstname),
    lastname: str(value.lastname),
    avatar: str(value.avatar),
    country: str(value.country).toUpperCase().slice(0, 2),
    created_at: Math.floor((Number.isFinite(createdMs) ? createdMs : Date.now()) / 1000),
    // only an explicit false means unconfirmed (an account service without confirmation says nothing)
    email_verified: value.email_verified !== false,
    is_new: value.is_new === true,
  };
}

/** The jti of the account's access token (read, not verified: it came straight from the account service). */
function grantOf(accessToken: unknown): string | undefined {
  if (typeof accessToken !== 'string') return undefined;
  try {
    const { jti } = decodeJwt(accessToken);
    return typeof jti === 'string' && /^[0-9a-f-]{36}$/i.test(jti) ? jti : undefined;
  } catch {
    return undefined;
  }
}

function errorFromBody(body: unknown, status: number): AccountClientError {
  const inner = isRecord(body) && isRecord(body.data) ? body.data : body;
  const code = isRecord(inner) ? str(inner.error) : '';
  const description =
    (isRecord(inner) ? str(inner.error_description) : '') ||
    (isRecord(body) ? str(body.msg) || str(body.message) : '') ||
    `the account service answered HTTP ${status}`;
  const error: OAuthErrorCode = OAUTH_ERRORS.has(code)
    ? (code as OAuthErrorCode)
    : status === 401
      ? 'invalid_client'
      : status >= 500 || status === 0
        ? 'unavailable'
        : 'invalid_grant';
  return new AccountClientError(error, description, status);
}

/** The real client: calls the account service over HTTP with the product's client credentials. */
export function createHttpAccountClient(options: HttpAccountClientOptions): AccountClient {
  const fetchImpl = options.fetchImpl ?? fetch;
  const base = options.baseUrl.replace(/\/+$/, '');
  const url = `${base}/oauth/token`;
  /** a back-channel call with the client's credentials and a grant: the answer's JSON and status, or null when unreachable */
  const backChannel = async (path: string, grantId: string): Promise<{ status: number; body: unknown } | null> => {
    try {
      const response = await fetchImpl(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jti: grantId, client_id: options.clientId, client_secret: options.clientSecret }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10000),
      });
      return { status: response.status, body: await response.json().catch(() => null) };
    } catch {
      return null;
    }
  };
  const grantStatus = async (grantId: string) => {
    const answer = await backChannel('/oauth/token-status', grantId);
    if (!answer || answer.status !== 200 || !isRecord(answer.body) || typeof answer.body.active !== 'boolean') return null;
    return { active: answer.body.active, emailVerified: answer.body.email_verified !== false };
  };
  return {
    async tokenActive(grantId) {
      return (await grantStatus(grantId))?.active ?? null;
    },
    grantStatus,
    async sendVerification(grantId) {
      const answer = await backChannel('/oauth/verification-mail', grantId);
      if (!answer) return null;
      if (answer.status === 429) return 'limited';
      if (answer.status !== 200 || !isRecord(answer.body)) return null;
      return { sent: answer.body.sent === true, emailVerified: answer.body.email_verified === true };
    },
    async exchangeCode(input) {
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            grant_type: 'authorization_code',
            code: input.code,
            code_verifier: input.codeVerifier,
            redirect_uri: input.redirectUri,
            client_id: options.clientId,
            client_secret: options.clientSecret,
          }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10000),
        });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new AccountClientError('unavailable', `the account service could not be reached (${reason})`, 0);
      }
      let body: unknown = null;
      try {
        body = await response.json();
      } catch {
        body = null;
      }
      const record = isRecord(body) ? body : null;
      const enveloped = record !== null && 'code' in record && 'data' in record;
      if (!response.ok || (enveloped && record.code !== 0) || typeof record?.error === 'string') {
        throw errorFromBody(body, response.ok ? 400 : response.status);
      }
      const profile = parseAccountProfile(enveloped ? record.data : body);
      if (!profile) {
        throw new AccountClientError('unavailable', 'the account service answered without an account profile', response.status);
      }
      const grantId = grantOf(record?.access_token);
      return grantId ? { ...profile, grantId } : profile;
    },
  };
}
