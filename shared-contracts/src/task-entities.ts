/** The task entities of spec section 3 (a generation or tool run, its outputs and results); re-exported by entities.ts. */

export type TaskStatus = 'queued' | 'generating' | 'success' | 'failure' | 'cancelled' | 'expired';

export interface TaskField {
  field: string;
  val: string | number | boolean;
}

export interface TaskUserData {
  module: string;
  isFromTpl?: boolean;
  isAudio?: boolean;
  num?: number;
  name?: string;
  fields?: TaskField[];
  likeOrNotInfo?: Record<string, LikeValue>;
  /** the explore item this task was made from ('Make the same'); counts toward its author's made-with figure */
  exploreId?: number;
  /** the template this task was made from (POST /v1/workflow/direct) */
  tplId?: number;
  /** the create call's data as sent (issue 15: 'Same seed' makes it again with identical settings) */
  request?: { algorithm: string; data: Record<string, unknown> };
}

export type LikeValue = 1 | 0 | -1;

export interface TaskOutput {
  /** storage path of the result */
  file_path: string;
  /** a signed URI to view it */
  url: string;
  media: 'image' | 'video' | 'audio';
  width?: number;
  height?: number;
  duration?: number;
  /** which engine produced it; a local engine says so, so nobody mistakes it for a model's output */
  engine: string;
  watermarked: boolean;
}

export interface Task {
  task_id: string;
  algorithm: string;
  status: TaskStatus;
  /** 0 to 100, or null when the server has no figure */
  progress: number | null;
  /** 1-based position in the queue while queued */
  queue_position: number | null;
  /** one of the spec's user texts when failed */
  reason: string | null;
  /** failed or cancelled: whether Retry can help (false when the engine said the same request fails again); null otherwise */
  retryable?: boolean | null;
  user_data: TaskUserData;
  prev_task: string | null;
  file_path: string | null;
  outputs: TaskOutput[];
  cost: number;
  /** seconds */
  created_at: number;
  /** seconds; results expire 7 days after success */
  expire_at: number | null;
  /** the caller's credit balance right after this task's credits were held (create and retry answers only) */
  balance?: number;
  /** which engine made the result and how, in plain words (a local engine says when no generative model ran) */
  engine?: TaskEngineInfo | null;
  /** what a check task found (image_fkp, face_check, the sensitive-content detections) */
  result_data?: TaskResultData | null;
  /** the seed the engine got (given by the user or drawn at random); null for algorithms without one */
  seed?: number | null;
  /** creation time in milliseconds: orders tasks created within one second */
  created_ms?: number;
  /** while queued: waiting for a slot of the user's plan, or for a free worker */
  queue_wait?: 'plan_slot' | 'worker' | null;
  /** while queued: seconds until it is likely done, from measured run times of its algorithm (null: none measured) */
  queue_estimate_seconds?: number | null;
}

export interface TaskEngineInfo {
  /** e.g. 'local:ffmpeg', 'comfyui' */
  name: string;
  model?: string;
  note: string;
}

export type TaskResultData =
  | {
      kind: 'faces';
      width: number;
      height: number;
      /** each face: its box, score and the 68 landmark points (iBUG 300-W order) in input pixels */
      faces: { box: { x: number; y: number; width: number; height: number }; score: number; landmarks: [number, number][] }[];
    }
  | { kind: 'moderation'; passed: boolean; checks: string[]; flagged: string[] };
