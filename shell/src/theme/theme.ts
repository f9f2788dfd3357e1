/**
 * Dark (default) and light themes. The colours' one source is ui-kit's palette (ui-kit/src/palette.ts),
 * which ui-kit's theme reads for its fallbacks. Colours live in CSS variables on <html data-theme="...">, so remotes can
 * use `var(--c-text)` directly; the emotion theme carries the same variable references plus the mode and the
 * breakpoints of spec section 9. Every text/background pair below meets WCAG AA (4.5:1) in both themes
 * (checked by theme.test.ts).
 */
import { BREAKPOINTS } from 'shared-contracts';
import { PALETTES, SHADOWS } from '@studio/ui-kit/palette';

export type ThemeMode = 'dark' | 'light';

export { PALETTES };

export type ColorName = keyof (typeof PALETTES)['dark'];

export function cssVariables(mode: ThemeMode): string {
  const palette = PALETTES[mode];
  const lines = (Object.keys(palette) as ColorName[]).map((name) => `--c-${name}: ${palette[name]};`);
  return `${lines.join('')}--shadow-pop: ${SHADOWS[mode]};color-scheme: ${mode};`;
}

const color = Object.fromEntries((Object.keys(PALETTES.dark) as ColorName[]).map((name) => [name, `var(--c-${name})`])) as Record<
  ColorName,
  string
>;

export interface ShellTheme {
  mode: ThemeMode;
  /** CSS variable references, e.g. color.text === 'var(--c-text)' */
  color: Record<ColorName, string>;
  breakpoints: readonly number[];
}

export function themeFor(mode: ThemeMode): ShellTheme {
  return { mode, color, breakpoints: BREAKPOINTS };
}

/** Layout sizes of the chrome. */
export const LAYOUT = {
  headerHeight: 60,
  phoneHeaderHeight: 56,
  sidebarWide: 236,
  sidebarNarrow: 84,
} as const;
