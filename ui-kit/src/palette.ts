/**
 * The palette: the one source of the product's colours. The shell writes them as CSS variables
 * (`--c-<name>` on <html data-theme>, shell/src/theme/theme.ts); ui-kit's theme reads those variables with
 * these values as fallbacks. Every text/background pair meets WCAG AA (4.5:1) in both themes (checked by
 * shell/src/theme/theme.test.ts).
 */
export const PALETTES = {
  dark: {
    bg: '#0e1015',
    surface: '#161922',
    'surface-raised': '#1f2331',
    'surface-hover': '#262b3b',
    border: '#2d3344',
    text: '#f1f3f8',
    'text-muted': '#a9b1c2',
    primary: '#a58bff',
    'primary-strong': '#6a48f5',
    'on-primary': '#ffffff',
    focus: '#c4b3ff',
    info: '#60a5fa',
    warn: '#fbbf24',
    success: '#34d399',
    error: '#f87171',
    'badge-new-bg': '#34d399',
    'badge-new-text': '#052e1c',
    'badge-hot-bg': '#ff7a59',
    'badge-hot-text': '#2b0a00',
    'badge-free-bg': '#7dd3fc',
    'badge-free-text': '#06263a',
    backdrop: 'rgba(4, 6, 10, 0.72)',
  },
  light: {
    bg: '#f4f5f9',
    surface: '#ffffff',
    'surface-raised': '#ffffff',
    'surface-hover': '#eceef5',
    border: '#d9dde7',
    text: '#151821',
    'text-muted': '#4f5768',
    primary: '#5633e0',
    'primary-strong': '#5633e0',
    'on-primary': '#ffffff',
    focus: '#5633e0',
    info: '#1d5fd1',
    warn: '#a15c00',
    success: '#137a4b',
    error: '#c62828',
    'badge-new-bg': '#137a4b',
    'badge-new-text': '#ffffff',
    'badge-hot-bg': '#c2410c',
    'badge-hot-text': '#ffffff',
    'badge-free-bg': '#0369a1',
    'badge-free-text': '#ffffff',
    backdrop: 'rgba(20, 22, 30, 0.55)',
  },
} as const;

/**
 * Colours that are the same in both themes, so no theme variable carries them (and the shell's first load,
 * which writes the variables, does not either): promotions read the same on either theme. White text meets
 * AA on every stop (checked by shell/src/theme/theme.test.ts).
 */
export const PROMO_COLORS = {
  /** the brand gradient of banners, the Upgrade entry and sale badges */
  start: '#6a48f5',
  end: '#c026d3',
  /** text and icons on any promotion colour */
  onPromo: '#ffffff',
  /** text of a white link on the gradient */
  strong: '#4c1d95',
  /** the purchase dialog's benefits panel */
  deepStart: '#2a1670',
  deepEnd: '#0f1b4d',
  /** the phone purchase carousel's image and audio slides (its video slide is the brand gradient) */
  imageStart: '#0369a1',
  imageEnd: '#4f46e5',
  audioStart: '#c2410c',
  audioEnd: '#be185d',
} as const;

/** The product's logo mark (the same in both themes). */
export const LOGO_COLORS = { start: '#8b6cff', end: '#ff6fb5', mark: '#ffffff' } as const;

export type PaletteMode = keyof typeof PALETTES;
export type PaletteColor = keyof (typeof PALETTES)['dark'];

/** `--shadow-pop` per theme */
export const SHADOWS: Record<PaletteMode, string> = {
  dark: '0 8px 28px rgba(0,0,0,0.55)',
  light: '0 8px 28px rgba(20,24,40,0.16)',
};

/** `var(--c-<name>, <value of the theme>)`: the shell's variable, with the palette's value when it is absent. */
export function paletteVar(name: PaletteColor, mode: PaletteMode = 'dark'): string {
  return `var(--c-${name}, ${PALETTES[mode][name]})`;
}
