import type { ButtonHTMLAttributes } from 'react';
import { focusRing, theme } from './theme';

type Variant = 'primary' | 'secondary' | 'ghost' | 'icon';

const VARIANTS: Record<Variant, Record<string, unknown>> = {
  primary: { background: theme.primary, color: theme.onPrimary, border: '1px solid transparent' },
  secondary: { background: theme.surfaceRaised, color: theme.text, border: `1px solid ${theme.border}` },
  ghost: { background: 'transparent', color: theme.text, border: `1px solid ${theme.border}` },
  icon: {
    background: 'transparent',
    color: theme.text,
    border: '1px solid transparent',
    width: 40,
    padding: 0,
    borderRadius: 999,
    '&:hover:not(:disabled)': { background: theme.surfaceRaised },
  },
};

export function Button({ variant = 'secondary', type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  return (
    <button
      type={type}
      css={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 6,
        minHeight: 40,
        padding: '0 18px',
        borderRadius: 10,
        font: 'inherit',
        fontSize: 14,
        fontWeight: 600,
        cursor: 'pointer',
        '&:disabled': { opacity: 0.5, cursor: 'not-allowed' },
        ...focusRing,
        ...VARIANTS[variant],
      }}
      {...rest}
    />
  );
}

/** Small stroke glyphs for icon buttons (the button carries the accessible name). */
export function Glyph({ d, size = 20 }: { d: readonly string[]; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {d.map((path) => (
        <path key={path} d={path} />
      ))}
    </svg>
  );
}

export const GLYPHS = {
  close: ['M6 6l12 12', 'M18 6L6 18'],
  minus: ['M5 12h14'],
  plus: ['M12 5v14', 'M5 12h14'],
  left: ['M15 6l-6 6 6 6'],
  right: ['M9 6l6 6-6 6'],
  rotateLeft: ['M4 4v6h6', 'M4.5 10A8 8 0 1 1 6 16.5'],
  rotateRight: ['M20 4v6h-6', 'M19.5 10A8 8 0 1 0 18 16.5'],
  reset: ['M3 12a9 9 0 1 0 3-6.7', 'M3 4v5h5'],
  thumbUp: ['M14 9V5a3 3 0 0 0-3-3l-4 9v11h11.28a2 2 0 0 0 2-1.7l1.38-9a2 2 0 0 0-2-2.3z', 'M7 22H4a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2h3'],
  thumbDown: ['M10 15v4a3 3 0 0 0 3 3l4-9V2H5.72a2 2 0 0 0-2 1.7l-1.38 9a2 2 0 0 0 2 2.3z', 'M17 2h2.67A2.31 2.31 0 0 1 22 4v7a2.31 2.31 0 0 1-2.33 2H17'],
} as const;
