/** What every task route file gets from the tasks plugin. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TtsVoice } from 'shared-contracts';
import type { MediaStore } from '../../storage/media.js';
import type { ModuleContext } from '../../types.js';
import type { CreationLimits } from '../creation-limits.js';
import type { Caller, TaskService } from '../service.js';

export interface TaskRoutes {
  app: FastifyInstance;
  ctx: ModuleContext;
  service: TaskService;
  media: MediaStore;
  creationLimits: CreationLimits;
  now: () => Date;
  listVoices: () => Promise<TtsVoice[]>;
  countFaces: (file: string) => Promise<number>;
}

/** user_data is the screen's notes about a task; create and data_save cap it alike */
export const USER_DATA_MAX_CHARS = 20_000;

export const SECURED = { tags: ['tasks'], security: [{ bearer: [] }] };

/** The signed-in caller of a route behind auth.authenticate. */
export function callerOf(request: FastifyRequest): Caller {
  return { uid: request.user!.uid, level: request.user!.level, ...(request.user!.apiKey ? { apiKey: request.user!.apiKey } : {}) };
}
