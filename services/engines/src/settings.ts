/**
 * The engines' own settings, one TypeBox schema read once through env-schema: a bad value fails with the
 * setting's name. The API's schema (services/api/src/env.ts) takes these properties in, so the API and its
 * worker refuse a bad one at start; code in this package reads `engineSettings()`, never process.env.
 * ENGINE_<ALGORITHM>, ENGINE_DEFAULT, ENGINE_ALGORITHMS and COMFYUI_* reach createEngineRegistry as its env.
 */
import envSchema from 'env-schema';
import { Type, type Static } from '@sinclair/typebox';

export const EngineEnvSchema = Type.Object({
  /** an ffmpeg binary instead of the bundled one (used when the file exists) */
  FFMPEG_PATH: Type.Optional(Type.String()),
  FFPROBE_PATH: Type.Optional(Type.String()),
  /** selfie: an operator who does not take the AGPL ISNet weights (MODELS.md); default isnet */
  ENGINE_BG_MODEL: Type.Optional(Type.Union([Type.Literal('isnet'), Type.Literal('selfie')])),
  /** a file of further terms for the text check, one a line ('#' comments) */
  SENSITIVE_WORDS_FILE: Type.Optional(Type.String()),
  COMFYUI_IDLE_TIMEOUT_MS: Type.Optional(Type.Integer({ minimum: 1 })),
});

export type EngineSettings = Static<typeof EngineEnvSchema>;

/** Checks an environment against the engines' schema; throws naming each bad setting. Empty counts as unset. */
export function readEngineSettings(env: NodeJS.ProcessEnv): EngineSettings {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  return envSchema<EngineSettings>({ schema: EngineEnvSchema, data: given, env: false, dotenv: false });
}

let current: EngineSettings | null = null;

/** This process's settings, read from its environment the first time (the API's start has checked them). */
export function engineSettings(): EngineSettings {
  current ??= readEngineSettings(process.env);
  return current;
}
