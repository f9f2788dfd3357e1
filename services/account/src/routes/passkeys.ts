/**
 * Passkeys with @simplewebauthn/server: registration in the account center (session + CSRF token), sign-in
 * from the login view (discoverable credentials: no e-mail typed). Every challenge is single-use and lives 5
 * minutes; the relying party is the account service's host, the expected origin its own, and a frame's top
 * origin must be a registered client origin. A passkey sign-in ends like a password login: an account
 * session, then the code for the host (frame, pop-up or redirect).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { formBody } from '../body.js';
import { textsFor } from '../pages/texts.js';

type AuthenticatorTransportFuture = NonNullable<Parameters<typeof generateRegistrationOptions>[0]['excludeCredentials']>[number]['transports'] extends (infer T)[] | undefined ? T : never;
import type { AccountContext } from './context.js';
import { displayName } from '../pages/center-page.js';
import { emptyBody, PasskeyBody } from './schemas.js';

function parseJson<T>(value: string | undefined): T | null {
  if (!value || value.length > 16384) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === 'object' ? (parsed as T) : null;
  } catch {
    return null;
  }
}

/** the challenge the browser signed, read from its clientDataJSON (checked again by the library) */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string {
  try {
    const json = Buffer.from(String(response.response?.clientDataJSON ?? ''), 'base64url').toString('utf8');
    const challenge = (JSON.parse(json) as { challenge?: unknown }).challenge;
    return typeof challenge === 'string' ? challenge : '';
  } catch {
    return '';
  }
}

/** The relying party: the service's public host, and the origins a passkey may be used from. */
function relyingParty({ cfg, ownOrigin }: Pick<AccountContext, 'cfg' | 'ownOrigin'>, request: FastifyRequest) {
  const origin = cfg.publicOrigin ?? ownOrigin(request);
  return { rpID: new URL(origin).hostname, origins: [...new Set([origin, ownOrigin(request)])] };
}

/** Signing in with a passkey from the login view: its options, then the signed answer. */
export async function passkeySignInRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { openForm, cfg, store, counter, passkeys, base, formFromOwnPage, renderAuth, startSession, finishOAuth, minutesUntil, allAllowedOrigins } = ctx;

  app.post('/passkey/login/options', { preValidation: emptyBody, schema: { body: PasskeyBody } }, async (request, reply) => {
    if (!(await formFromOwnPage(request))) return reply.code(403).send({ error: 'forbidden' });
    const { rpID } = relyingParty(ctx, request);
    const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred', timeout: 60000 });
    await passkeys.saveChallenge(options.challenge, 'login', null);
    return reply.header('cache-control', 'no-store').send(options);
  });

  app.post('/passkey/login', { preValidation: emptyBody, schema: { body: PasskeyBody } }, async (request, reply) => {
    const form = await openForm(request, reply);
    if (!form) return reply;
    const { body, flow, t } = form;
    const failed = () => renderAuth(request, reply, flow, 'login', 401, { message: t.passkeyFailed });
    const hit = await counter.take(`login:ip:${request.ip}`, cfg.rateLimit.windowMs);
    if (hit.count > cfg.rateLimit.loginPerIp) return renderAuth(request, reply, flow, 'login', 429, { message: t.tooManyAttempts(minutesUntil(hit.resetAt)), retryAt: hit.resetAt });
    const response = parseJson<AuthenticationResponseJSON>(body.credential);
    const key = response && typeof response.id === 'string' ? await passkeys.find(response.id) : null;
    if (!response || !key) return failed();
    const { rpID, origins } = relyingParty(ctx, request);
    let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verified = await verifyAuthenticationResponse({
        response,
        expectedChallenge: (challenge) => passkeys.consumeChallenge(challenge, 'login', null),
        expectedOrigin: origins,
        expectedRPID: rpID,
        expectedTopOrigin: [...origins, ...(await allAllowedOrigins())],
        credential: { id: key.credential_id, publicKey: new Uint8Array(key.public_key), counter: Number(key.counter), transports: key.transports as AuthenticatorTransportFuture[] },
        requireUserVerification: false,
      });
    } catch (error) {
      request.log.warn({ err: error }, 'passkey sign-in refused');
      return failed();
    }
    if (!verified.verified) return failed();
    await passkeys.used(key.credential_id, verified.authenticationInfo.newCounter);
    await counter.giveBack(`login:ip:${request.ip}`);
    const user = await store.getUser(key.user_id);
    if (!user) return failed();
    await startSession(request, reply, user);
    if (flow.kind === 'center') return reply.redirect(`${base}/center`, 303);
    return finishOAuth(reply, flow, user, false);
  });
}

/** The account center's passkeys: a new one (its options, then the browser's answer), and removing one. */
export async function passkeyCenterRoutes(app: FastifyInstance, { ctx }: { ctx: AccountContext }): Promise<void> {
  const { cfg, passkeys, base, centerGuard, renderCenter } = ctx;

  app.post('/center/passkey/options', { preValidation: emptyBody, schema: { body: PasskeyBody } }, async (request, reply) => {
    const user = await centerGuard(request, reply, formBody(request));
    if (!user) return reply;
    const { rpID } = relyingParty(ctx, request);
    const existing = await passkeys.list(user.id);
    const options = await generateRegistrationOptions({
      rpName: cfg.productName,
      rpID,
      userName: user.email,
      userDisplayName: displayName(user),
      userID: new Uint8Array(Buffer.from(user.id.replace(/-/g, ''), 'hex')),
      attestationType: 'none',
      excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: row.transports as AuthenticatorTransportFuture[] })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      timeout: 60000,
    });
    await passkeys.saveChallenge(options.challenge, 'register', user.id);
    return reply.header('cache-control', 'no-store').send(options);
  });

  app.post('/center/passkey', { preValidation: emptyBody, schema: { body: PasskeyBody } }, async (request, reply) => {
    const fields = formBody(request);
    const user = await centerGuard(request, reply, fields);
    if (!user) return reply;
    const t = textsFor('en').t;
    const response = parseJson<RegistrationResponseJSON>(fields.credential);
    const { rpID, origins } = relyingParty(ctx, request);
    try {
      if (!response) throw new Error('no credential');
      const challenge = challengeOf(response);
      if (!(await passkeys.consumeChallenge(challenge, 'register', user.id))) throw new Error('unknown or spent challenge');
      const result = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: origins, expectedRPID: rpID, requireUserVerification: false });
      if (!result.verified || !result.registrationInfo) throw new Error('not verified');
      const { credential } = result.registrationInfo;
      const agent = String(request.headers['user-agent'] ?? '');
      await passkeys.add({
        credentialId: credential.id,
        userId: user.id,
        publicKey: credential.publicKey,
        counter: credential.counter,
        transports: credential.transports ?? [],
        name: /Android/.test(agent) ? 'Android' : /iPhone|iPad/.test(agent) ? 'iPhone or iPad' : /Mac OS/.test(agent) ? 'Mac' : /Windows/.test(agent) ? 'Windows' : 'This device',
      });
    } catch (error) {
      request.log.warn({ err: error, user_id: user.id }, 'passkey registration refused');
      return renderCenter(request, reply, user, 400, { kind: 'error', section: 'passkeys', message: t.passkeyFailed });
    }
    return reply.redirect(`${base}/center?status=passkey-added`, 303);
  });

  app.post('/center/passkey/remove', { preValidation: emptyBody, schema: { body: PasskeyBody } }, async (request, reply) => {
    const fields = formBody(request);
    const user = await centerGuard(request, reply, fields);
    if (!user) return reply;
    await passkeys.remove(user.id, fields.credential_id ?? '');
    return reply.redirect(`${base}/center?status=passkey-removed`, 303);
  });
}
