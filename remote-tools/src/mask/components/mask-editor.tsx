import { forwardRef, useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Button } from '@studio/ui-kit/button';
import { focusRing, media, theme } from '@studio/ui-kit/theme';
import { MaskCanvas, type MaskCanvasHandle, type MaskTool } from './mask-canvas';

/** text for screen readers only (the button shows a symbol) */
const HIDDEN = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const TOOL_LABEL: Record<MaskTool, string> = {
  brush: 'Brush',
  eraser: 'Eraser',
  wand: 'Magic wand',
  polygon: 'Polygon',
  smart: 'Smart brush',
  pan: 'Move',
};

const TOOL_HELP: Record<MaskTool, string> = {
  brush: 'Paint over the area.',
  eraser: 'Paint to take area away.',
  wand: 'Tap a colour: the connected area of similar colour is selected.',
  polygon: 'Tap the corners; tap the first point, double-tap or press Close polygon to fill.',
  smart: 'Paint along an object: the selection snaps to its edges.',
  pan: 'Drag to move the picture; pinch or use the wheel to zoom.',
};

interface MaskEditorProps {
  image: HTMLImageElement | HTMLCanvasElement;
  tools: readonly MaskTool[];
  onSelectedChange(selected: number): void;
  disabled?: boolean;
}

function ToolButton({ active, onClick, children }: { active?: boolean; onClick(): void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      css={{
        minHeight: 36,
        padding: '0 12px',
        borderRadius: 8,
        font: 'inherit',
        fontSize: 13,
        fontWeight: 600,
        cursor: 'pointer',
        border: `1px solid ${active ? theme.primary : theme.border}`,
        background: active ? theme.primary : theme.surfaceRaised,
        color: active ? theme.onPrimary : theme.text,
        '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
        ...focusRing,
      }}
    >
      {children}
    </button>
  );
}

/**
 * The mask editor of the object remover, AI replace, the text remover and the video eraser: brush, eraser,
 * magic wand, polygon and smart brush (each tool as offered), brush size, tolerance, undo/redo (also
 * Ctrl+Z / Ctrl+Shift+Z), clear, zoom and pan.
 */
const MaskEditor = forwardRef<MaskCanvasHandle, MaskEditorProps>(function MaskEditor({ image, tools, onSelectedChange, disabled }, ref) {
  const ids = useId();
  const [tool, setTool] = useState<MaskTool>(tools[0]);
  const [brushSize, setBrushSize] = useState(36);
  const [tolerance, setTolerance] = useState(32);
  const [state, setState] = useState({ selected: 0, canUndo: false, canRedo: false, polygonPoints: 0, zoom: 1 });
  const canvas = useRef<MaskCanvasHandle | null>(null);
  const [height, setHeight] = useState(480);

  useEffect(() => {
    const update = () => setHeight(window.innerWidth < 768 ? Math.round(Math.min(420, window.innerWidth * 1.05)) : 520);
    update();
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);

  const setRefs = useCallback(
    (handle: MaskCanvasHandle | null) => {
      canvas.current = handle;
      if (typeof ref === 'function') ref(handle);
      else if (ref) ref.current = handle;
    },
    [ref],
  );

  const onChange = useCallback(
    (next: typeof state) => {
      setState(next);
      onSelectedChange(next.selected);
    },
    [onSelectedChange],
  );

  function onKeyDown(event: React.KeyboardEvent) {
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z') return;
    event.preventDefault();
    if (event.shiftKey) canvas.current?.redo();
    else canvas.current?.undo();
  }

  const offered: MaskTool[] = [...tools, 'pan'];
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 10, opacity: disabled ? 0.6 : 1, pointerEvents: disabled ? 'none' : undefined }} onKeyDown={onKeyDown}>
      <div role="toolbar" aria-label="Selection tools" css={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {offered.map((t) => (
          <ToolButton key={t} active={tool === t} onClick={() => setTool(t)}>
            {TOOL_LABEL[t]}
          </ToolButton>
        ))}
      </div>
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center', fontSize: 13, [media.phone]: { gap: 10 } }}>
        {tool === 'brush' || tool === 'eraser' || tool === 'smart' ? (
          <label htmlFor={`${ids}-size`} css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            Brush size
            <input id={`${ids}-size`} type="range" min={4} max={120} value={brushSize} onChange={(e) => setBrushSize(Number(e.target.value))} />
          </label>
        ) : null}
        {tool === 'wand' || tool === 'smart' ? (
          <label htmlFor={`${ids}-tol`} css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            Tolerance
            <input id={`${ids}-tol`} type="range" min={0} max={128} value={tolerance} onChange={(e) => setTolerance(Number(e.target.value))} />
          </label>
        ) : null}
        {tool === 'polygon' ? (
          <Button variant="secondary" disabled={state.polygonPoints < 3} onClick={() => canvas.current?.closePolygon()}>
            Close polygon
          </Button>
        ) : null}
        <span css={{ color: theme.textMuted }}>{TOOL_HELP[tool]}</span>
      </div>
      <MaskCanvas ref={setRefs} image={image} tool={tool} brushSize={brushSize} tolerance={tolerance} height={height} onChange={onChange} />
      <div role="toolbar" aria-label="Mask history and zoom" css={{ display: 'flex', flexWrap: 'wrap', gap: 6, alignItems: 'center' }}>
        <ToolButton onClick={() => canvas.current?.undo()}>
          Undo
        </ToolButton>
        <ToolButton onClick={() => canvas.current?.redo()}>
          Redo
        </ToolButton>
        <ToolButton onClick={() => canvas.current?.clear()}>
          Clear selection
        </ToolButton>
        <ToolButton onClick={() => canvas.current?.zoomBy(1 / 1.25)}>
          <span aria-hidden="true">−</span>
          <span css={HIDDEN}>Zoom out</span>
        </ToolButton>
        <span aria-live="polite" css={{ minWidth: 44, textAlign: 'center', fontSize: 13 }}>
          {Math.round(state.zoom * 100)}%
        </span>
        <ToolButton onClick={() => canvas.current?.zoomBy(1.25)}>
          <span aria-hidden="true">+</span>
          <span css={HIDDEN}>Zoom in</span>
        </ToolButton>
        <ToolButton onClick={() => canvas.current?.fit()}>
          Fit to view
        </ToolButton>
        <span css={{ marginLeft: 'auto', color: theme.textMuted, fontSize: 13 }} data-testid="mask-selected">
          {state.selected > 0 ? 'Area selected' : 'Nothing selected yet'}
        </span>
      </div>
    </div>
  );
});

export default MaskEditor;
