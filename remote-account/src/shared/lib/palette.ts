import { useSnapshot } from 'valtio';
import type { ShellApi } from 'shared-contracts';

export interface Palette {
  surface: string;
  surfaceRaised: string;
  text: string;
  textMuted: string;
  border: string;
  /** background of primary buttons (white text on it) */
  accent: string;
  accentText: string;
  /** accent used as text on the surface (links, figures) */
  link: string;
  danger: string;
  backdrop: string;
  focus: string;
}

type Raw = Palette;

/** The shell's values (shell/src/theme/theme.ts), used when its CSS variables are absent. */
const FALLBACK: Record<'dark' | 'light', Raw> = {
  dark: {
    surface: '#161922',
    surfaceRaised: '#1f2331',
    text: '#f1f3f8',
    textMuted: '#a9b1c2',
    border: '#2d3344',
    accent: '#6a48f5',
    accentText: '#ffffff',
    link: '#a58bff',
    danger: '#f87171',
    backdrop: 'rgba(4, 6, 10, 0.72)',
    focus: '#c4b3ff',
  },
  light: {
    surface: '#ffffff',
    surfaceRaised: '#eceef5',
    text: '#151821',
    textMuted: '#4f5768',
    border: '#d9dde7',
    accent: '#5633e0',
    accentText: '#ffffff',
    link: '#5633e0',
    danger: '#c62828',
    backdrop: 'rgba(20, 22, 30, 0.55)',
    focus: '#5633e0',
  },
};

const VARIABLES: Record<keyof Palette, string> = {
  surface: '--c-surface',
  surfaceRaised: '--c-surface-hover',
  text: '--c-text',
  textMuted: '--c-text-muted',
  border: '--c-border',
  accent: '--c-primary-strong',
  accentText: '--c-on-primary',
  link: '--c-primary',
  danger: '--c-error',
  backdrop: '--c-backdrop',
  focus: '--c-focus',
};

function withVariables(raw: Raw): Palette {
  return Object.fromEntries((Object.keys(VARIABLES) as (keyof Palette)[]).map((key) => [key, `var(${VARIABLES[key]}, ${raw[key]})`])) as unknown as Palette;
}

/**
 * The shell's theme variables (so the remote follows its theme), with the shell's own values as
 * fallbacks. Both themes keep text at 4.5:1 or better against their surfaces.
 */
export const PALETTES: Record<'dark' | 'light', Palette> = { dark: withVariables(FALLBACK.dark), light: withVariables(FALLBACK.light) };

export function usePalette(shell: ShellApi): Palette {
  const prefs = useSnapshot(shell.preferences.state);
  return PALETTES[prefs.theme === 'light' ? 'light' : 'dark'];
}
