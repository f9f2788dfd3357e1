import { useState } from 'react';
import type { Palette } from '../../shared/lib/palette';
import { initialsOf } from '../lib/display-name';

/** The user's avatar, or their initials when there is none or it fails to load. */
export function Avatar({ src, name, size, palette }: { src: string; name: string; size: number; palette: Palette }) {
  const [failed, setFailed] = useState(false);
  const common = { width: size, height: size, borderRadius: size / 2, flex: `0 0 ${size}px` } as const;
  if (src && !failed) {
    return <img src={src} alt="" width={size} height={size} onError={() => setFailed(true)} css={{ ...common, objectFit: 'cover' }} />;
  }
  return (
    <span
      aria-hidden="true"
      css={{
        ...common,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: palette.accent,
        color: palette.accentText,
        fontWeight: 700,
        fontSize: Math.round(size * 0.4),
      }}
    >
      {initialsOf(name)}
    </span>
  );
}
