import type { CSSObject } from '@emotion/react';
import type { Palette } from '../lib/palette';

export function primaryButton(p: Palette): CSSObject {
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: 6,
    minHeight: 36,
    padding: '0 16px',
    borderRadius: 18,
    border: 'none',
    background: p.accent,
    color: p.accentText,
    fontSize: 14,
    fontWeight: 600,
    cursor: 'pointer',
    textDecoration: 'none',
    '&:disabled': { opacity: 0.55, cursor: 'not-allowed' },
    '&:focus-visible': { outline: `2px solid ${p.focus}`, outlineOffset: 2 },
  };
}

export function secondaryButton(p: Palette): CSSObject {
  return {
    ...primaryButton(p),
    background: p.surfaceRaised,
    color: p.text,
    border: `1px solid ${p.border}`,
  };
}

export function menuItem(p: Palette): CSSObject {
  return {
    display: 'flex',
    alignItems: 'center',
    width: '100%',
    minHeight: 36,
    padding: '0 10px',
    border: 'none',
    borderRadius: 8,
    background: 'transparent',
    color: p.text,
    fontSize: 14,
    textAlign: 'left',
    textDecoration: 'none',
    cursor: 'pointer',
    boxSizing: 'border-box',
    '&:hover': { background: p.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${p.focus}`, outlineOffset: -2 },
  };
}

