import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { IMAGE_SWIPER, useShell, type ExploreEntry } from 'shared-contracts';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { Dialog } from '@studio/ui-kit/dialog';
import { sliderAutoplay } from '@studio/ui-kit/slider-autoplay';
import { media as bp, theme } from '@studio/ui-kit/theme';
import { mediaUrl } from '../../lib/session';
import { ItemPanel, useItemInfo, type ItemPanelProps } from './item-panel';

/**
 * An image item's detail: the image-swiper modal over the gallery's loaded pictures (1 per view, spacing
 * 10, autoplay, loop), starting at the one opened; the panel beside it follows the slide shown.
 */
export function ExploreSwiper({ items, initial, onClose, onChange, onGone }: { items: ExploreEntry[]; initial: number } & Omit<ItemPanelProps, 'item'>) {
  const shell = useShell();
  const [current, setCurrent] = useState(initial);
  const [playing, setPlaying] = useState(true);
  const paused = useRef(false);
  const hovered = useRef(false);
  const focused = useRef(false);
  /** the next slide change is the person's (buttons, arrow keys, a drag), not the autoplay's */
  const chosen = useRef(false);
  const [asked, setAsked] = useState(() => items[initial]?.id);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>(
    {
      loop: IMAGE_SWIPER.loop && items.length > 1,
      initial,
      slides: { perView: IMAGE_SWIPER.perView, spacing: IMAGE_SWIPER.spacing },
      slideChanged: (instance) => {
        const rel = instance.track.details.rel;
        setCurrent(rel);
        if (chosen.current) setAsked(items[rel]?.id);
        chosen.current = false;
      },
      dragStarted: () => {
        chosen.current = true;
      },
    },
    [sliderAutoplay(IMAGE_SWIPER.autoplayMs, { held: () => paused.current || hovered.current || focused.current })],
  );
  const item = items[current] ?? items[0];
  useItemInfo(item, onChange, asked === item.id);
  const go = (direction: 'prev' | 'next') => {
    chosen.current = true;
    slider.current?.[direction]();
  };
  useEffect(() => {
    paused.current = !playing;
    slider.current?.update();
  }, [playing, slider]);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'ArrowLeft') go('prev');
    if (event.key === 'ArrowRight') go('next');
  }
  /** a hold starts or ends: the slider's update event re-arms (or stops) the autoplay timer */
  const hold = (flag: { current: boolean }, value: boolean) => () => {
    flag.current = value;
    slider.current?.update();
  };

  return (
    <Dialog title={item.title} onClose={onClose} width={1040} phoneFullScreen closeOnBackdrop testId="image-swiper">
      <div
        onMouseEnter={hold(hovered, true)}
        onMouseLeave={hold(hovered, false)}
        onFocus={hold(focused, true)}
        onBlur={hold(focused, false)}
        css={{ display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(260px, 2fr)', gap: 20, [bp.phone]: { gridTemplateColumns: '1fr' } }}
      >
        <div css={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 0 }} onKeyDown={onKeyDown}>
          <div ref={sliderRef} className="keen-slider" aria-roledescription="carousel" aria-label="Pictures" css={{ borderRadius: theme.radius, overflow: 'hidden' }}>
            {items.map((slide, index) => (
              <div
                key={slide.id}
                className="keen-slider__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${items.length}: ${slide.title}`}
                aria-hidden={index !== current}
                css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#000', minHeight: 240, height: '62vh', [bp.phone]: { height: '42vh' } }}
              >
                <img src={mediaUrl(shell, slide.url)} alt={slide.prompt || slide.title} css={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
              </div>
            ))}
          </div>
          <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
            <Button variant="icon" aria-label="Previous picture" onClick={() => go('prev')}>
              <Glyph d={GLYPHS.left} />
            </Button>
            <span aria-live="polite" css={{ fontSize: 13, color: theme.textMuted }}>
              {current + 1} / {items.length}
            </span>
            <Button variant="ghost" aria-pressed={!playing} onClick={() => setPlaying((value) => !value)}>
              {playing ? 'Pause slideshow' : 'Play slideshow'}
            </Button>
            <Button variant="icon" aria-label="Next picture" onClick={() => go('next')}>
              <Glyph d={GLYPHS.right} />
            </Button>
          </div>
        </div>
        <ItemPanel item={item} onClose={onClose} onChange={onChange} onGone={onGone} />
      </div>
    </Dialog>
  );
}
