/** My Creations' media filter: which kind of media a task made, and which tasks are not creations at all. */
import type { Task } from 'shared-contracts';

export type MediaFilter = 'all' | 'video' | 'image' | 'audio';
export const MEDIA_FILTERS: { id: MediaFilter; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'video', label: 'Video' },
  { id: 'image', label: 'Image' },
  { id: 'audio', label: 'Audio' },
];

/** Algorithms (and the aliases screens send) by the media they make. */
const ALGORITHM_MEDIA: Record<string, 'video' | 'image' | 'audio'> = {
  text2video: 'video',
  image2video: 'video',
  video2anime: 'video',
  effect: 'video',
  ai_effects: 'video',
  video_enhancer: 'video',
  video_denoise: 'video',
  video_eraser: 'video',
  anieraser: 'video',
  video_object_remover: 'video',
  talking_photo: 'video',
  talking_avatar: 'video',
  talking_face: 'video',
  talking_face_tts: 'video',
  lip_sync: 'video',
  text2image: 'image',
  image2image: 'image',
  image_enhancer: 'image',
  bg_remover: 'image',
  mai_fs: 'image',
  object_remover: 'image',
  photomaker_imagefix: 'image',
  partial_redrawing: 'image',
  inpaint_clothes: 'image',
  text_watermark_remover: 'image',
  image_extender: 'image',
  mai_tcm: 'audio',
  text2music: 'audio',
  mai_text2song_minimax: 'audio',
  text2song: 'audio',
  audio_noise_reduction: 'audio',
  audio_vocal_removal: 'audio',
};

/** Checks that run before a generation: tasks of the system, not creations of the user. */
const CHECKS = new Set(['t_sensitive_detect', 'i_sensitive_detect', 'v_sensitive_detect', 'image_fkp', 'face_check', 'watermark_download']);

export function mediaOf(task: Task): 'video' | 'image' | 'audio' | null {
  return task.outputs[0]?.media ?? ALGORITHM_MEDIA[task.algorithm] ?? null;
}

export function isCreation(task: Task): boolean {
  return !CHECKS.has(task.algorithm);
}

export function matchesFilter(task: Task, filter: MediaFilter): boolean {
  if (!isCreation(task)) return false;
  return filter === 'all' || mediaOf(task) === filter;
}
