import { useSnapshot } from 'valtio';
import type { ShellApi } from 'shared-contracts';

export interface Palette {
  surface: string;
  surfaceRaised: string;
  text: string;
  textMuted: string;
  border: string;
  accent: string;
  accentText: string;
  danger: string;
  backdrop: string;
  focus: string;
}

/** Both themes keep body text at 4.5:1 or better against their surfaces. */
export const PALETTES: Record<'dark' | 'light', Palette> = {
  dark: {
    surface: '#17171c',
    surfaceRaised: '#22222a',
    text: '#f5f5f7',
    textMuted: '#b4b4c0',
    border: '#34343f',
    accent: '#7c5cff',
    accentText: '#ffffff',
    danger: '#ff6b6b',
    backdrop: 'rgba(0, 0, 0, 0.6)',
    focus: '#b3a4ff',
  },
  light: {
    surface: '#ffffff',
    surfaceRaised: '#f3f3f7',
    text: '#18181b',
    textMuted: '#55555f',
    border: '#d8d8e0',
    accent: '#5b3df5',
    accentText: '#ffffff',
    danger: '#c62828',
    backdrop: 'rgba(0, 0, 0, 0.45)',
    focus: '#5b3df5',
  },
};

export function usePalette(shell: ShellApi): Palette {
  const prefs = useSnapshot(shell.preferences.state);
  return PALETTES[prefs.theme === 'light' ? 'light' : 'dark'];
}
