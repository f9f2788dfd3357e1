/**
 * What the OAuth back channel answers a client: its authentication (HTTP Basic, or client_id and
 * client_secret in the body), RFC 6749 errors, and the account profile.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountOAuthError, AccountProfile } from 'shared-contracts';
import { safeEqual, sha256 } from '../crypto.js';
import type { ClientRow, UserRow } from '../store.js';
import type { AccountCore } from './core.js';

export function clientAnswers({ cfg, store }: Pick<AccountCore, 'cfg' | 'store'>) {
  const avatarUrl = (avatar: string) => (avatar.startsWith('/') && cfg.publicOrigin ? `${cfg.publicOrigin}${avatar}` : avatar);
  const profileOf = (user: UserRow, isNew: boolean): AccountProfile => ({
    id: user.id,
    email: user.email,
    nickname: user.nickname,
    firstname: user.firstname,
    lastname: user.lastname,
    avatar: avatarUrl(user.avatar),
    country: user.country,
    created_at: Math.floor(new Date(user.created_at).getTime() / 1000),
    email_verified: Boolean(user.email_verified_at),
    is_new: isNew,
  });

  const oauthError = (reply: FastifyReply, status: number, error: AccountOAuthError['error'], description: string) =>
    reply.code(status).header('cache-control', 'no-store').send({ error, error_description: description } satisfies AccountOAuthError);

  /** The OAuth client of a back-channel call (HTTP Basic or client_id + client_secret in the body). */
  const authenticateClient = async (request: FastifyRequest, body: Record<string, string>): Promise<ClientRow | string> => {
    let clientId = body.client_id ?? '';
    let clientSecret = body.client_secret ?? '';
    const authorization = request.headers.authorization ?? '';
    if (/^basic /i.test(authorization)) {
      const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon > 0) {
        try {
          clientId = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, ' '));
          clientSecret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, ' '));
        } catch {
          return 'malformed client credentials';
        }
      }
    }
    if (!clientId || !clientSecret) return 'client authentication is required';
    const client = await store.getClient(clientId);
    if (!client || !safeEqual(sha256(clientSecret), client.secret_hash)) return 'unknown client or wrong secret';
    return client;
  };

  return { profileOf, oauthError, authenticateClient };
}
