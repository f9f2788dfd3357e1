/** TypeBox schemas of the discovery calls, checked against the contract's types at compile time. */
import { Type, type Static } from '@sinclair/typebox';
import type { DemoItem, ExploreEntry, ExploreTaskState, PromptSample, Template, TemplateTag } from 'shared-contracts';

import type { Same } from '../../define-call.js';

const Field = Type.Object({ field: Type.String(), val: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) });
const Like = Type.Union([Type.Literal(1), Type.Literal(0), Type.Literal(-1)]);
const MediaKind = Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio')]);

export const ExploreEntrySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  media: MediaKind,
  thumbnail: Type.String(),
  preview_url: Type.String(),
  recommend: Type.Boolean(),
  extra_data: Type.String({ description: 'JSON: width and height of the thumbnail' }),
  algorithm: Type.String(),
  prompt: Type.String(),
  module: Type.String(),
  settings: Type.Array(Field),
  author: Type.Object({ name: Type.String(), avatar: Type.String(), is_studio: Type.Boolean() }),
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  duration: Type.Number(),
  likes: Type.Integer(),
  liked: Like,
  is_own: Type.Boolean(),
  published: Type.Boolean(),
  views: Type.Optional(Type.Integer({ description: 'author only' })),
  made_with: Type.Optional(Type.Integer({ description: 'author only: tasks made with it' })),
  created_at: Type.Integer(),
  engine: Type.Optional(Type.Object({ name: Type.String(), model: Type.Optional(Type.String()), note: Type.String() })),
});

export const TemplateSchema = Type.Object({
  tpl_id: Type.Integer(),
  name: Type.String(),
  thumbnail: Type.String(),
  thumbnail_link: Type.String(),
  cover_conf: Type.Object({ thumbnail_url: Type.String(), preview_url: Type.String() }),
  preview_url: Type.String(),
  action_conf: Type.Object({ hot: Type.Boolean() }),
  extra: Type.String({ description: 'JSON TemplateExtra: media, fun_module, category_id, semantic, inputs, tip, width, height' }),
  info: Type.Object({ algorithm: Type.String(), module: Type.String(), request: Type.Object({ fields: Type.Array(Field) }) }),
  description: Type.Optional(Type.String()),
  preview: Type.Optional(Type.String({ description: 'audio preview' })),
  rule: Type.Optional(Type.Object({ show: Type.Array(Type.Object({ val: Type.String() })) })),
});

export const TemplateTagSchema = Type.Object({
  value: Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio')]),
  name: Type.String(),
  categories: Type.Array(
    Type.Object({ id: Type.Integer(), title: Type.String(), tpls: Type.Array(TemplateSchema), total: Type.Integer(), loading: Type.Boolean() }),
  ),
});

export const DemoSchema = Type.Object({ id: Type.Integer(), title: Type.String(), media: MediaKind, url: Type.String(), thumbnail: Type.String() });
export const SampleSchema = Type.Object({ id: Type.Integer(), prompt: Type.String(), thumbnail: Type.String() });
export const TaskStateSchema = Type.Object({ task_id: Type.String(), explore_id: Type.Integer(), published: Type.Boolean(), under_review: Type.Boolean() });

export const paged = <T extends import('@sinclair/typebox').TSchema>(item: T) => Type.Object({ list: Type.Array(item), paginate: Type.Object({ total: Type.Integer() }) });

// a drift from the contract fails tsc
const checks: [
  Same<Static<typeof ExploreEntrySchema>, ExploreEntry>,
  Same<Static<typeof TemplateSchema>, Template>,
  Same<Static<typeof TemplateTagSchema>, TemplateTag>,
  Same<Static<typeof DemoSchema>, DemoItem>,
  Same<Static<typeof SampleSchema>, PromptSample>,
  Same<Static<typeof TaskStateSchema>, ExploreTaskState>,
] = [true, true, true, true, true, true];
void checks;
