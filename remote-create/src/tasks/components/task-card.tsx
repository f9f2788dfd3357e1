import dayjs from 'dayjs';
import { useMemo, useRef, useState, type ReactNode } from 'react';
import { TASK_RESULT_DAYS, USER_TEXTS, trackEvent, useShell, type LikeValue, type ShellApi, type Task } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { ActionMenu } from '@studio/ui-kit/action-menu';
import { EngineBadge } from '@studio/ui-kit/engine-badge';
import { fieldOf } from '../../lib/task-fields';
import { theme } from '@studio/ui-kit/theme';
import { UploadProgress } from '../../uploads/components/upload-progress';
import { likeOf, reportTask } from '../api/tasks';
import { usePublish } from '../hooks/use-publish';
import { isUnfinished } from '../state/task-list';
import { displayProgress, progressAfter } from '../utils/progress';
import { ReportDialog } from '@studio/ui-kit/report-dialog';
import { ResultMedia } from './result-media';
import { queueText, SeedLine } from './task-meta';

const STATUS_LABEL: Record<Task['status'], string> = {
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
  /** the same settings and seed, made again (where the task kept its create call) */
  sameSeed?(task: Task): void;
}

/** Every action on a task card sends task_click (spec section 7) with the algorithm and the action, then does it. */
function trackedActions(shell: Pick<ShellApi, 'track'>, task: Task, actions: TaskActions): TaskActions {
  const click = (action: string) => trackEvent(shell, 'task_click', { algorithm: task.algorithm, action, task_id: task.task_id });
  return {
    remove: (t) => (click('delete'), actions.remove(t)),
    retry: (t) => (click('retry'), actions.retry(t)),
    restart: (t) => (click('restart'), actions.restart(t)),
    cancel: (t) => (click('cancel'), actions.cancel(t)),
    like: (t, value) => (click(value === 1 ? 'like' : value === 0 ? 'dislike' : 'unlike'), actions.like(t, value)),
    download: (t, index) => (click('download'), actions.download(t, index)),
    sameSeed: actions.sameSeed ? (t) => (click('same_seed'), actions.sameSeed?.(t)) : undefined,
  };
}

/** One Download for a single result; a small menu for a batch (no row of numbered buttons). */
function DownloadMenu({ task, onDownload }: { task: Task; onDownload(index: number): void }) {
  const [open, setOpen] = useState(false);
  if (task.outputs.length <= 1) {
    return (
      <Button variant="ghost" onClick={() => onDownload(0)} css={small}>
        Download
      </Button>
    );
  }
  return (
    <div
      css={{ position: 'relative' }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      <Button variant="ghost" aria-expanded={open} aria-haspopup="true" onClick={() => setOpen((value) => !value)} css={small}>
        Download ({task.outputs.length})
      </Button>
      {open ? (
        <div
          role="group"
          aria-label="Download a result"
          css={{ position: 'absolute', zIndex: 5, bottom: '100%', left: 0, marginBottom: 4, display: 'flex', flexDirection: 'column', gap: 2, padding: 6, borderRadius: 10, background: theme.surfaceRaised, border: `1px solid ${theme.border}`, boxShadow: '0 8px 24px rgba(0,0,0,0.3)', minWidth: 140 }}
        >
          {task.outputs.map((output, index) => (
            <Button
              key={output.file_path}
              variant="ghost"
              onClick={() => {
                setOpen(false);
                onDownload(index);
              }}
              css={{ ...small, justifyContent: 'flex-start' }}
            >
              {`${output.media === 'image' ? 'Image' : output.media === 'video' ? 'Video' : 'Track'} ${index + 1}`}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

const small = { minHeight: 32, padding: '0 10px', fontSize: 13 } as const;
const iconSmall = { minHeight: 32, minWidth: 32, padding: '0 8px' } as const;

/** A finished result's less used actions: publish to Explore (or take it back), report, delete. */
function MoreActions({ task, title, onReport, onDelete }: { task: Task; title: string; onReport(): void; onDelete(): void }) {
  const shell = useShell();
  const publish = usePublish(task);
  const click = (action: string) => trackEvent(shell, 'task_click', { algorithm: task.algorithm, action, task_id: task.task_id });
  return (
    <ActionMenu
      label={`More actions for ${title}`}
      up
      items={[
        { label: publish.label, checked: publish.published, disabled: publish.busy, onSelect: () => (click(publish.published ? 'unpublish' : 'publish'), void publish.toggle()) },
        { label: 'Report', onSelect: () => (click('report'), onReport()) },
        { label: 'Delete', danger: true, onSelect: onDelete },
      ]}
    />
  );
}

function Pill({ status }: { status: Task['status'] }) {
  const colour = status === 'failure' ? theme.danger : status === 'success' ? 'var(--c-success, #4ade80)' : theme.link;
  return (
    <span data-testid="task-status" css={{ fontSize: 12, fontWeight: 700, color: colour, whiteSpace: 'nowrap' }}>
      {STATUS_LABEL[status]}
    </span>
  );
}

/**
 * The progress a card shows: a figure once shown is never taken back (the curve and the server's figure
 * can disagree); a task queued again starts from 0.
 */
function useRisingProgress(task: Task, since: number | undefined, now: number): number {
  const highest = useRef({ run: '', value: 0 });
  const run = `${task.task_id}:${task.status === 'queued' ? 'q' : 'g'}`;
  if (task.status === 'queued') highest.current = { run, value: 0 };
  const progress = Math.max(highest.current.value, shownProgress(task, since, now));
  if (task.status === 'generating') highest.current = { run, value: progress };
  return progress;
}

/** The card's row of buttons, by status: like, download and more for a result; cancel and restart while it runs; retry; delete. */
function CardButtons({ task, title, actions, onReport }: { task: Task; title: string; actions: TaskActions; onReport(): void }) {
  const like = likeOf(task);
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
      {task.status === 'success' ? (
        <>
          <Button variant={like === 1 ? 'primary' : 'ghost'} aria-label="Like" title="Like" aria-pressed={like === 1} onClick={() => actions.like(task, like === 1 ? -1 : 1)} css={iconSmall}>
            <Glyph d={GLYPHS.thumbUp} size={16} />
          </Button>
          <Button variant={like === 0 ? 'primary' : 'ghost'} aria-label="Dislike" title="Dislike" aria-pressed={like === 0} onClick={() => actions.like(task, like === 0 ? -1 : 0)} css={iconSmall}>
            <Glyph d={GLYPHS.thumbDown} size={16} />
          </Button>
          <DownloadMenu task={task} onDownload={(index) => actions.download(task, index)} />
          {/* the less used actions wait in a menu at the row's end: a card shows one row of buttons, not three */}
          <span css={{ marginLeft: 'auto' }}>
            <MoreActions task={task} title={title} onReport={onReport} onDelete={() => actions.remove(task)} />
          </span>
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
      {(task.status === 'failure' || task.status === 'cancelled') && task.retryable !== false ? (
        <Button variant="ghost" onClick={() => actions.retry(task)} css={small}>
          Retry
        </Button>
      ) : null}
      {task.status === 'success' ? null : (
        <Button variant="ghost" onClick={() => actions.remove(task)} css={small} aria-label={`Delete ${title}`}>
          Delete
        </Button>
      )}
    </div>
  );
}

/** One task of the Generate List or My Creations: its state, its results and what can be done with it. */
export function TaskCard({
  task,
  now,
  since,
  actions: given,
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
  const shell = useShell();
  const actions = useMemo(() => trackedActions(shell, task, given), [shell, task, given]);
  const [reporting, setReporting] = useState(false);
  const prompt = fieldOf(task.user_data, 'prompt') || fieldOf(task.user_data, 'lyrics');
  const title = task.user_data.name || task.algorithm;
  const progress = useRisingProgress(task, since, now);

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
          {queueText(task)}
        </p>
      ) : null}
      {task.status === 'generating' ? <UploadProgress percent={progress} label="Generating" /> : null}
      {task.status === 'success' ? <EngineBadge engine={task.engine} /> : null}
      {task.status === 'success' ? <ResultMedia task={task} compact={compact} /> : null}
      {task.status === 'success' && !compact ? <SeedLine task={task} onSameSeed={actions.sameSeed} /> : null}
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

      <CardButtons task={task} title={title} actions={actions} onReport={() => setReporting(true)} />
      {reporting ? <ReportDialog subject="this result" send={(reason, other) => reportTask(shell.api, task, reason, other)} onClose={() => setReporting(false)} /> : null}
    </article>
  );
}
