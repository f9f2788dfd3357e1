/**
 * Accounts (issue 23): the confirmation mail again (POST /v1/user/verify-email, through the account service's
 * back channel with this session's grant), the account service's signed events (POST /v1/account/events: a
 * deletion, told before the account goes, so plans stop and data goes), and the mail an operator must see
 * (GET /v1/ops/mail: what was sent, what failed and why; operators only).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES } from 'shared-contracts';
import { listMail } from '@studio/mail';
import { defineCall } from '../../define-call.js';
import { ApiFailure, ok } from '../../http.js';
import type { ApiModuleDefinition, ApiModulePlugin, ModuleContext } from '../types.js';
import { createSandboxProvider } from '../billing/provider.js';
import { createStripeProvider } from '../billing/stripe.js';
import Stripe from 'stripe';
import { deleteProductUser } from './deletion.js';

const tags = ['identity'];
const security = [{ bearer: [] }];
/** how old a signed event may be (replays of an old one are refused) */
const EVENT_TOLERANCE_S = 300;

/** Checks `t=<seconds>,v1=<hex>` over "t.body" with the client secret (the account service signs with it). */
function verifyAccountEvent(secret: string, body: string, header: string | undefined, nowMs: number): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((part) => part.split('=') as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > EVENT_TOLERANCE_S || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

function accountsPlugin(options: { now?: () => Date } = {}): ApiModulePlugin {
  return async (app: FastifyInstance, ctx: ModuleContext) => {
    const { db, auth, accountClient, config } = ctx;
    const clock = options.now ?? (() => new Date());

    defineCall(
      app,
      'POST /v1/user/verify-email',
      { preHandler: auth.authenticate, schema: { tags, security, summary: 'Send the address confirmation mail again', response: Type.Object({ sent: Type.Boolean(), email_verified: Type.Boolean() }) } },
      async (request) => {
        const grant = (await db.query<{ account_grant: string | null }>('SELECT account_grant FROM sessions WHERE id = $1', [request.user!.sessionId])).rows[0]?.account_grant;
        const outcome = grant && accountClient.sendVerification ? await accountClient.sendVerification(grant) : null;
        if (outcome === 'limited') throw new ApiFailure(429, API_CODES.TOO_MANY_REQUESTS, 'We sent several links already. Check your inbox and spam folder, or try again in 15 minutes.');
        if (!outcome) throw new ApiFailure(502, API_CODES.INTERNAL, 'The confirmation mail could not be sent right now. Please try again later.');
        if (outcome.emailVerified) await db.query('UPDATE users SET email_verified = true WHERE id = $1', [request.user!.uid]);
        return { sent: outcome.sent, email_verified: outcome.emailVerified };
      },
    );

    // the account service's events: the body is read raw, since its signature covers the bytes
    await app.register(async (scope) => {
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => done(null, body));
      scope.post('/v1/account/events', { schema: { hide: true } }, async (request) => {
        const body = String(request.body ?? '');
        const signature = request.headers['x-account-signature'];
        if (!verifyAccountEvent(config.accountClientSecret, body, typeof signature === 'string' ? signature : undefined, clock().getTime())) {
          throw new ApiFailure(401, API_CODES.UNAUTHORIZED, 'The event is not signed by the account service');
        }
        const event = JSON.parse(body) as { type?: unknown; account_id?: unknown };
        if (event.type !== 'account.deleted' || typeof event.account_id !== 'string' || !/^[0-9a-f-]{36}$/i.test(event.account_id)) {
          throw new ApiFailure(400, API_CODES.BAD_REQUEST, 'Unknown event');
        }
        const billing = config.billing;
        const provider = billing.payments === 'stripe' ? createStripeProvider(new Stripe(billing.stripeSecretKey)) : createSandboxProvider();
        const result = await deleteProductUser(db, provider, event.account_id, clock());
        request.log.info({ uid: event.account_id, cancelled: result.cancelled }, 'account deleted: product data removed');
        return ok(request, { deleted: true });
      });
    });

    app.get(
      '/v1/ops/mail',
      { preHandler: auth.authenticate, schema: { tags, security, summary: 'Mail the services sent or could not send (operators)', querystring: Type.Object({ status: Type.Optional(Type.Union([Type.Literal('queued'), Type.Literal('sent'), Type.Literal('failed')])) }) } },
      async (request) => {
        if (!config.operatorUids.includes(request.user!.uid)) throw new ApiFailure(403, API_CODES.FORBIDDEN, 'Operators only');
        const { status } = request.query as { status?: 'queued' | 'sent' | 'failed' };
        const rows = await listMail(db, { status: status ?? 'failed' });
        return ok(request, { list: rows.map((row) => ({ ...row, created_at: new Date(row.created_at).toISOString() })) });
      },
    );
  };
}

export function accountsModule(options: { now?: () => Date } = {}): ApiModuleDefinition {
  return { name: 'accounts', plugin: accountsPlugin(options) };
}
