import { Button } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';

/** The object's box on one moment of the clip (seconds). */
export interface Mark {
  t: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A moving object is marked on two or more frames (select it, then "Mark this frame"); the engine follows its
 * box between the marks. With fewer than two marks the drawn selection is erased in every frame.
 */
export function Marks({ marks, onMark, onRemove }: { marks: readonly Mark[]; onMark(): void; onRemove(t: number): void }) {
  return (
    <div css={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center', fontSize: 13 }} data-testid="video-marks">
      <Button variant="secondary" onClick={onMark}>
        Mark this frame
      </Button>
      {marks.map((m) => (
        <span key={m.t} css={{ display: 'inline-flex', alignItems: 'center', gap: 4, padding: '2px 4px 2px 10px', borderRadius: 999, border: `1px solid ${theme.border}` }}>
          {m.t.toFixed(1)} s
          <Button variant="icon" onClick={() => onRemove(m.t)} css={{ minHeight: 28, width: 28 }}>
            <span aria-hidden="true">×</span>
            <span css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' }}>Remove the mark at {m.t.toFixed(1)} s</span>
          </Button>
        </span>
      ))}
      <span css={{ color: theme.textMuted }}>
        {marks.length >= 2 ? `The object is followed between ${marks.length} marked frames.` : 'Moving object? Select it on two or more frames and mark each: the erased box follows it.'}
      </span>
    </div>
  );
}
