/**
 * What a task card says besides its media (the engine badge is ui-kit's EngineBadge): the
 * seed with copy and 'Same seed', and which wait a queued task is in, with its position and estimate.
 */
import { useState } from 'react';
import { QUEUE_WAIT_TEXTS, type Task } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';

/** '20 s', '3 min', '1 h 5 min' */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(5, Math.round(seconds / 5) * 5)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** The queued line: which wait, the position, and an estimate when run times were measured. */
export function queueText(task: Pick<Task, 'queue_wait' | 'queue_position' | 'queue_estimate_seconds'>): string {
  const parts = [task.queue_wait ? QUEUE_WAIT_TEXTS[task.queue_wait] : 'Waiting in the queue'];
  if (task.queue_position) parts.push(`position ${task.queue_position}`);
  if (typeof task.queue_estimate_seconds === 'number') parts.push(`done in about ${formatWait(task.queue_estimate_seconds)}`);
  return parts.join(' · ');
}

const small = { minHeight: 28, padding: '0 8px', fontSize: 12 } as const;

/** The seed of a result, a copy button and 'Same seed' (the same settings and seed, made again). */
export function SeedLine({ task, onSameSeed }: { task: Task; onSameSeed?: (task: Task) => void }) {
  const [copied, setCopied] = useState(false);
  if (typeof task.seed !== 'number') return null;
  const seed = task.seed;
  async function copy() {
    try {
      await navigator.clipboard.writeText(String(seed));
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    } catch {
      setCopied(false);
    }
  }
  return (
    <div data-testid="task-seed" css={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 6, fontSize: 12, color: theme.textMuted }}>
      <span>
        Seed <span data-testid="seed-value" css={{ fontFamily: 'ui-monospace, monospace', color: theme.text }}>{seed}</span>
      </span>
      <Button variant="ghost" onClick={() => void copy()} aria-label={`Copy seed ${seed}`} css={small}>
        {copied ? 'Copied' : 'Copy'}
      </Button>
      {onSameSeed && task.user_data.request ? (
        <Button variant="ghost" onClick={() => onSameSeed(task)} data-testid="same-seed" css={small}>
          Same seed
        </Button>
      ) : null}
      <span role="status" css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clipPath: 'inset(50%)' }}>
        {copied ? 'Seed copied' : ''}
      </span>
    </div>
  );
}
