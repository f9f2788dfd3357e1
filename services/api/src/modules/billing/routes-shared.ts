/** What the billing routes share: the services, the provider, the clock, and the checkout's helpers. */
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE_NAME } from 'shared-contracts';
import type { Database } from '@studio/db';
import { bearerOf, type AuthService, type AuthUser } from '../../auth.js';
import type { ApiConfig } from '../../config.js';
import type { Ledger } from '../credits/ledger.js';
import type { PaymentProvider } from './provider.js';

export interface RouteDeps {
  db: Database;
  ledger: Ledger;
  auth: AuthService;
  apiConfig: ApiConfig;
  provider: PaymentProvider;
  clock: () => Date;
  /** queues the shop's due mails for a member (receipt, cancel notice) right after what caused them */
  notify: (userId?: string) => Promise<unknown>;
}

export const tags = ['billing'];
export const security = [{ bearer: [] }];

/** The shell's token cookie (its one name is the contract's): the checkout tab is a plain page load. */
const TOKEN_COOKIE = TOKEN_COOKIE_NAME;

function cookieToken(header: string | undefined): string | null {
  for (const part of (header ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === TOKEN_COOKIE && rest.length) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** The signed-in caller from a bearer or the token cookie; null for a visitor or a bad token. */
export async function callerOf(auth: AuthService, request: FastifyRequest): Promise<AuthUser | null> {
  const jwt = bearerOf(request) ?? cookieToken(request.headers.cookie);
  if (!jwt) return null;
  try {
    return await auth.verify(jwt);
  } catch {
    return null;
  }
}

/** The checkout form's token: an HMAC of the order and the user, so no other site can post the form. */
export function checkoutToken(secret: string, orderId: string, uid: string): string {
  return createHmac('sha256', secret).update(`checkout:${orderId}:${uid}`).digest('base64url');
}

export function money(symbol: string, amount: number): string {
  return `${symbol}${amount.toFixed(2)}`;
}
