import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import { TASK_RESULT_DAYS, USER_TEXTS, type LikeValue, type Task } from 'shared-contracts';
import { Button } from '@studio/ui-kit/src/button';
import { fieldOf } from '../../create/utils/form';
import { theme } from '@studio/ui-kit/src/theme';
import { UploadProgress } from '../../uploads/components/upload-progress';
import { likeOf } from '../api/tasks';
import { isUnfinished } from '../state/task-list';
import { displayProgress, progressAfter } from '../utils/progress';
import { ReportDialog } from './report-dialog';
import { ResultMedia } from './result-media';

export const STATUS_LABEL: Record<Task['status'], string> = {
  queued: 'In queue',
  generating: 'Generating',
  success: 'Done',
  failure: 'Failed',
  cancelled: 'Cancelled',
  expired: 'Expired',
};

/**
 * The progress to show: the server's figure, or the section 4 curve since the task was seen generating
 * (a 0 from the server is no figure yet: engines report when they finish).
 */
export function shownProgress(task: Task, since: number | undefined, now: number): number {
  if (task.status === 'success') return 100;
  if (typeof task.progress === 'number' && task.progress > 0) return displayProgress(task.progress);
  if (task.status !== 'generating') return 0;
  return displayProgress(progressAfter((now - (since ?? now)) / 1000));
}

export interface TaskActions {
  remove(task: Task): void;
  retry(task: Task): void;
  restart(task: Task): void;
  cancel(task: Task): void;
  like(task: Task, value: LikeValue): void;
  download(task: Task, index: number): void;
}

const small = { minHeight: 32, padding: '0 10px', fontSize: 13 } as const;

function Pill({ status }: { status: Task['status'] }) {
  const colour = status === 'failure' ? theme.danger : status === 'success' ? 'var(--c-success, #4ade80)' : theme.link;
  return (
    <span data-testid="task-status" css={{ fontSize: 12, fontWeight: 700, color: colour, whiteSpace: 'nowrap' }}>
      {STATUS_LABEL[status]}
    </span>
  );
}

/** One task of the Generate List or My Creations: its state, its results and what can be done with it. */
export function TaskCard({
  task,
  now,
  since,
  actions,
  compact = false,
  leading,
}: {
  task: Task;
  now: number;
  since?: number;
  actions: TaskActions;
  compact?: boolean;
  /** a selection checkbox (My Creations) */
  leading?: ReactNode;
}) {
  const [reporting, setReporting] = useState(false);
  const like = likeOf(task);
  const prompt = fieldOf(task.user_data, 'prompt') || fieldOf(task.user_data, 'lyrics');
  const title = task.user_data.name || task.algorithm;
  const progress = shownProgress(task, since, now);

  return (
    <article
      data-testid="task-card"
      data-task-id={task.task_id}
      data-status={task.status}
      aria-label={`${title}, ${STATUS_LABEL[task.status]}`}
      css={{ display: 'flex', flexDirection: 'column', gap: 10, padding: 14, borderRadius: theme.radius, border: `1px solid ${theme.border}`, background: theme.surfaceRaised }}
    >
      <header css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        {leading}
        <div css={{ flex: 1, minWidth: 0 }}>
          <h3 css={{ margin: 0, fontSize: 14, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{title}</h3>
          <span css={{ fontSize: 12, color: theme.textMuted }}>{dayjs.unix(task.created_at).format('MMM D, HH:mm')}</span>
        </div>
        <Pill status={task.status} />
      </header>
      {prompt ? <p css={{ margin: 0, fontSize: 13, color: theme.textMuted, display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}>{prompt}</p> : null}

      {task.status === 'queued' ? (
        <p data-testid="queue-state" css={{ margin: 0, fontSize: 14 }}>
          Waiting in the queue{task.queue_position ? ` · position ${task.queue_position}` : ''}
        </p>
      ) : null}
      {task.status === 'generating' ? <UploadProgress percent={progress} label="Generating" /> : null}
      {task.status === 'success' ? <ResultMedia task={task} compact={compact} /> : null}
      {task.status === 'failure' ? (
        <p css={{ margin: 0, fontSize: 14, color: theme.danger }}>{task.reason || USER_TEXTS.GENERATION_FAILURE}</p>
      ) : null}
      {task.status === 'cancelled' ? <p css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>The task was cancelled; its credits were given back.</p> : null}
      {task.status === 'expired' ? <p css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>Results are kept {TASK_RESULT_DAYS} days; this one has expired.</p> : null}

      {task.status === 'success' && task.engine?.note && !compact ? (
        <details css={{ fontSize: 12, color: theme.textMuted }}>
          <summary css={{ cursor: 'pointer' }}>How this was made</summary>
          <p css={{ margin: '6px 0 0' }}>{task.engine.note}</p>
        </details>
      ) : null}
      {task.status === 'success' && task.expire_at && !compact ? (
        <span css={{ fontSize: 12, color: theme.textMuted }}>Kept until {dayjs.unix(task.expire_at).format('MMM D, HH:mm')}</span>
      ) : null}

      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {task.status === 'success' ? (
          <>
            <Button variant={like === 1 ? 'primary' : 'ghost'} aria-pressed={like === 1} onClick={() => actions.like(task, like === 1 ? -1 : 1)} css={small}>
              Like
            </Button>
            <Button variant={like === 0 ? 'primary' : 'ghost'} aria-pressed={like === 0} onClick={() => actions.like(task, like === 0 ? -1 : 0)} css={small}>
              Dislike
            </Button>
            {task.outputs.map((output, index) => (
              <Button key={output.file_path} variant="ghost" onClick={() => actions.download(task, index)} css={small}>
                {task.outputs.length > 1 ? `Download ${index + 1}` : 'Download'}
              </Button>
            ))}
            <Button variant="ghost" onClick={() => setReporting(true)} css={small}>
              Report
            </Button>
          </>
        ) : null}
        {isUnfinished(task) ? (
          <>
            <Button variant="ghost" onClick={() => actions.cancel(task)} css={small}>
              Cancel
            </Button>
            <Button variant="ghost" onClick={() => actions.restart(task)} css={small}>
              Restart
            </Button>
          </>
        ) : null}
        {task.status === 'failure' || task.status === 'cancelled' ? (
          <Button variant="ghost" onClick={() => actions.retry(task)} css={small}>
            Retry
          </Button>
        ) : null}
        <Button variant="ghost" onClick={() => actions.remove(task)} css={small} aria-label={`Delete ${title}`}>
          Delete
        </Button>
      </div>
      {reporting ? <ReportDialog task={task} onClose={() => setReporting(false)} /> : null}
    </article>
  );
}
