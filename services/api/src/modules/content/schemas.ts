/** TypeBox schemas of the content calls, checked at compile time against the contract's types. */
import { Type, type Static } from '@sinclair/typebox';
import type { AdItem, CmsResponse, MarketingItem, SystemConfigEntry } from 'shared-contracts';
import type { Same } from '../../define-call.js';

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

export const ClientQuery = Type.Object({
  client: Type.Optional(Type.Union([Type.Literal(''), Type.Literal('wap')], { default: '', description: "'' desktop, 'wap' phone" })),
});

export const AbTestQuery = Type.Object({
  test_code: Type.Optional(Type.String({ maxLength: 64 })),
  user_id: Type.Optional(Type.String({ maxLength: 128 })),
});

// Compile-time conformance with the contract
const conformance: [
  Same<Static<typeof CmsSchema>, CmsResponse>,
  Same<Static<typeof AdSchema>, AdItem>,
  Same<Static<typeof MarketingSchema>, MarketingItem>,
  Same<Static<typeof SystemConfigSchema>, SystemConfigEntry>,
] = [true, true, true, true];
void conformance;
