/**
 * Sign-in (POST /v1/oauth/token): the account service's code is exchanged for its profile, the product
 * user is created or refreshed and a session started in one transaction, and then, as its own explicit
 * step, a new user's sign-up grant is applied (once: idempotency key signup:<user>). Authentication of
 * later requests never grants anything (auth.ts); membership credits come from the billing module.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { API_CODES, type OAuthTokenRequest, type OAuthTokenResponse } from 'shared-contracts';
import { AccountClientError, type ExchangedAccount } from '../../account-client.js';
import type { ApiConfig } from '../../config.js';
import { ApiFailure } from '../../http.js';
import { networkCountry } from '../country/index.js';
import type { ModuleContext } from '../types.js';
import { applySignupGrant, buildUser, loadUserView, upsertUserFromProfile } from '../users/users.js';

/** The visitor's country from the network: the trusted edge header (COUNTRY_HEADER) or the offline IP database, else ''. */
export function headerCountry(request: FastifyRequest, config: ApiConfig): string {
  return networkCountry(request, config);
}

function sentence(text: string): string {
  const trimmed = text.trim().replace(/[.!]+$/, '');
  return `${trimmed.charAt(0).toUpperCase()}${trimmed.slice(1)}.`;
}

/** Turns the account service's refusal into an answer a person understands. */
function accountFailure(error: AccountClientError): ApiFailure {
  switch (error.error) {
    case 'invalid_grant':
    case 'invalid_request':
    case 'invalid_scope':
    case 'unsupported_grant_type':
      return new ApiFailure(400, API_CODES.BAD_REQUEST, `Sign-in failed: ${sentence(error.description)} Please log in again.`, {
        reason: error.error,
      });
    case 'invalid_client':
    case 'unauthorized_client':
      return new ApiFailure(502, API_CODES.INTERNAL, "Sign-in is unavailable: the account service refused the product's client credentials.", {
        reason: error.error,
      });
    default:
      return new ApiFailure(502, API_CODES.INTERNAL, 'Sign-in is unavailable: the account service could not be reached. Please try again later.', {
        reason: 'unavailable',
      });
  }
}

/** The account profile behind an authorization code; the account service's refusal as an ApiFailure. */
export async function exchangeProfile(ctx: Pick<ModuleContext, 'accountClient'>, body: OAuthTokenRequest, log: FastifyBaseLogger): Promise<ExchangedAccount> {
  try {
    return await ctx.accountClient.exchangeCode({ code: body.code, codeVerifier: body.code_verifier, redirectUri: body.redirect_uri });
  } catch (error) {
    if (error instanceof AccountClientError) {
      log.warn({ reason: error.error, status: error.status }, `token exchange refused: ${error.description}`);
      throw accountFailure(error);
    }
    throw error;
  }
}

export interface SignInInput {
  profile: ExchangedAccount;
  body: OAuthTokenRequest;
  /** the network's country of the request */
  country: string;
  at?: Date;
}

/** Creates or refreshes the user, starts a session, applies a new user's sign-up grant; answers jwt and User. */
export async function signIn(ctx: Pick<ModuleContext, 'db' | 'ledger' | 'auth'>, input: SignInInput): Promise<OAuthTokenResponse & { created: boolean }> {
  const { db, ledger, auth } = ctx;
  const { profile, body } = input;
  const at = input.at ?? new Date();
  const { user, session } = await db.transaction(async (tx) => {
    const user = await upsertUserFromProfile(tx, profile, { country: input.country, timezone: body.timezone, landingPage: body.landing_page, plan: body.plan, at });
    const session = await auth.startSession(tx, { userId: user.id, wsId: user.wsId, isNew: user.created || profile.is_new, at, accountGrant: profile.grantId });
    return { user, session };
  });
  // the explicit grant step: a user whose sign-up grant is still pending gets it now, once, and only with a
  // confirmed address (throwaway addresses do not farm sign-up credits); /v1/user applies it once confirmed
  if (user.signupPending && user.emailVerified) await applySignupGrant(db, ledger, user, at);
  const view = await loadUserView(db, user.id, at);
  if (!view) throw new ApiFailure(500, API_CODES.INTERNAL, 'The user could not be loaded after sign-in');
  const facts = { jwt: session.jwt, sessionId: session.sessionId, sessionIsNew: user.created || profile.is_new };
  return { jwt: session.jwt, user: buildUser(view, facts, at), created: user.created };
}
