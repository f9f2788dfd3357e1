import { useShell, type Task } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { EngineBadge } from '@studio/ui-kit/engine-badge';
import { theme } from '@studio/ui-kit/theme';
import type { useToolTask } from '../hooks/use-tool-task';
import { displayProgress } from '../utils/progress';
import { CompareView } from './compare-view';

function statusLine(task: Task, curve: number): string {
  if (task.status === 'queued') return task.queue_position ? `Queued: position ${task.queue_position}` : 'Queued';
  if (task.status === 'generating') return `Processing… ${displayProgress(task.progress ?? curve)}%`;
  if (task.status === 'success') return 'Done';
  if (task.status === 'cancelled') return 'Cancelled';
  if (task.status === 'expired') return 'This result has expired';
  return task.reason ?? 'Processing failed. Please try again.';
}

/** The task's life and its result: status, progress, cancel or retry, before/after, download. */
export function ResultPanel({ runner, before, transparent }: { runner: ReturnType<typeof useToolTask>; before: { media: 'image' | 'video' | 'audio'; url: string; blob?: Blob } | null; transparent?: boolean }) {
  const shell = useShell();
  const { task, curve } = runner;
  if (!task) return null;
  const running = task.status === 'queued' || task.status === 'generating';
  const output = task.outputs[0];
  const outputUrl = output ? shell.api.url(output.url) : '';
  return (
    <section aria-labelledby="tool-result-title" data-testid="tool-result" data-status={task.status} css={{ display: 'flex', flexDirection: 'column', gap: 12, padding: 16, borderRadius: theme.radiusLarge, background: theme.surface, border: `1px solid ${theme.border}` }}>
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap' }}>
        <h2 id="tool-result-title" css={{ margin: 0, fontSize: 18 }}>
          Result
        </h2>
        <span role="status" css={{ color: task.status === 'failure' ? theme.danger : theme.textMuted, fontSize: 14 }}>
          {statusLine(task, curve)}
        </span>
      </div>
      {running ? (
        <div role="progressbar" aria-label="Task progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={displayProgress(task.progress ?? curve)} css={{ height: 8, borderRadius: 4, background: theme.surfaceRaised, overflow: 'hidden' }}>
          <div css={{ width: `${displayProgress(task.progress ?? curve)}%`, height: '100%', background: theme.primary, transition: 'width 0.8s' }} />
        </div>
      ) : null}
      {task.status === 'success' && output ? (
        <>
          {before && before.media === output.media ? (
            <CompareView media={output.media} before={before.url} beforeBlob={before.blob} after={outputUrl} transparent={transparent} />
          ) : output.media === 'video' ? (
            <video src={outputUrl} controls playsInline aria-label="Result video" css={{ width: '100%', maxHeight: 560, borderRadius: theme.radius, background: '#000' }} />
          ) : output.media === 'image' ? (
            <img src={outputUrl} alt="Result" css={{ maxWidth: '100%', maxHeight: 560, borderRadius: theme.radius }} />
          ) : (
            <audio src={outputUrl} controls aria-label="Result audio" css={{ width: '100%' }} />
          )}
          <EngineBadge engine={task.engine} />
          {task.engine?.note ? <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>{task.engine.note}</p> : null}
          {output.watermarked ? <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>Free plan results carry a watermark; Standard and Premium download without it.</p> : null}
        </>
      ) : null}
      <div css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {running ? (
          <Button variant="secondary" onClick={() => void runner.cancel()}>
            Cancel
          </Button>
        ) : null}
        {(task.status === 'failure' || task.status === 'cancelled') && task.retryable !== false ? (
          <Button variant="secondary" onClick={() => void runner.retry()}>
            Retry
          </Button>
        ) : null}
        {task.status === 'success'
          ? task.outputs.map((o, index) => (
              <Button key={o.file_path} variant="primary" onClick={() => void runner.download(o)} data-file={o.file_path}>
                {task.outputs.length > 1 ? `Download ${index + 1}` : 'Download'}
              </Button>
            ))
          : null}
        {task.status === 'success' ? (
          <span css={{ alignSelf: 'center', fontSize: 13, color: theme.textMuted }}>Also saved in My Creations for 7 days.</span>
        ) : null}
      </div>
    </section>
  );
}
