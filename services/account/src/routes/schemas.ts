/**
 * TypeBox schemas of every body and query the account routes read. They bound the input (strings only,
 * each of a sane length, no nested values) before a handler runs; the handlers then give the pages'
 * friendly per-field messages (an e-mail missing, a password too short), which a schema error could not.
 * The pages' forms carry the authorize request's fields as hidden inputs, so a form allows further string
 * fields.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';

const text = (maxLength = 4096) => Type.Optional(Type.String({ maxLength }));
/** hidden authorize fields and the like: strings of a bounded size */
const moreStrings = { additionalProperties: Type.String({ maxLength: 4096 }), maxProperties: 60 };

export const AuthorizeQuery = Type.Object(
  { client_id: text(200), app_key: text(200), redirect_uri: text(2048), state: text(1024), code_challenge: text(200), goto: text(2048) },
  moreStrings,
);

export const LoginBody = Type.Object({ email: text(1000), password: text(1000), flow: text(20), theme: text(20), lang: text(20) }, moreStrings);

export const RegisterBody = Type.Object(
  { email: text(1000), password: text(1000), nickname: text(1000), country: text(20), terms: text(10), flow: text(20), theme: text(20), lang: text(20) },
  moreStrings,
);

/** the forgot form: the e-mail and the flow's hidden fields */
export const ForgotBody = Type.Object({ email: text(1000), flow: text(20), theme: text(20), lang: text(20) }, moreStrings);

/** a link's token in the query (the page it leads to) */
export const TokenQuery = Type.Object({ token: text(200), theme: text(20), lang: text(20) }, { additionalProperties: Type.String({ maxLength: 200 }), maxProperties: 10 });

/** the reset form, and the one-button confirmations (token only) */
export const ResetBody = Type.Object(
  { token: text(200), new_password: text(1000), repeat_password: text(1000), theme: text(20), lang: text(20) },
  { additionalProperties: Type.String({ maxLength: 1000 }), maxProperties: 10 },
);

/** passkey forms: the browser's answer (JSON), the flow's hidden fields or the center's CSRF token */
export const PasskeyBody = Type.Object(
  { credential: text(16384), credential_id: text(1400), _csrf: text(200), flow: text(20), theme: text(20), lang: text(20) },
  { additionalProperties: Type.String({ maxLength: 4096 }), maxProperties: 40 },
);

export const TokenBody = Type.Object(
  {
    grant_type: text(100),
    code: text(200),
    redirect_uri: text(2048),
    code_verifier: text(200),
    client_id: text(200),
    client_secret: text(500),
  },
  { additionalProperties: Type.String({ maxLength: 4096 }), maxProperties: 20 },
);

export const TokenStatusBody = Type.Object({ jti: text(100), client_id: text(200), client_secret: text(500) }, { additionalProperties: false });

export const LogoutBody = Type.Object({ _csrf: text(200) }, { additionalProperties: Type.String({ maxLength: 4096 }), maxProperties: 20 });

/** the account center's forms (profile, avatar address, password) */
export const CenterForm = Type.Object(
  {
    _csrf: text(200),
    nickname: text(1000),
    firstname: text(1000),
    lastname: text(1000),
    avatar_url: text(4096),
    current_password: text(1000),
    new_password: text(1000),
    repeat_password: text(1000),
    new_email: text(1000),
    confirm: text(10),
  },
  { additionalProperties: Type.String({ maxLength: 4096 }), maxProperties: 20 },
);

/** A form posted with no body at all reads as an empty form (the handler then says what is missing). */
export async function emptyBody(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** the avatar form (multipart, after @fastify/multipart): the CSRF token and the picture's bytes */
export const AvatarForm = Type.Object(
  { _csrf: text(200), avatar: Type.Optional(Type.Unknown({ description: 'the picture (bytes)' })) },
  { additionalProperties: Type.String({ maxLength: 4096 }), maxProperties: 20 },
);
