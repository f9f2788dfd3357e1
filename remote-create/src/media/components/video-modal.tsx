import { useState } from 'react';
import { PHONE_VIDEO_MODAL_MAX_HEIGHT, USER_TEXTS } from 'shared-contracts';
import { Dialog } from '../../lib/dialog';
import { media, theme } from '@studio/ui-kit/theme';

export interface VideoModalProps {
  /** width / height, or 'w:h' */
  ratio: number | string;
  videoLink: string;
  thumbnailLink?: string;
  title?: string;
  onClose(): void;
}

function ratioValue(ratio: number | string): number {
  if (typeof ratio === 'number') return ratio > 0 ? ratio : 16 / 9;
  const [w, h] = ratio.split(/[:/x]/).map(Number);
  return w > 0 && h > 0 ? w / h : 16 / 9;
}

/** The video modal of spec section 2 (ratio, videoLink, thumbnailLink); a backdrop click closes it. */
export function VideoModal({ ratio, videoLink, thumbnailLink, title = 'Video', onClose }: VideoModalProps) {
  const [failed, setFailed] = useState(false);
  const value = ratioValue(ratio);
  return (
    <Dialog title={title} onClose={onClose} width={value >= 1 ? 900 : 520} closeOnBackdrop testId="video-modal">
      {failed ? (
        <p role="alert" css={{ margin: 0, color: theme.danger }}>
          {USER_TEXTS.PLAYBACK_FAILED}
        </p>
      ) : (
        <video
          src={videoLink}
          poster={thumbnailLink || undefined}
          controls
          autoPlay
          playsInline
          onError={() => setFailed(true)}
          css={{
            width: '100%',
            aspectRatio: String(value),
            maxHeight: '70vh',
            background: '#000',
            borderRadius: theme.radius,
            [media.phone]: { maxHeight: PHONE_VIDEO_MODAL_MAX_HEIGHT },
          }}
        />
      )}
    </Dialog>
  );
}
