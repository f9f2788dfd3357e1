/** Inline 24px stroke icons (decorative: aria-hidden; the control around them carries the name). */
import type { ReactElement } from 'react';

/** The header's icons; the side menu's are in menu-icons.tsx, which its chunk brings (issue 25). */
const PATHS = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  sun: 'M12 4V2m0 20v-2m8-8h2M2 12h2m13.66-5.66l1.41-1.41M4.93 19.07l1.41-1.41m0-11.32L4.93 4.93m14.14 14.14l-1.41-1.41M12 17a5 5 0 100-10 5 5 0 000 10z',
  moon: 'M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z',
  chat: 'M21 12a8 8 0 01-11.6 7.1L4 20l1-4.6A8 8 0 1121 12zM8.5 12h.01M12 12h.01M15.5 12h.01',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
} as const;

export type IconName = keyof typeof PATHS;

/** One stroke icon drawn from its path. */
export function StrokeIcon({ d, size }: { d: string; size: number }): ReactElement {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      css={{ flex: 'none', display: 'block' }}
    >
      <path d={d} />
    </svg>
  );
}

export function Icon({ name, size = 20 }: { name: IconName; size?: number }): ReactElement {
  return <StrokeIcon d={PATHS[name]} size={size} />;
}
