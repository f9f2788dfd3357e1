import { useEffect, useState } from 'react';
import { useShell, type Task, type TaskOutput } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';
import { Dialog } from '@studio/ui-kit/dialog';
import { messageOf } from '@studio/ui-kit/errors';
import { listCreations } from '../api/tools-api';
import type { InputMedia } from '../utils/validation';

/** Pick one of the user's results (My Creations) as a tool's input, without uploading it again. */
export function CreationsPicker({ media, onPick, onClose }: { media: InputMedia; onPick(output: TaskOutput): void; onClose(): void }) {
  const shell = useShell();
  const [tasks, setTasks] = useState<Task[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    listCreations(shell.api, media, 1)
      .then((page) => live && setTasks(page.list))
      .catch((reason) => live && setError(messageOf(reason)));
    return () => {
      live = false;
    };
  }, [media, shell]);

  const outputs = (tasks ?? []).flatMap((task) => task.outputs.filter((o) => o.media === media).map((output) => ({ task, output })));
  return (
    <Dialog title="Pick from My Creations" onClose={onClose} width={720} testId="creations-picker">
      {error ? <p role="alert">{error}</p> : null}
      {tasks === null && !error ? <p aria-live="polite">Loading…</p> : null}
      {tasks !== null && outputs.length === 0 ? <p css={{ color: theme.textMuted }}>No {media} creations yet.</p> : null}
      <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 10, gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))' }}>
        {outputs.map(({ task, output }) => (
          <li key={output.file_path}>
            <Button
              variant="ghost"
              aria-label={`Use ${task.user_data.name ?? task.algorithm} from ${new Date(task.created_at * 1000).toLocaleString()}`}
              onClick={() => onPick(output)}
              css={{ width: '100%', height: 'auto', padding: 4, flexDirection: 'column' }}
            >
              {media === 'image' ? (
                <img src={shell.api.url(output.url)} alt="" css={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 8 }} />
              ) : media === 'video' ? (
                <video src={`${shell.api.url(output.url)}#t=0.1`} muted preload="metadata" css={{ width: '100%', aspectRatio: '1', objectFit: 'cover', borderRadius: 8 }} />
              ) : (
                <span css={{ padding: 16 }}>{task.user_data.name ?? task.algorithm}</span>
              )}
            </Button>
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
