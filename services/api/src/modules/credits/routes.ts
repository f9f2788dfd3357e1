/** The credit transactions call (acquisition or consumption, paged by 15). */
import { Type } from '@sinclair/typebox';
import { TRANSACTIONS_PAGE_SIZE } from 'shared-contracts';
import { defineCall } from '../../define-call.js';
import { CreditTransactionsSchema } from '../../schemas.js';
import type { ApiModulePlugin } from '../types.js';

export const creditRoutes: ApiModulePlugin = async (app, ctx) => {
  const { ledger, auth } = ctx;

  defineCall(
    app,
    'GET /v1/credits/transactions',
    {
      preHandler: auth.authenticate,
      schema: {
        tags: ['credits'],
        security: [{ bearer: [] }],
        summary: "The caller's credit transactions, newest first: grants (acquisition) or spends (consumption)",
        querystring: Type.Object({
          type: Type.Union([Type.Literal('acquisition'), Type.Literal('consumption')]),
          page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
          page_size: Type.Integer({ minimum: 1, maximum: 100, default: TRANSACTIONS_PAGE_SIZE }),
        }),
        response: CreditTransactionsSchema,
      },
    },
    async (request) => {
      const { type, page, page_size: pageSize } = request.query;
      return ledger.transactions(request.user!.uid, { type, page, pageSize });
    },
  );
};
