import { useId } from 'react';
import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';
import { Dialog } from '@studio/ui-kit/dialog';
import { displayProgress } from '../utils/progress';

/** The progress modal of spec section 4: title, description, the curve (capped at 99 until success), cancel. */
export function ProgressModal({ title, description, value, onCancel, onHide }: { title: string; description: string; value: number; onCancel(): void; onHide(): void }) {
  const descId = useId();
  const shown = displayProgress(value);
  return (
    <Dialog title={title} onClose={onHide} describedBy={descId} testId="progress-modal">
      <p id={descId} css={{ margin: 0, color: theme.textMuted, lineHeight: 1.5 }}>
        {description}
      </p>
      <div role="progressbar" aria-label={title} aria-valuemin={0} aria-valuemax={100} aria-valuenow={shown} css={{ height: 10, borderRadius: 5, background: theme.surfaceRaised, overflow: 'hidden' }}>
        <div css={{ width: `${shown}%`, height: '100%', background: theme.primary, transition: 'width 0.8s linear' }} />
      </div>
      <div css={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <span aria-hidden="true">{shown}%</span>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </Dialog>
  );
}
