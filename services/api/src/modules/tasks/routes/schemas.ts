/**
 * The TypeBox schemas of the task calls. The answer schemas are the contract's types (Task, TaskUserData,
 * TaskCostResponse...): defineCall does not compile when an answer's schema and the contract's type drift
 * apart, and the `Same` lines at the bottom name the parts, so the compiler says which one drifted.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import type { PromptCategory, Task, TaskCostResponse, TaskResultData, TaskUserData, TtsVoice } from 'shared-contracts';
import type { Same } from '../../../define-call.js';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const LikeValue = Type.Union([Type.Literal(1), Type.Literal(0), Type.Literal(-1)]);

const userDataFields = {
  isFromTpl: Type.Optional(Type.Boolean()),
  isAudio: Type.Optional(Type.Boolean()),
  num: Type.Optional(Type.Number()),
  name: Type.Optional(Type.String()),
  fields: Type.Optional(
    Type.Array(Type.Object({ field: Type.String(), val: Type.Union([Type.String(), Type.Number(), Type.Boolean()]) }, { additionalProperties: true })),
  ),
  likeOrNotInfo: Type.Optional(Type.Record(Type.String(), LikeValue)),
  exploreId: Type.Optional(Type.Number()),
  tplId: Type.Optional(Type.Number()),
  request: Type.Optional(Type.Object({ algorithm: Type.String(), data: Type.Record(Type.String(), Type.Unknown()) }, { additionalProperties: true })),
};

/** The screen's notes about a task, as answered; further keys a screen keeps there pass through. */
const TaskUserDataSchema = Type.Object({ module: Type.String(), ...userDataFields }, { additionalProperties: true });

/**
 * The notes as a client sends them (create, data_save): the contract's fields checked by type so that every
 * stored note can be answered; `module` may be left out (the server keeps '' or the task's own).
 */
const TaskUserDataInput = Type.Object({ module: Type.Optional(Type.String()), ...userDataFields }, { additionalProperties: true });

/** data_save's notes: the notes as a client sends them, and the like (checked by the call: 1, 0 or -1). */
export const DataSaveNotes = Type.Object(
  { module: Type.Optional(Type.String()), ...userDataFields, like: Type.Optional(Type.Unknown()) },
  { additionalProperties: true },
);

const TaskResultDataSchema = Type.Union([
  Type.Object({
    kind: Type.Literal('faces'),
    width: Type.Number(),
    height: Type.Number(),
    faces: Type.Array(
      Type.Object({
        box: Type.Object({ x: Type.Number(), y: Type.Number(), width: Type.Number(), height: Type.Number() }),
        score: Type.Number(),
        landmarks: Type.Array(Type.Tuple([Type.Number(), Type.Number()])),
      }),
    ),
  }),
  Type.Object({ kind: Type.Literal('moderation'), passed: Type.Boolean(), checks: Type.Array(Type.String()), flagged: Type.Array(Type.String()) }),
]);

export const TaskSchema = Type.Object({
  task_id: Type.String(),
  algorithm: Type.String(),
  status: Type.Union([
    Type.Literal('queued'),
    Type.Literal('generating'),
    Type.Literal('success'),
    Type.Literal('failure'),
    Type.Literal('cancelled'),
    Type.Literal('expired'),
  ]),
  progress: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  queue_position: Nullable(Type.Integer({ minimum: 1, description: '1 = next to start' })),
  reason: Nullable(Type.String({ description: "one of the spec's user texts when failed" })),
  retryable: Type.Optional(Nullable(Type.Boolean({ description: 'failed or cancelled: false when the same request would fail again (no Retry)' }))),
  user_data: TaskUserDataSchema,
  prev_task: Nullable(Type.String()),
  file_path: Nullable(Type.String()),
  outputs: Type.Array(
    Type.Object({
      file_path: Type.String(),
      url: Type.String({ description: 'a signed link, valid for an hour' }),
      media: Type.Union([Type.Literal('image'), Type.Literal('video'), Type.Literal('audio')]),
      width: Type.Optional(Type.Number()),
      height: Type.Optional(Type.Number()),
      duration: Type.Optional(Type.Number()),
      engine: Type.String(),
      watermarked: Type.Boolean(),
    }),
  ),
  cost: Type.Integer(),
  created_at: Type.Integer(),
  expire_at: Nullable(Type.Integer()),
  balance: Type.Optional(Type.Integer({ description: 'credits left after the hold (create and retry)' })),
  engine: Type.Optional(Nullable(Type.Object({ name: Type.String(), model: Type.Optional(Type.String()), note: Type.String() }))),
  result_data: Type.Optional(Nullable(TaskResultDataSchema)),
  seed: Type.Optional(Nullable(Type.Integer({ description: 'the seed the engine got (given or drawn at random)' }))),
  created_ms: Type.Optional(Type.Number({ description: 'creation time in ms (orders tasks of one second)' })),
  queue_wait: Type.Optional(Nullable(Type.Union([Type.Literal('plan_slot'), Type.Literal('worker')]))),
  queue_estimate_seconds: Type.Optional(Nullable(Type.Integer({ description: 'likely seconds until done, from measured run times' }))),
});

export const TaskCostSchema = Type.Object({
  algorithm: Type.String(),
  cost: Type.Integer(),
  basis: Type.String(),
  free_for_plan: Type.Boolean(),
  preview: Type.Optional(Type.Boolean()),
  engine: Type.Optional(
    Type.Object({
      name: Type.Union([Type.Literal('local'), Type.Literal('comfyui')]),
      model: Type.Optional(Type.String()),
      summary: Type.Optional(Type.String()),
      refused: Type.Optional(Type.Array(Type.Object({ name: Type.String(), label: Type.String() }))),
      max_seconds: Type.Optional(Type.Number()),
      resolutions: Type.Optional(Type.Array(Type.String())),
      frames: Type.Optional(Type.Object({ fps: Type.Number(), max_frames: Type.Integer(), chunk_frames: Type.Integer() })),
    }),
  ),
});

export const CreateBody = Type.Object({
  data: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  user_data: Type.Optional(TaskUserDataInput),
  prev_task: Type.Optional(Type.String()),
  expected_cost: Type.Optional(Type.Integer({ minimum: 0 })),
});

export const ListBody = Type.Object({
  algorithm: Type.Optional(Type.String()),
  mi_preview: Type.Optional(Type.Union([Type.Boolean(), Type.Integer()])),
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  module: Type.Optional(Type.String()),
  is_workflow: Type.Optional(Type.Union([Type.Boolean(), Type.Integer()])),
  media: Type.Optional(Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio')])),
});

export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const AlgorithmParams = Type.Object({ algorithm: Type.String({ maxLength: 64 }) });

export const VoiceSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  lang: Type.String(),
  gender: Type.Union([Type.Literal('male'), Type.Literal('female')]),
});

export const CategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  presets: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), prompt: Type.String() })),
});

export const PromptAnswer = Type.Object({ prompt: Type.String(), note: Type.Optional(Type.String()) });

// the schemas are the contract's types, both ways (defineCall checks the answers; these name the parts)
const agree: [
  Same<Static<typeof TaskSchema>, Task>,
  Same<Static<typeof TaskUserDataSchema>, TaskUserData>,
  Same<Static<typeof TaskResultDataSchema>, TaskResultData>,
  Same<Static<typeof TaskCostSchema>, TaskCostResponse>,
  Same<Static<typeof VoiceSchema>, TtsVoice>,
  Same<Static<typeof CategorySchema>, PromptCategory>,
] = [true, true, true, true, true, true];
void agree;
