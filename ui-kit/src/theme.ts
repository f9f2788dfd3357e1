/**
 * The theme comes from the CSS variables the shell sets on <html data-theme> (shell/src/theme/theme.ts:
 * `--c-*`, dark and light) from the one palette (./palette.ts). Every value has the dark fallback, so a
 * module rendered outside the shell still reads well.
 */
import { BREAKPOINTS } from 'shared-contracts';
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

// the breakpoints of spec section 9 (480, 600, 768, 960, 1188, 1368, 1920), in the contract's one list
const [SMALL, , PHONE, COMPACT, DESKTOP, WIDE, HUGE] = BREAKPOINTS;

/** Widths a layout switches at (the viewport's own width, in px): the points of spec section 9. */
export const BREAKPOINT = { small: SMALL, phone: PHONE, compact: COMPACT, desktop: DESKTOP, wide: WIDE, huge: HUGE } as const;

/**
 * Media queries of spec section 9: phone below 768, tablet below 1188, desktop from 1188; and the points in
 * between for layouts that change there: `small` (below 480, the narrowest phones), `compact` (below 960,
 * where two columns side by side are too narrow: phones and portrait tablets), `wide` (from 1368) and
 * `huge` (from 1920).
 */
export const media = {
  phone: `@media (max-width: ${PHONE - 0.02}px)`,
  tablet: `@media (min-width: ${PHONE}px) and (max-width: ${DESKTOP - 0.02}px)`,
  desktop: `@media (min-width: ${DESKTOP}px)`,
  small: `@media (max-width: ${SMALL - 0.02}px)`,
  compact: `@media (max-width: ${COMPACT - 0.02}px)`,
  /** from 960: room for two columns side by side (the opposite of compact) */
  columns: `@media (min-width: ${COMPACT}px)`,
  wide: `@media (min-width: ${WIDE}px)`,
  huge: `@media (min-width: ${HUGE}px)`,
} as const;

export const focusRing = {
  '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 },
} as const;
