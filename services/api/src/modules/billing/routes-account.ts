/** The caller's memberships and credit plans: list, cancel at period end, and the money-back refund. */
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { API_CODES, MONEY_BACK_DAYS, type MembershipItem } from 'shared-contracts';
import { ApiFailure, ok, responses, type TypeBoxProvider } from '../../http.js';
import { cancelCreditPlan, listCreditPlans } from './credit-plans.js';
import { MembershipError, cancelMembership, listMemberships } from './memberships.js';
import { applyRefund, refundableError, type OrderRow } from './orders.js';
import { security, tags, type RouteDeps } from './routes-shared.js';

const MembershipSchema = Type.Object({
  id: Type.Integer(),
  sku_id: Type.Integer(),
  name: Type.String(),
  level: Type.Union([Type.Literal('standard'), Type.Literal('premium')]),
  period_unit: Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('year')]),
  status: Type.Union(['trialing', 'active', 'scheduled', 'expired', 'refunded', 'converted'].map((s) => Type.Literal(s))),
  is_trial: Type.Boolean(),
  started_at: Type.Integer(),
  expires_at: Type.Integer(),
  auto_renew: Type.Boolean(),
  cancel_at_period_end: Type.Boolean(),
  order_id: Type.Union([Type.String(), Type.Null()]),
  refundable: Type.Boolean(),
});

export function registerAccountRoutes(scope: FastifyInstance, { db, auth, provider, clock }: RouteDeps): void {
  const app = scope.withTypeProvider<TypeBoxProvider>();
  app.get('/v1/buy/subscriptions', { preHandler: auth.authenticate, schema: { tags, security, summary: "The caller's memberships", response: responses(Type.Array(MembershipSchema)) } }, async (request) =>
    ok(request, await listMemberships(db, request.user!.uid, clock())),
  );

  app.post(
    '/v1/buy/subscription/cancel',
    { preHandler: auth.authenticate, schema: { tags, security, summary: 'Cancel at period end', body: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: responses(MembershipSchema) } },
    async (request) => {
      try {
        const item: MembershipItem = await cancelMembership(db, provider, request.user!.uid, request.body.id, clock());
        return ok(request, item);
      } catch (error) {
        if (error instanceof MembershipError) throw new ApiFailure(409, API_CODES.CONFLICT, error.message);
        throw error;
      }
    },
  );

  app.get(
    '/v1/buy/credit-plans',
    {
      preHandler: auth.authenticate,
      schema: {
        tags,
        security,
        summary: "The caller's weekly and monthly credit plans",
        response: responses(Type.Array(Type.Object({ id: Type.Integer(), sku_id: Type.Integer(), name: Type.String(), credits: Type.Integer(), period_unit: Type.Union([Type.Literal('week'), Type.Literal('month')]), status: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('refunded')]), expires_at: Type.Integer(), cancel_at_period_end: Type.Boolean() }))),
      },
    },
    async (request) => ok(request, await listCreditPlans(db, request.user!.uid)),
  );

  app.post(
    '/v1/buy/credit-plan/cancel',
    { preHandler: auth.authenticate, schema: { tags, security, summary: 'Cancel a credit plan at period end', body: Type.Object({ id: Type.Integer({ minimum: 1 }) }), response: responses(Type.Object({ cancelled: Type.Boolean() })) } },
    async (request) => {
      if (!(await cancelCreditPlan(db, request.user!.uid, request.body.id))) throw new ApiFailure(409, API_CODES.CONFLICT, 'No running credit plan with this id.');
      return ok(request, { cancelled: true });
    },
  );

  app.post(
    '/v1/buy/refund',
    {
      preHandler: auth.authenticate,
      schema: {
        tags,
        security,
        summary: `The ${MONEY_BACK_DAYS}-day money-back refund of one of the caller's orders`,
        body: Type.Object({ order_id: Type.String({ format: 'uuid' }) }),
        response: responses(Type.Object({ order_id: Type.String(), status: Type.Union([Type.Literal('refunded'), Type.Literal('refund_requested')]), credits_taken_back: Type.Integer() })),
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
      if (result === 'requested') return ok(request, { order_id: request.body.order_id, status: 'refund_requested' as const, credits_taken_back: 0 });
      const applied = await applyRefund(db, request.body.order_id, at);
      return ok(request, { order_id: request.body.order_id, status: 'refunded' as const, credits_taken_back: applied.taken });
    },
  );
}
