import { useRef } from 'react';
import { thumbnailSize, useShell, type ExploreEntry } from 'shared-contracts';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { EngineBadge } from '@studio/ui-kit/engine-badge';
import type { PictureLoading } from '@studio/ui-kit/first-screen';
import { mediaUrl } from '../../lib/session';

const MEDIA_LABEL = { video: 'Video', image: 'Image', audio: 'Music' } as const;

/**
 * One gallery tile: the thumbnail at its own aspect ratio (loading as `picture` says: lazily unless it is on
 * the first screen); a video previews while hovered (desktop).
 */
export function ExploreCard({ item, onOpen, picture }: { item: ExploreEntry; onOpen(item: ExploreEntry): void; picture?: PictureLoading }) {
  const shell = useShell();
  const video = useRef<HTMLVideoElement | null>(null);
  const { width, height } = thumbnailSize(item);
  const play = () => {
    if (!video.current || shell.viewport.isPhone) return;
    video.current.play().catch(() => undefined);
  };
  const stop = () => {
    if (!video.current) return;
    video.current.pause();
    video.current.currentTime = 0;
  };
  return (
    <button
      type="button"
      onClick={() => onOpen(item)}
      onMouseEnter={play}
      onMouseLeave={stop}
      onFocus={play}
      onBlur={stop}
      data-testid="explore-card"
      css={{
        display: 'block',
        width: '100%',
        padding: 0,
        border: `1px solid ${theme.border}`,
        borderRadius: theme.radius,
        overflow: 'hidden',
        background: theme.surface,
        color: theme.text,
        cursor: 'pointer',
        textAlign: 'left',
        position: 'relative',
        ...focusRing,
        '&:hover img, &:hover video': { transform: 'scale(1.02)' },
      }}
    >
      {/* the picture's own ratio inline: one class for every card's frame, not a rule (and, in the first HTML, a style
          element) per ratio */}
      <span css={{ display: 'block', position: 'relative', background: theme.surfaceRaised }} style={{ aspectRatio: `${width} / ${height}` }}>
        <img
          src={mediaUrl(shell, item.thumbnail)}
          alt=""
          loading={picture?.loading ?? 'lazy'}
          fetchPriority={picture?.fetchPriority ?? 'auto'}
          css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', transition: 'transform 0.3s' }}
        />
        {item.media === 'video' ? (
          <video
            ref={video}
            src={mediaUrl(shell, item.preview_url)}
            muted
            loop
            playsInline
            preload="none"
            aria-hidden="true"
            css={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: 0, transition: 'opacity 0.2s' }}
            onPlaying={(event) => (event.currentTarget.style.opacity = '1')}
            onPause={(event) => (event.currentTarget.style.opacity = '0')}
          />
        ) : null}
        <span
          css={{ position: 'absolute', top: 8, left: 8, padding: '2px 8px', borderRadius: 999, fontSize: 11, fontWeight: 700, background: 'rgba(0,0,0,0.6)', color: '#fff' }}
        >
          {MEDIA_LABEL[item.media]}
        </span>
        {!item.published && item.is_own ? (
          <span css={{ position: 'absolute', top: 8, right: 8, padding: '2px 8px', borderRadius: 999, fontSize: 11, background: 'rgba(0,0,0,0.6)', color: '#fff' }}>
            Not published
          </span>
        ) : null}
      </span>
      <span css={{ display: 'flex', flexDirection: 'column', gap: 2, padding: '8px 10px 10px' }}>
        <span css={{ fontSize: 14, fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{item.title}</span>
        <span css={{ fontSize: 12, color: theme.textMuted, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {item.author.name} · {item.likes} {item.likes === 1 ? 'like' : 'likes'}
        </span>
        <EngineBadge engine={item.engine} />
      </span>
    </button>
  );
}
