/**
 * The caller's memberships and credit plans (list, cancel and resume, a change at the period's end), the
 * quote of a purchase, the billing history with its receipts, and the money-back refund.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES, MONEY_BACK_DAYS } from 'shared-contracts';
import { defineCall } from '../../define-call.js';
import { ApiFailure } from '../../http.js';
import { messagePage, receiptPage } from './checkout-page.js';
import { cancelCreditPlan, listCreditPlans, resumeCreditPlan } from './credit-plans.js';
import { applyRefund, refundableError } from './fulfil.js';
import { billingHistory, receiptOf } from './history.js';
import { loadSku, quoteFor, type OrderRow } from './orders.js';
import { MembershipError, cancelMembership, changeAtPeriodEnd, listMemberships, resumeMembership } from './plan-changes.js';
import { callerOf, security, tags } from './routes-shared.js';
import type { CheckoutDeps } from './routes-checkout.js';

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);
const Unit = Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('year')]);

const MembershipSchema = Type.Object({
  id: Type.Integer(),
  sku_id: Type.Integer(),
  name: Type.String(),
  level: Type.Union([Type.Literal('standard'), Type.Literal('premium')]),
  period_unit: Unit,
  status: Type.Union([
    Type.Literal('trialing'),
    Type.Literal('active'),
    Type.Literal('scheduled'),
    Type.Literal('expired'),
    Type.Literal('refunded'),
    Type.Literal('converted'),
    Type.Literal('replaced'),
  ]),
  is_trial: Type.Boolean(),
  started_at: Type.Integer(),
  expires_at: Type.Integer(),
  auto_renew: Type.Boolean(),
  cancel_at_period_end: Type.Boolean(),
  order_id: Nullable(Type.String()),
  refundable: Type.Boolean(),
  renews_into: Nullable(Type.Object({ sku_id: Type.Integer(), name: Type.String() })),
});

const CreditPlanSchema = Type.Object({
  id: Type.Integer(),
  sku_id: Type.Integer(),
  name: Type.String(),
  credits: Type.Integer(),
  period_unit: Type.Union([Type.Literal('week'), Type.Literal('month')]),
  status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('refunded')]),
  expires_at: Type.Integer(),
  cancel_at_period_end: Type.Boolean(),
});

const QuoteSchema = Type.Object({
  sku_id: Type.Integer(),
  change: Type.Union([Type.Literal('new'), Type.Literal('upgrade'), Type.Literal('queued'), Type.Literal('trial')]),
  price: Type.Number(),
  credit: Type.Number(),
  due_today: Type.Number(),
  currency: Type.String(),
  currency_symbol: Type.String(),
  replaces: Type.Array(Type.String()),
  starts_at: Type.Integer(),
  refused: Nullable(Type.String()),
});

const HistorySchema = Type.Object({
  id: Type.String(),
  order_id: Nullable(Type.String()),
  kind: Type.Union([Type.Literal('purchase'), Type.Literal('upgrade'), Type.Literal('renewal'), Type.Literal('refund')]),
  item: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  currency_symbol: Type.String(),
  created_at: Type.Integer(),
  status: Type.Union([Type.Literal('paid'), Type.Literal('refunded')]),
  card_last4: Type.String(),
  receipt_url: Type.String(),
});

const IdBody = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** A refused change answers 409 with the member's text. */
async function refusing<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof MembershipError) throw new ApiFailure(409, API_CODES.CONFLICT, error.message);
    throw error;
  }
}

export function registerAccountRoutes(scope: FastifyInstance, deps: CheckoutDeps): void {
  registerPlanRoutes(scope, deps);
  registerPaymentRoutes(scope, deps);
}

/** The caller's memberships and credit plans: the list, a cancel at the period's end and its undo, a change. */
function registerPlanRoutes(scope: FastifyInstance, deps: CheckoutDeps): void {
  const { db, auth, provider, clock } = deps;
  const authed = { preHandler: auth.authenticate };
  defineCall(scope, 'GET /v1/buy/subscriptions', { ...authed, schema: { tags, security, summary: "The caller's memberships", response: Type.Array(MembershipSchema) } }, async (request) =>
    listMemberships(db, request.user!.uid, clock()),
  );

  defineCall(scope, 'POST /v1/buy/subscription/cancel', { ...authed, schema: { tags, security, summary: 'Cancel at period end', body: IdBody, response: MembershipSchema } }, async (request) =>
    // the cancel notice goes at once (sendBillingMails)
    refusing(() => cancelMembership(db, provider, request.user!.uid, request.body.id, clock()).finally(() => void deps.notify(request.user!.uid))),
  );

  defineCall(
    scope,
    'POST /v1/buy/subscription/resume',
    { ...authed, schema: { tags, security, summary: 'Undo a cancel before the period ends', body: IdBody, response: MembershipSchema } },
    async (request) => refusing(() => resumeMembership(db, provider, request.user!.uid, request.body.id, clock())),
  );

  defineCall(
    scope,
    'POST /v1/buy/subscription/change',
    {
      ...authed,
      schema: { tags, security, summary: "A change to a smaller plan at the period's end (or back to the membership's own plan)", body: Type.Object({ id: Type.Integer({ minimum: 1 }), sku_id: Type.Integer({ minimum: 1 }) }), response: MembershipSchema },
    },
    async (request) => refusing(() => changeAtPeriodEnd(db, provider, request.user!.uid, request.body.id, request.body.sku_id, clock())),
  );

  defineCall(scope, 'GET /v1/buy/credit-plans', { ...authed, schema: { tags, security, summary: "The caller's weekly and monthly credit plans", response: Type.Array(CreditPlanSchema) } }, async (request) =>
    listCreditPlans(db, request.user!.uid),
  );

  defineCall(
    scope,
    'POST /v1/buy/credit-plan/cancel',
    { ...authed, schema: { tags, security, summary: 'Cancel a credit plan at period end', body: IdBody, response: Type.Object({ cancelled: Type.Boolean() }) } },
    async (request) => {
      if (!(await cancelCreditPlan(db, provider, request.user!.uid, request.body.id))) throw new ApiFailure(409, API_CODES.CONFLICT, 'No running credit plan with this id.');
      return { cancelled: true };
    },
  );

  defineCall(
    scope,
    'POST /v1/buy/credit-plan/resume',
    { ...authed, schema: { tags, security, summary: 'Undo the cancel of a credit plan before its period ends', body: IdBody, response: Type.Object({ resumed: Type.Boolean() }) } },
    async (request) => {
      if (!(await resumeCreditPlan(db, provider, request.user!.uid, request.body.id, clock()))) {
        throw new ApiFailure(409, API_CODES.CONFLICT, 'No cancelled credit plan with this id that is still running.');
      }
      return { resumed: true };
    },
  );
}

/** What the caller would pay and has paid: the quote of a purchase, the history with its receipts, the refund. */
function registerPaymentRoutes(scope: FastifyInstance, deps: CheckoutDeps): void {
  const { db, auth, provider, clock } = deps;
  const authed = { preHandler: auth.authenticate };
  defineCall(
    scope,
    'GET /v1/buy/quote',
    {
      ...authed,
      schema: {
        tags,
        security,
        summary: 'What buying a sku would charge now and change (an upgrade is prorated)',
        querystring: Type.Object({ sku_id: Type.Integer({ minimum: 1 }), zero_buy: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })) }),
        response: QuoteSchema,
      },
    },
    async (request) => {
      const sku = await loadSku(db, request.query.sku_id);
      if (!sku || !sku.active) throw new ApiFailure(404, API_CODES.NOT_FOUND, 'This plan is not on sale.');
      const { replaceIds: _ids, ...quote } = await quoteFor(db, request.user!.uid, sku, request.query.zero_buy === 1, provider.name, clock());
      return quote;
    },
  );

  defineCall(scope, 'GET /v1/buy/history', { ...authed, schema: { tags, security, summary: "The caller's charges, renewals and refunds, newest first", response: Type.Array(HistorySchema) } }, async (request) =>
    billingHistory(db, request.user!.uid),
  );

  // a receipt is a page of its own (printable, opened in a new tab), so the token cookie signs it in
  scope.get('/v1/buy/receipt/:id', { schema: { hide: true } }, async (request, reply) => {
    const page = (status: number, body: string) => reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);
    const user = await callerOf(auth, request);
    if (!user) return page(401, messagePage('Please sign in first', 'Sign in to the studio, then open the receipt again.', { backUrl: deps.studioUrl, sandbox: false }));
    const view = await receiptOf(db, user.uid, (request.params as { id: string }).id, deps.studioUrl);
    if (!view) return page(404, messagePage('No such receipt', 'Open your billing history in the studio.', { backUrl: deps.studioUrl, sandbox: false }));
    return page(200, receiptPage(view));
  });

  defineCall(
    scope,
    'POST /v1/buy/refund',
    {
      ...authed,
      schema: {
        tags,
        security,
        summary: `The ${MONEY_BACK_DAYS}-day money-back refund of one of the caller's orders`,
        body: Type.Object({ order_id: Type.String({ format: 'uuid' }) }),
        response: Type.Object({ order_id: Type.String(), status: Type.Union([Type.Literal('refunded'), Type.Literal('refund_requested')]), credits_taken_back: Type.Integer() }),
      },
    },
    async (request) => {
      const at = clock();
      const found = await db.query<OrderRow>('SELECT * FROM billing_orders WHERE id = $1', [request.body.order_id]);
      const refusal = refundableError(found.rows[0], request.user!.uid, at);
      if (refusal) throw new ApiFailure(409, API_CODES.CONFLICT, refusal);
      const payment = await db.query<{ provider_ref: string | null }>(
        `SELECT provider_ref FROM billing_payments WHERE order_id = $1 AND kind = 'charge' AND status = 'succeeded' ORDER BY created_at LIMIT 1`,
        [request.body.order_id],
      );
      const result = await provider.refund({ orderId: request.body.order_id, paymentRef: payment.rows[0]?.provider_ref ?? null, amount: Number(found.rows[0].amount) });
      if (result === 'requested') return { order_id: request.body.order_id, status: 'refund_requested' as const, credits_taken_back: 0 };
      const applied = await applyRefund(db, request.body.order_id, at);
      return { order_id: request.body.order_id, status: 'refunded' as const, credits_taken_back: applied.taken };
    },
  );
}
