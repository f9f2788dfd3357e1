/**
 * TypeBox schemas of the wire types the routes take and answer. Each is checked at compile time against the
 * contract's type (shared-contracts): a drift on either side fails `tsc`.
 */
import { Type, type Static } from '@sinclair/typebox';
import type {
  AdItem,
  CmsResponse,
  CreditTransaction,
  DemoItem,
  ListResponse,
  MarketingItem,
  OAuthTokenRequest,
  OAuthTokenResponse,
  PromptSample,
  SkuItem,
  SystemConfigEntry,
  User,
} from 'shared-contracts';

/** true when A and B are assignable both ways */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

const Seconds = (description: string) => Type.Integer({ description: `${description}, seconds since epoch` });

export const UserSchema = Type.Object(
  {
    token: Type.String({ description: 'the jwt' }),
    uid: Type.String(),
    verify: Type.Object({
      level: Type.Union([Type.Literal('free'), Type.Literal('standard'), Type.Literal('premium'), Type.Literal('inactive')]),
      expired_time: Seconds('membership end; 0 when none'),
      is_expired: Type.Boolean(),
    }),
    integral: Type.Object({ integral: Type.Integer({ description: 'credit balance' }) }),
    is_free_trial: Type.Boolean(),
    tokenInfo: Type.Object({
      jwt: Type.String(),
      access_token: Type.String({ description: 'the session id' }),
      is_new: Type.Boolean(),
      created_at: Seconds('account creation'),
    }),
    featureCodes: Type.Array(Type.String()),
    freeTrails: Type.Array(Type.String()),
    country: Type.String(),
    is_europe: Type.Boolean(),
    lang: Type.String(),
    isNewUser: Type.Boolean(),
    avatar: Type.String(),
    nickname: Type.String(),
    firstname: Type.String(),
    lastname: Type.String(),
    email: Type.String(),
    subscribe: Type.Array(
      Type.Object({ pid: Type.Integer(), name: Type.String(), expired_time: Seconds('end'), is_expired: Type.Boolean() }),
    ),
  },
  { description: 'The User of spec section 3' },
);

export const OAuthTokenBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 512 }),
  code_verifier: Type.String({ minLength: 43, maxLength: 128, description: 'the PKCE verifier (RFC 7636)' }),
  redirect_uri: Type.String({ minLength: 1, maxLength: 2048 }),
  plan: Type.Optional(Type.Integer()),
  timezone: Type.Optional(Type.String({ maxLength: 64 })),
  landing_page: Type.Optional(Type.String({ maxLength: 2048 })),
});

export const OAuthTokenAnswer = Type.Object({ jwt: Type.String(), user: UserSchema });

export const CmsSchema = Type.Object({
  success: Type.Boolean(),
  data: Type.Union([
    Type.Object({
      tdk: Type.Object({ title: Type.String(), description: Type.String(), keywords: Type.String() }),
      blocks: Type.Object({ head: Type.String(), content: Type.String(), bottom: Type.String() }),
    }),
    Type.Null(),
  ]),
  error: Type.Union([Type.String(), Type.Null()]),
});

const PeriodUnit = Type.Union([Type.Literal('week'), Type.Literal('month'), Type.Literal('year')]);
const Tier = Type.Union([Type.Literal('BASIC'), Type.Literal('STANDARD'), Type.Literal('PREMIUM')]);

export const SkuSchema = Type.Object({
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

export const SkuInfoSchema = Type.Object({ sku_buy_list: Type.Array(SkuSchema), zero_buy_checked: Type.Boolean() });

export const AdSchema = Type.Object({
  module: Type.Union([Type.Literal('main_header'), Type.Literal('studio_footer'), Type.Literal('hooks_banner_mobile')]),
  activity: Type.String(),
  turn_url: Type.String(),
  white_thumbnail: Type.String(),
});

export const MarketingSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  is_banner: Type.Boolean(),
  is_pop: Type.Boolean(),
  turn_url: Type.String({ description: "'' opens the purchase dialog" }),
  image: Type.String(),
  discount: Type.String(),
});

export const SystemConfigSchema = Type.Object({ code: Type.String(), value: Type.String({ description: 'JSON text' }) });

export const PromptSampleSchema = Type.Object({ id: Type.Integer(), prompt: Type.String(), thumbnail: Type.String() });

export const DemoSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  media: Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio')]),
  url: Type.String(),
  thumbnail: Type.String(),
});

export const CreditTransactionSchema = Type.Object({
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
  Same<Static<typeof UserSchema>, User>,
  Same<Static<typeof OAuthTokenBody>, OAuthTokenRequest>,
  Same<Static<typeof OAuthTokenAnswer>, OAuthTokenResponse>,
  Same<Static<typeof CmsSchema>, CmsResponse>,
  Same<Static<typeof SkuSchema>, SkuItem>,
  Same<Static<typeof AdSchema>, AdItem>,
  Same<Static<typeof MarketingSchema>, MarketingItem>,
  Same<Static<typeof SystemConfigSchema>, SystemConfigEntry>,
  Same<Static<typeof PromptSampleSchema>, PromptSample>,
  Same<Static<typeof DemoSchema>, DemoItem>,
  Same<Static<typeof CreditTransactionsSchema>, ListResponse<CreditTransaction>>,
] = [true, true, true, true, true, true, true, true, true, true, true];
void conformance;
