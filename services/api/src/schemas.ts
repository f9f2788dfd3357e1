/**
 * TypeBox schemas of wire types more than one module answers (skus, credit transactions, prompt samples,
 * demos); a module's own schemas live beside it (modules/<name>/schemas.ts). Each is checked at compile
 * time against the contract's type (shared-contracts): a drift on either side fails `tsc`.
 */
import { Type, type Static } from '@sinclair/typebox';
import type { CreditTransaction, ListResponse, SkuItem } from 'shared-contracts';
import type { Same } from './define-call.js';

const Seconds = (description: string) => Type.Integer({ description: `${description}, seconds since epoch` });

const PeriodUnit = Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('year')]);
const Tier = Type.Union([Type.Literal('BASIC'), Type.Literal('STANDARD'), Type.Literal('PREMIUM')]);

const SkuSchema = Type.Object({
  sku_id: Type.Integer(),
  sub_tpl_id: Type.Integer(),
  sub_tpl_name: Type.String(),
  plan: Type.String(),
  period_unit: PeriodUnit,
  period_val: Type.Integer(),
  price: Type.Number(),
  original_price: Type.Number(),
  recommend_price: Type.Number(),
  show_rec_price: Type.Boolean(),
  currency: Type.String(),
  currency_symbol: Type.String(),
  buy_url: Type.String(),
  zero_buy: Type.Boolean(),
  zero_buy_url: Type.String(),
  retention_promotion: Type.Boolean(),
  retention_promotion_buy_url: Type.String(),
  feature_code_list: Type.Array(Type.Object({ feature_code: Type.String(), sale_unit_value: Type.Integer() })),
  isSubscription: Type.Boolean(),
  buyZeroChecked: Type.Boolean(),
  extInfo: Type.Object({
    tier: Tier,
    watermark_free: Type.Boolean(),
    ultra_hd: Type.Boolean(),
    frame_interpolation: Type.Boolean(),
    faster_generations: Type.Boolean(),
    videos_at_once: Type.Integer(),
    unlimited_effects: Type.Boolean(),
    monthly_credits: Type.Integer(),
  }),
  kind: Type.Union([Type.Literal('membership'), Type.Literal('credits'), Type.Literal('credits10')]),
});

export const SkuInfoSchema = Type.Object({ sku_buy_list: Type.Array(SkuSchema), zero_buy_checked: Type.Boolean(), free_daily_tasks: Type.Integer() });

const CreditTransactionSchema = Type.Object({
  type: Type.Union([Type.Literal('acquisition'), Type.Literal('consumption')]),
  details: Type.String(),
  credits: Type.Integer({ description: 'always positive; type tells the direction' }),
  date: Seconds('when'),
  expire_time: Type.Integer({ description: 'seconds since epoch; 0 for consumption' }),
  is_expired: Type.Union([Type.Literal(0), Type.Literal(1)]),
  status: Type.Integer({ description: '1 valid, 0 invalid (expired)' }),
});

export const CreditTransactionsSchema = Type.Object({ list: Type.Array(CreditTransactionSchema), total: Type.Integer() });

// Compile-time conformance with the contract.
const conformance: [
  Same<Static<typeof SkuSchema>, SkuItem>,
  Same<Static<typeof CreditTransactionsSchema>, ListResponse<CreditTransaction>>,
] = [true, true];
void conformance;
