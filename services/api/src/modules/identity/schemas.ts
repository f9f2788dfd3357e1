/** TypeBox schemas of the identity calls, checked at compile time against the contract's types. */
import { Type, type Static } from '@sinclair/typebox';
import type { OAuthTokenRequest, OAuthTokenResponse, User } from 'shared-contracts';
import type { Same } from '../../define-call.js';

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
    email_verified: Type.Optional(Type.Boolean()),
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

export const FeatureCodesBody = Type.Object({ pids: Type.Array(Type.Integer(), { maxItems: 100 }) });

export const VerifyRecordQuery = Type.Record(Type.String({ maxLength: 64 }), Type.String({ maxLength: 1024 }), { maxProperties: 32 });

// Compile-time conformance with the contract (defineCall checks the answers again where they are served)
const conformance: [
  Same<Static<typeof UserSchema>, User>,
  Same<Static<typeof OAuthTokenBody>, OAuthTokenRequest>,
  Same<Static<typeof OAuthTokenAnswer>, OAuthTokenResponse>,
] = [true, true, true];
void conformance;
