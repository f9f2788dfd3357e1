import { useId, useState } from 'react';
import type { Task } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '../../lib/dialog';
import { theme } from '@studio/ui-kit/theme';
import { fieldOf } from '../../lib/task-fields';

/** The audio edit choice modal: 'Select one audio to edit', one radio per track, Cancel and OK. */
export function AudioEditDialog({ tasks, onCancel, onPick }: { tasks: Task[]; onCancel(): void; onPick(task: Task): void }) {
  const name = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const picked = tasks.find((task) => task.task_id === chosen) ?? null;
  return (
    <Dialog
      title="Select one audio to edit"
      onClose={onCancel}
      hideClose
      width={480}
      testId="audio-edit"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant="primary" disabled={!picked} onClick={() => picked && onPick(picked)}>
            OK
          </Button>
        </>
      }
    >
      {tasks.length === 0 ? (
        <p css={{ margin: 0, color: theme.textMuted }}>No finished tracks yet: generate music or a song first.</p>
      ) : (
        <div role="radiogroup" aria-label="Tracks" css={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 360, overflow: 'auto' }}>
          {tasks.map((task) => {
            const prompt = fieldOf(task.user_data, 'prompt') || fieldOf(task.user_data, 'lyrics') || 'No prompt';
            const duration = fieldOf(task.user_data, 'duration');
            return (
              <label
                key={task.task_id}
                css={{ display: 'flex', alignItems: 'flex-start', gap: 10, padding: 10, borderRadius: 10, border: `1px solid ${chosen === task.task_id ? theme.link : theme.border}`, cursor: 'pointer' }}
              >
                <input type="radio" name={name} checked={chosen === task.task_id} onChange={() => setChosen(task.task_id)} css={{ marginTop: 3, accentColor: theme.primary }} />
                <span css={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
                  <strong css={{ fontSize: 14 }}>
                    {task.user_data.name ?? 'Track'}
                    {duration ? ` · ${duration} s` : ''}
                  </strong>
                  <span css={{ fontSize: 13, color: theme.textMuted, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{prompt}</span>
                </span>
              </label>
            );
          })}
        </div>
      )}
    </Dialog>
  );
}
