import { theme } from '@studio/ui-kit/theme';

/** The progress bar while a file uploads. */
export function UploadProgress({ percent, label }: { percent: number; label: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <div css={{ display: 'flex', justifyContent: 'space-between', fontSize: 12, color: theme.textMuted }}>
        <span>{label}</span>
        <span css={{ fontVariantNumeric: 'tabular-nums' }}>{value}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        css={{ height: 6, borderRadius: 999, background: theme.surfaceRaised, overflow: 'hidden' }}
      >
        <div css={{ width: `${value}%`, height: '100%', background: theme.primary, transition: 'width 120ms linear' }} />
      </div>
    </div>
  );
}
