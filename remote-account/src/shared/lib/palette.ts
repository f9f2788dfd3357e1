import { useSnapshot } from 'valtio';
import type { ShellApi } from 'shared-contracts';
import { paletteVar, type PaletteColor } from '@studio/ui-kit/palette';

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

/** Each colour's CSS variable, which the shell writes from ui-kit's one palette. */
const VARIABLES: Record<keyof Palette, PaletteColor> = {
  surface: 'surface',
  surfaceRaised: 'surface-hover',
  text: 'text',
  textMuted: 'text-muted',
  border: 'border',
  accent: 'primary-strong',
  accentText: 'on-primary',
  link: 'primary',
  danger: 'error',
  backdrop: 'backdrop',
  focus: 'focus',
};

function withVariables(mode: 'dark' | 'light'): Palette {
  return Object.fromEntries((Object.keys(VARIABLES) as (keyof Palette)[]).map((key) => [key, paletteVar(VARIABLES[key], mode)])) as unknown as Palette;
}

/**
 * The shell's theme variables (so the remote follows its theme), with the shell's own values as
 * fallbacks. Both themes keep text at 4.5:1 or better against their surfaces.
 */
const PALETTES: Record<'dark' | 'light', Palette> = { dark: withVariables('dark'), light: withVariables('light') };

export function usePalette(shell: ShellApi): Palette {
  const prefs = useSnapshot(shell.preferences.state);
  return PALETTES[prefs.theme === 'light' ? 'light' : 'dark'];
}
