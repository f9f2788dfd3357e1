import type { ExploreEntry } from 'shared-contracts';
import { ExploreSwiper } from './explore-swiper';
import { ExploreVideoModal } from './explore-video-modal';
import type { ItemPanelProps } from './item-panel';

;

/**
 * An explore item's detail (spec section 2 generic modals): a picture opens the image-swiper over the
 * gallery's loaded pictures, a video (and a track) the video modal; both carry the item's panel.
 */
export function ExploreDetail({ item, items, onClose, onChange, onGone }: ItemPanelProps & { items: readonly ExploreEntry[] }) {
  if (item.media === 'image') {
    const pictures = items.filter((entry) => entry.media === 'image');
    const slides = pictures.some((entry) => entry.id === item.id) ? pictures : [item, ...pictures];
    return <ExploreSwiper items={slides} initial={Math.max(0, slides.findIndex((entry) => entry.id === item.id))} onClose={onClose} onChange={onChange} onGone={onGone} />;
  }
  return <ExploreVideoModal item={item} onClose={onClose} onChange={onChange} onGone={onGone} />;
}
