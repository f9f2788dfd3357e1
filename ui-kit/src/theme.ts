/**
 * The theme comes from the CSS variables the shell sets on <html data-theme> (shell/src/theme/theme.ts:
 * `--c-*`, dark and light). Every value has the dark fallback, so a module rendered outside the shell
 * still reads well.
 */
export const theme = {
  bg: 'var(--c-bg, #0e1015)',
  surface: 'var(--c-surface, #161922)',
  surfaceRaised: 'var(--c-surface-raised, #1f2331)',
  surfaceHover: 'var(--c-surface-hover, #262b3b)',
  border: 'var(--c-border, #2d3344)',
  text: 'var(--c-text, #f1f3f8)',
  textMuted: 'var(--c-text-muted, #a9b1c2)',
  /** links and highlights on the page background */
  link: 'var(--c-primary, #a58bff)',
  /** filled buttons (white text on it meets AA in both themes) */
  primary: 'var(--c-primary-strong, #6a48f5)',
  onPrimary: 'var(--c-on-primary, #ffffff)',
  focus: 'var(--c-focus, #c4b3ff)',
  danger: 'var(--c-error, #f87171)',
  backdrop: 'var(--c-backdrop, rgba(4, 6, 10, 0.72))',
  shadow: 'var(--shadow-pop, 0 8px 28px rgba(0,0,0,0.55))',
  radius: '12px',
  radiusLarge: '20px',
} as const;

/** Breakpoints of spec section 9: phone below 768, tablet below 1188. */
export const media = {
  phone: '@media (max-width: 767.98px)',
  tablet: '@media (min-width: 768px) and (max-width: 1187.98px)',
  desktop: '@media (min-width: 1188px)',
} as const;

export const focusRing = {
  '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
} as const;
