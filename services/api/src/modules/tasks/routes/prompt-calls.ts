/** The prompt helpers (polish, img2prompt), the prompt presets and the TTS voices. */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyBaseLogger } from 'fastify';
import { API_CODES, USER_TEXTS } from 'shared-contracts';
import { defineCall } from '../../../define-call.js';
import { ApiFailure, fail } from '../../../http.js';
import { checkImageHeader, decodeSlots, readImageHeader } from '../../storage/image-guard.js';
import { IMAGE_RULE as IMG2PROMPT_RULE } from '../../storage/limits.js';
import { resolveAlgorithm } from '../../algorithms/catalog.js';
import { IMG2PROMPT_NOTE, POLISH_NOTE, describeImage, measureImage, polishPrompt, presetsFor } from '../prompt.js';
import { SECURED, type TaskRoutes } from './context.js';
import { CategorySchema, PromptAnswer, VoiceSchema } from './schemas.js';

/** Puts the picture (a data: URL, or one of the caller's uploads) in `file`, under the upload rules' byte cap. */
async function fetchPicture({ media }: TaskRoutes, uid: string, image: string, file: string): Promise<void> {
  const data = /^data:image\/[a-z+]+;base64,(.+)$/i.exec(image);
  if (data) {
    const bytes = Buffer.from(data[1], 'base64');
    if (bytes.length > IMG2PROMPT_RULE.maxBytes) throw new ApiFailure(413, API_CODES.FILE_TOO_LARGE, IMG2PROMPT_RULE.sizeText);
    await writeFile(file, bytes);
    return;
  }
  const object = await media.owned(uid, image);
  if (!object || object.media !== 'image') throw fail.notFound('No such picture');
  await media.storage.downloadTo(object.path, file);
}

/** What can be measured in the picture, as a prompt. */
async function describePicture(routes: TaskRoutes, uid: string, image: string, log: FastifyBaseLogger): Promise<string> {
  const dir = path.join(os.tmpdir(), 'studio-img2prompt');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, randomUUID());
  try {
    await fetchPicture(routes, uid, image, file);
    // the upload rules apply to the header before a pixel is decoded; decodes take turns
    const header = await readImageHeader(file);
    if (!header) throw new ApiFailure(422, API_CODES.UNSUPPORTED_FORMAT, USER_TEXTS.PROMPT_FAILED);
    checkImageHeader(IMG2PROMPT_RULE, header);
    const facts = await decodeSlots.run(() => measureImage(file, routes.countFaces)).catch((error: unknown) => {
      log.warn({ err: error }, 'img2prompt could not read the picture');
      throw new ApiFailure(422, API_CODES.UNSUPPORTED_FORMAT, USER_TEXTS.PROMPT_FAILED);
    });
    return describeImage(facts);
  } finally {
    await rm(file, { force: true });
  }
}

export function promptCalls(routes: TaskRoutes): void {
  const { app, ctx, listVoices } = routes;
  const preHandler = ctx.auth.authenticate;

  defineCall(
    app,
    'POST /v1/ai/prompt/polish',
    {
      preHandler,
      schema: {
        ...SECURED,
        summary: 'A rule-based polish of a prompt (no language model runs here; `note` says so)',
        body: Type.Object({ prompt: Type.String({ maxLength: 2000 }) }),
        response: PromptAnswer,
      },
    },
    async (request) => {
      const polished = polishPrompt(request.body.prompt);
      if (!polished) throw new ApiFailure(400, API_CODES.BAD_REQUEST, USER_TEXTS.PROMPT_FAILED);
      return { prompt: polished, note: POLISH_NOTE };
    },
  );

  defineCall(
    app,
    'POST /v1/ai/prompt/img2prompt',
    {
      preHandler,
      // a data: URL of a picture may be several megabytes
      bodyLimit: 15 * 1024 * 1024,
      schema: {
        ...SECURED,
        summary: "A prompt describing what can be measured in one of the caller's pictures (oss_path or a data: URL)",
        body: Type.Object({ image: Type.String({ maxLength: 14_000_000 }) }),
        response: PromptAnswer,
      },
    },
    async (request) => ({ prompt: await describePicture(routes, request.user!.uid, request.body.image, request.log), note: IMG2PROMPT_NOTE }),
  );

  defineCall(
    app,
    'GET /v1/prompt/category-and-presets',
    {
      schema: {
        tags: ['tasks'],
        summary: "Prompt categories and presets for an algorithm's media",
        querystring: Type.Object({
          algorithm: Type.String({ maxLength: 64 }),
          model_type: Type.Optional(Type.String()),
          lang: Type.Optional(Type.String()),
          _t: Type.Optional(Type.String()),
        }),
        response: Type.Array(CategorySchema),
      },
    },
    async (request) => {
      const resolved = resolveAlgorithm(request.query.algorithm);
      if (!resolved) throw fail.notFound(`Unknown algorithm: ${request.query.algorithm}`);
      return presetsFor(resolved.lane);
    },
  );

  defineCall(
    app,
    'GET /v1/ai/tts/voice',
    { schema: { tags: ['tasks'], summary: 'The voices of talking photo, talking avatar and lip sync (eSpeak NG)', response: Type.Array(VoiceSchema) } },
    async () => listVoices(),
  );
}
