/** The values every part of the account routes' context starts from, made once per mount by plugin.ts. */
import type { Database } from '@studio/db';
import type { RateCounter } from '@studio/db/rate-counter';
import type { Mailer } from '@studio/mail';
import type { ResolvedAccountConfig } from '../config.js';
import type { SigningKey } from '../oidc-keys.js';
import type { PasskeyStore } from '../passkey-store.js';
import type { AccountStore } from '../store.js';
import type { AccountTokens } from '../tokens.js';

export interface AccountCore {
  cfg: ResolvedAccountConfig;
  store: AccountStore;
  /** attempts per address and e-mail: the one rate counter, on the service's clock */
  counter: RateCounter;
  db: Database;
  /** the mount prefix ('' at the root), e.g. '/account' */
  base: string;
  cookiePath: string;
  tokenKey: Uint8Array;
  now: () => number;
  tokens: AccountTokens;
  mailer: Mailer;
  /** the ID tokens' signing key (loaded once, on first use) */
  signingKey: () => Promise<SigningKey>;
  passkeys: PasskeyStore;
}
