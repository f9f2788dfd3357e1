import type { KeyboardEvent } from 'react';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { theme } from '@studio/ui-kit/theme';
import type { AspectChoice } from '../utils/crop-math';
import type { CropZoom } from '../hooks/use-crop-zoom';

/** Zoom out, the slider (arrows and Page keys a tenth of the range, Home and End the ends), zoom in, the percentage. */
export function ZoomBar({ zoom, disabled }: { zoom: CropZoom; disabled: boolean }) {
  const { range, scale, changeScale } = zoom;
  const zoomPercent = Math.round((scale / zoom.fit) * 100);

  function onSliderKey(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, number> = {
      ArrowRight: range.step,
      ArrowUp: range.step,
      PageUp: range.step,
      ArrowLeft: -range.step,
      ArrowDown: -range.step,
      PageDown: -range.step,
      Home: range.min - scale,
      End: range.max - scale,
    };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    changeScale(scale + move);
  }

  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: 8 }}>
      <Button variant="icon" aria-label="Zoom out" disabled={disabled || scale <= range.min + 1e-9} onClick={() => changeScale(scale - range.step)}>
        <Glyph d={GLYPHS.minus} />
      </Button>
      <input
        type="range"
        aria-label="Zoom"
        aria-valuetext={`${zoomPercent}%`}
        min={range.min}
        max={range.max}
        // "any" so a wheel step of 0.2 is shown where it lands; the keys step a tenth of the range below
        step="any"
        data-step={range.step}
        value={scale}
        disabled={disabled}
        onChange={(event) => changeScale(Number(event.target.value))}
        onKeyDown={onSliderKey}
        css={{ flex: 1, accentColor: theme.primary }}
      />
      <Button variant="icon" aria-label="Zoom in" disabled={disabled || scale >= range.max - 1e-9} onClick={() => changeScale(scale + range.step)}>
        <Glyph d={GLYPHS.plus} />
      </Button>
      <span css={{ minWidth: 48, textAlign: 'right', fontVariantNumeric: 'tabular-nums', color: theme.textMuted, fontSize: 14 }}>{zoomPercent}%</span>
    </div>
  );
}

/** The aspect choices within the ratio bounds; pressing the chosen one again frees the crop. */
export function AspectChoices({ choices, aspect, disabled, onChoose }: { choices: readonly AspectChoice[]; aspect: number | null; disabled: boolean; onChoose(value: number): void }) {
  if (choices.length === 0) return null;
  return (
    <div role="group" aria-label="Aspect ratio" css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {choices.map((choice) => (
        <Button key={choice.label} variant={aspect === choice.value ? 'primary' : 'ghost'} aria-pressed={aspect === choice.value} disabled={disabled} onClick={() => onChoose(choice.value)}>
          {choice.label}
        </Button>
      ))}
    </div>
  );
}

/** Restore on the left; Cancel and Confirm on the right. */
export function CropActions({ ready, canConfirm, onRestore, onCancel, onConfirm }: { ready: boolean; canConfirm: boolean; onRestore(): void; onCancel(): void; onConfirm(): void }) {
  return (
    <div css={{ display: 'flex', justifyContent: 'space-between', gap: 8, flexWrap: 'wrap', marginTop: 'auto' }}>
      <Button variant="ghost" onClick={onRestore} disabled={!ready}>
        <Glyph d={GLYPHS.reset} size={16} />
        Restore
      </Button>
      <div css={{ display: 'flex', gap: 8 }}>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="primary" onClick={onConfirm} disabled={!canConfirm}>
          Confirm
        </Button>
      </div>
    </div>
  );
}
