import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { media } from '@studio/ui-kit/theme';
import { PREVIEW_MAX_ZOOM, PREVIEW_MIN_ZOOM } from '../utils/preview-math';
import type { PreviewView } from '../hooks/use-preview-view';

export const toolbarButton = { color: '#ffffff', '&:hover:not(:disabled)': { background: 'rgba(255,255,255,0.12)' } } as const;

/** The top bar: the position in the group, the label, zoom and rotation controls, and the close button. */
export function PreviewToolbar({ view, count, label, onClose }: { view: PreviewView; count: number; label?: string; onClose(): void }) {
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: 8, padding: '12px 16px', [media.phone]: { padding: '8px 8px 4px' } }}>
      <span aria-live="polite" css={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', minWidth: 40 }}>
        {count > 1 ? `${view.index + 1} / ${count}` : ''}
      </span>
      {label ? (
        <span data-testid="engine-badge" css={{ fontSize: 12, fontWeight: 700, padding: '3px 8px', borderRadius: 999, border: '1px solid rgba(255,255,255,0.3)', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', minWidth: 0 }}>
          {label}
        </span>
      ) : null}
      <div
        role="toolbar"
        aria-label="Preview controls"
        css={{
          display: 'flex',
          alignItems: 'center',
          gap: 4,
          marginLeft: 'auto',
          // on a phone the controls sit in a bar of their own at the bottom, the close button stays top right
          [media.phone]: { position: 'absolute', left: 0, right: 0, bottom: 0, justifyContent: 'center', padding: '8px 8px calc(8px + env(safe-area-inset-bottom))', background: '#0b0b0f', gap: 0 },
        }}
      >
        <Button variant="icon" aria-label="Zoom out" css={toolbarButton} disabled={view.zoom <= PREVIEW_MIN_ZOOM} onClick={view.zoomOut}>
          <Glyph d={GLYPHS.minus} />
        </Button>
        <output aria-label="Zoom level" css={{ minWidth: 52, textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}>
          {Math.round(view.zoom * 100)}%
        </output>
        <Button variant="icon" aria-label="Zoom in" css={toolbarButton} disabled={view.zoom >= PREVIEW_MAX_ZOOM} onClick={view.zoomIn}>
          <Glyph d={GLYPHS.plus} />
        </Button>
        <Button variant="icon" aria-label="Rotate left" css={toolbarButton} onClick={() => view.rotate(-1)}>
          <Glyph d={GLYPHS.rotateLeft} />
        </Button>
        <Button variant="icon" aria-label="Rotate right" css={toolbarButton} onClick={() => view.rotate(1)}>
          <Glyph d={GLYPHS.rotateRight} />
        </Button>
        <Button variant="icon" aria-label="Reset zoom and rotation" css={toolbarButton} onClick={view.reset}>
          <Glyph d={GLYPHS.reset} />
        </Button>
      </div>
      <Button variant="icon" aria-label="Close preview" css={{ ...toolbarButton, flexShrink: 0, [media.phone]: { marginLeft: 'auto' } }} onClick={onClose}>
        <Glyph d={GLYPHS.close} />
      </Button>
    </div>
  );
}
