import type { Task } from 'shared-contracts';
import { fieldOf } from '../../lib/task-fields';
import type { CreateForm } from './form';
import { MUSIC_STYLES, SONG_ALGORITHM } from './modes';
import type { MusicTab } from './validation';

/** 'Edit a previous track': the track's prompt, lyrics, duration and style back in the form, on its tab. */
export function trackSettings(task: Task, fallbackDuration: number): { tab: MusicTab; patch: Partial<CreateForm> } {
  const styleLabel = fieldOf(task.user_data, 'style');
  const style = MUSIC_STYLES.find((item) => item.label === styleLabel)?.id ?? null;
  const duration = Number(fieldOf(task.user_data, 'duration')) || fallbackDuration;
  if (task.algorithm === SONG_ALGORITHM) {
    return { tab: 'song', patch: { songPrompt: fieldOf(task.user_data, 'prompt'), lyrics: fieldOf(task.user_data, 'lyrics'), musicDuration: duration, musicStyle: style } };
  }
  return { tab: 'music', patch: { musicPrompt: fieldOf(task.user_data, 'prompt'), musicDuration: duration, musicStyle: style } };
}
