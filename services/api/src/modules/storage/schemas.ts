/** TypeBox schemas of the storage calls, checked at compile time against the contract's types. */
import { Type, type Static } from '@sinclair/typebox';
import type { MediaInfo, UploadGrant, UploadResult } from 'shared-contracts';
import type { Same } from '../../define-call.js';

export const MediaInfoSchema = Type.Object({
  width: Type.Integer(),
  height: Type.Integer(),
  duration: Type.Number({ description: 'seconds, 0 for images' }),
  format: Type.String(),
  size: Type.Integer({ description: 'bytes' }),
});

export const GrantSchema = Type.Object({
  upload_url: Type.String({ description: 'PUT the file here (relative to the API origin); valid until expire_at' }),
  oss_path: Type.String({ description: 'the storage path the file will have: data.file_path in create calls' }),
  expire_at: Type.Integer({ description: 'epoch seconds' }),
  max_size: Type.Integer({ description: 'bytes' }),
  accept: Type.Array(Type.String()),
});

export const UploadResultSchema = Type.Object({
  oss_path: Type.String(),
  media: Type.Intersect([
    MediaInfoSchema,
    Type.Object({ media: Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('audio')]), mime: Type.String() }),
  ]),
});

export const SignQuery = Type.Object({
  oss_path: Type.String({ minLength: 1, maxLength: 512 }),
  dispose: Type.Optional(Type.Union([Type.Literal('attachment'), Type.Literal('inline')])),
  _t: Type.Optional(Type.String()),
});

export const UploadQuery = Type.Object({ algorithm: Type.String(), exp: Type.String(), max: Type.String(), sig: Type.String() });

export const FileQuery = Type.Object({
  exp: Type.Optional(Type.String()),
  d: Type.Optional(Type.String()),
  n: Type.Optional(Type.String()),
  sig: Type.Optional(Type.String()),
});

// Compile-time conformance with the contract (the answers of defineCall are checked again where served)
const conformance: [
  Same<Static<typeof MediaInfoSchema>, MediaInfo>,
  Same<Static<typeof GrantSchema>, UploadGrant>,
  Same<Static<typeof UploadResultSchema>, UploadResult>,
] = [true, true, true];
void conformance;
