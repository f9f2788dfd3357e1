import { ASPECT_RATIOS } from 'shared-contracts';
import { theme } from '@studio/ui-kit/theme';
import { ChoiceGroup, Field } from './common';

/** The new canvas: a ratio of spec section 2 (or the same shape, larger), and where the picture sits in it (0-1). */
export interface Placement {
  ratio: string;
  /** 'larger': the same shape, grown by `grow` on every side */
  grow?: number;
  x: number;
  y: number;
}

export interface Expand {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const MAX_SIDE = 4096;

function ratioOf(ratio: string): number {
  const entry = ASPECT_RATIOS.find((r) => r.ratio === ratio);
  return entry ? entry.width / entry.height : 1;
}

/** The pixels to add on each side so the picture fills the new canvas at its placement. */
export function expandFor(width: number, height: number, placement: Placement): Expand {
  let newW = width;
  let newH = height;
  if (placement.ratio === 'larger') {
    const grow = placement.grow ?? 0.25;
    newW = Math.round(width * (1 + 2 * grow));
    newH = Math.round(height * (1 + 2 * grow));
  } else {
    const target = ratioOf(placement.ratio);
    if (width / height < target) newW = Math.round(height * target);
    else newH = Math.round(width / target);
  }
  const extraW = Math.min(2 * MAX_SIDE, newW - width);
  const extraH = Math.min(2 * MAX_SIDE, newH - height);
  const left = Math.min(MAX_SIDE, Math.round(extraW * placement.x));
  const top = Math.min(MAX_SIDE, Math.round(extraH * placement.y));
  return { left, right: Math.min(MAX_SIDE, extraW - left), top, bottom: Math.min(MAX_SIDE, extraH - top) };
}

/** Choose the new ratio or a larger canvas, and place the picture in it; the frame shows the result's shape. */
export function ExtenderOptions({ url, width, height, placement, onChange }: { url: string; width: number; height: number; placement: Placement; onChange(p: Placement): void }) {
  const e = expandFor(width, height, placement);
  const W = width + e.left + e.right;
  const H = height + e.top + e.bottom;
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <ChoiceGroup
        label="New canvas"
        value={placement.ratio}
        onChange={(ratio) => onChange({ ...placement, ratio })}
        choices={[...ASPECT_RATIOS.map((r) => ({ value: r.ratio as string, label: r.ratio })), { value: 'larger', label: 'Larger, same shape' }]}
      />
      {placement.ratio === 'larger' ? (
        <Field label="Grow each side">
          {(id) => <input id={id} type="range" min={5} max={50} value={Math.round((placement.grow ?? 0.25) * 100)} onChange={(ev) => onChange({ ...placement, grow: Number(ev.target.value) / 100 })} />}
        </Field>
      ) : null}
      <div css={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <Field label="Horizontal position">
          {(id) => <input id={id} type="range" min={0} max={100} value={Math.round(placement.x * 100)} disabled={e.left + e.right === 0} onChange={(ev) => onChange({ ...placement, x: Number(ev.target.value) / 100 })} />}
        </Field>
        <Field label="Vertical position">
          {(id) => <input id={id} type="range" min={0} max={100} value={Math.round(placement.y * 100)} disabled={e.top + e.bottom === 0} onChange={(ev) => onChange({ ...placement, y: Number(ev.target.value) / 100 })} />}
        </Field>
      </div>
      <div
        role="img"
        aria-label={`New canvas ${W} by ${H} pixels with your picture placed in it`}
        css={{ position: 'relative', width: '100%', maxWidth: 420, aspectRatio: `${W} / ${H}`, maxHeight: 320, margin: '0 auto', background: 'repeating-linear-gradient(45deg, #6d4aff33 0 10px, transparent 10px 20px)', border: `1px dashed ${theme.primary}`, borderRadius: 8, overflow: 'hidden' }}
      >
        <img src={url} alt="" css={{ position: 'absolute', left: `${(e.left / W) * 100}%`, top: `${(e.top / H) * 100}%`, width: `${(width / W) * 100}%`, height: `${(height / H) * 100}%` }} />
      </div>
      <span css={{ fontSize: 13, color: theme.textMuted, textAlign: 'center' }}>
        {width}×{height} → {W}×{H}
      </span>
    </div>
  );
}
