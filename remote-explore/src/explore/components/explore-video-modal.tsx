import { useState } from 'react';
import { PHONE_VIDEO_MODAL_MAX_HEIGHT, USER_TEXTS, useShell, type ExploreEntry } from 'shared-contracts';
import { Dialog } from '@studio/ui-kit/dialog';
import { media as bp, theme } from '@studio/ui-kit/theme';
import { mediaUrl } from '../../lib/session';
import { ItemPanel, useItemInfo, type ItemPanelProps } from './item-panel';

/** width / height of an item, 16:9 when it does not say */
export function itemRatio(item: Pick<ExploreEntry, 'width' | 'height'>): number {
  return item.width > 0 && item.height > 0 ? item.width / item.height : 16 / 9;
}

/**
 * A video (or music) item's detail: the video modal of spec section 2 (ratio, videoLink, thumbnailLink as
 * the poster; at most 480 px high on phones) with the item's panel beside it.
 */
export function ExploreVideoModal({ item, onClose, onChange, onGone }: ItemPanelProps) {
  const shell = useShell();
  const [failed, setFailed] = useState(false);
  useItemInfo(item, onChange);
  const ratio = itemRatio(item);
  const videoLink = mediaUrl(shell, item.url);
  const thumbnailLink = item.thumbnail ? mediaUrl(shell, item.thumbnail) : undefined;
  return (
    <Dialog title={item.title} onClose={onClose} width={ratio >= 1 ? 1040 : 880} phoneFullScreen testId={item.media === 'video' ? 'video-modal' : 'explore-detail'}>
      <div css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(260px, 2fr)', gap: 20, [bp.phone]: { gridTemplateColumns: '1fr' } }}>
        <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#000', borderRadius: theme.radius, overflow: 'hidden', minWidth: 0 }}>
          {failed ? (
            <p role="alert" css={{ margin: 16, color: theme.danger }}>
              {USER_TEXTS.PLAYBACK_FAILED}
            </p>
          ) : item.media === 'audio' ? (
            <div css={{ display: 'flex', flexDirection: 'column', gap: 12, width: '100%', alignItems: 'center', padding: 16 }}>
              <img src={thumbnailLink} alt="" css={{ width: 200, height: 200, borderRadius: 12 }} />
              <audio src={videoLink} controls css={{ width: '100%' }} aria-label={`Play ${item.title}`} onError={() => setFailed(true)} />
            </div>
          ) : (
            <video
              src={videoLink}
              poster={thumbnailLink}
              controls
              autoPlay
              muted
              loop
              playsInline
              onError={() => setFailed(true)}
              css={{ width: '100%', aspectRatio: String(ratio), maxHeight: '70vh', objectFit: 'contain', [bp.phone]: { maxHeight: PHONE_VIDEO_MODAL_MAX_HEIGHT } }}
            />
          )}
        </div>
        <ItemPanel item={item} onClose={onClose} onChange={onChange} onGone={onGone} />
      </div>
    </Dialog>
  );
}
