/**
 * The theme comes from the CSS variables the shell sets on <html data-theme> (shell/src/theme/theme.ts:
 * `--c-*`, dark and light) from the one palette (./palette.ts). Every value has the dark fallback, so a
 * module rendered outside the shell still reads well.
 */
import { paletteVar, SHADOWS } from './palette';

export const theme = {
  bg: paletteVar('bg'),
  surface: paletteVar('surface'),
  surfaceRaised: paletteVar('surface-raised'),
  surfaceHover: paletteVar('surface-hover'),
  border: paletteVar('border'),
  text: paletteVar('text'),
  textMuted: paletteVar('text-muted'),
  /** links and highlights on the page background */
  link: paletteVar('primary'),
  /** filled buttons (white text on it meets AA in both themes) */
  primary: paletteVar('primary-strong'),
  onPrimary: paletteVar('on-primary'),
  focus: paletteVar('focus'),
  danger: paletteVar('error'),
  backdrop: paletteVar('backdrop'),
  shadow: `var(--shadow-pop, ${SHADOWS.dark})`,
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
