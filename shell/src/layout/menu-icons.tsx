/**
 * The side menu's and the app-download entries' icons, drawn like the header's (icons.tsx): here, they come with
 * those parts' chunks instead of the first load (issue 25).
 */
import type { ReactElement } from 'react';
import { StrokeIcon } from './icons';

const PATHS = {
  home: 'M3 11l9-7 9 7v9a1 1 0 01-1 1h-5v-6H9v6H4a1 1 0 01-1-1z',
  explore: 'M12 21a9 9 0 100-18 9 9 0 000 18zm3.5-12.5l-2 5-5 2 2-5z',
  effect: 'M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z',
  video: 'M4 6h11a1 1 0 011 1v10a1 1 0 01-1 1H4a1 1 0 01-1-1V7a1 1 0 011-1zm12 4l5-3v10l-5-3',
  image: 'M4 4h16a1 1 0 011 1v14a1 1 0 01-1 1H4a1 1 0 01-1-1V5a1 1 0 011-1zm0 13l5-5 4 4 3-3 4 4M15.5 9.5h.01',
  music: 'M9 18V5l11-2v13M9 18a3 3 0 11-6 0 3 3 0 016 0zm11-2a3 3 0 11-6 0 3 3 0 016 0z',
  folder: 'M3 6a1 1 0 011-1h5l2 2h9a1 1 0 011 1v10a1 1 0 01-1 1H4a1 1 0 01-1-1z',
  tools: 'M14.7 6.3a4 4 0 00-5.4 5.4L3 18l3 3 6.3-6.3a4 4 0 005.4-5.4l-2.5 2.5-2.4-.6-.6-2.4z',
  android: 'M7 10v7a1 1 0 001 1h8a1 1 0 001-1v-7zM7 9a5 5 0 0110 0zM4.5 10v5M19.5 10v5M9 4.5L8 3m7 1.5L16 3M10 6.5h.01M14 6.5h.01',
  apple: 'M16.5 12.6c0-2.3 1.9-3.4 2-3.5-1.1-1.6-2.8-1.8-3.4-1.8-1.4-.1-2.8.9-3.5.9s-1.9-.9-3.1-.8A4.6 4.6 0 004.6 10c-1.7 2.9-.4 7.2 1.2 9.5.8 1.1 1.7 2.4 2.9 2.4s1.6-.8 3.1-.8 1.8.8 3.1.7 2-1.2 2.8-2.3a9.5 9.5 0 001.3-2.6 4 4 0 01-2.5-4.3zM14.2 5.6A3.9 3.9 0 0015.1 3a4 4 0 00-2.6 1.3 3.7 3.7 0 00-.9 2.6 3.3 3.3 0 002.6-1.3z',
} as const;

export type MenuIconName = keyof typeof PATHS;

export function MenuIcon({ name, size = 20 }: { name: MenuIconName; size?: number }): ReactElement {
  return <StrokeIcon d={PATHS[name]} size={size} />;
}
