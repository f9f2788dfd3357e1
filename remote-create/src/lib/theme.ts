/**
 * The theme comes from CSS variables the shell sets on the document (dark and light). Every value has a
 * dark fallback, so a module rendered before the shell's theme is ready still reads well.
 */
export const theme = {
  bg: 'var(--color-bg, #0f0f12)',
  surface: 'var(--color-surface, #17171c)',
  surfaceRaised: 'var(--color-surface-raised, #202028)',
  border: 'var(--color-border, #2c2c35)',
  text: 'var(--color-text, #f5f5f7)',
  textMuted: 'var(--color-text-secondary, #a1a1ad)',
  primary: 'var(--color-primary, #6d4aff)',
  onPrimary: 'var(--color-on-primary, #ffffff)',
  accent: 'var(--color-accent, #2ec5ff)',
  radius: 'var(--radius-md, 12px)',
  radiusLarge: 'var(--radius-lg, 20px)',
} as const;

/** Breakpoints of spec section 9: phone below 768, tablet below 1188. */
export const media = {
  phone: '@media (max-width: 767.98px)',
  tablet: '@media (min-width: 768px) and (max-width: 1187.98px)',
  desktop: '@media (min-width: 1188px)',
} as const;

export const focusRing = {
  '&:focus-visible': { outline: `2px solid ${theme.accent}`, outlineOffset: 2 },
} as const;
