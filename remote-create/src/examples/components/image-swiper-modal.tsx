import { useEffect, useState } from 'react';
import { useKeenSlider } from 'keen-slider/react';
import 'keen-slider/keen-slider.min.css';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/button';
import { Dialog } from '../../lib/dialog';
import { sliderAutoplay } from '@studio/ui-kit/slider-autoplay';
import { theme } from '@studio/ui-kit/theme';

export interface SwiperSlide {
  id: string | number;
  title: string;
  media: 'image' | 'video' | 'audio';
  url: string;
  thumbnail: string;
}

export const SWIPER_OPTIONS = { loop: true, slides: { perView: 1, spacing: 10 } } as const;
export const AUTOPLAY_MS = 3000;

/** The image-swiper modal of spec section 2: one slide per view, spacing 10, autoplay, loop. */
export function ImageSwiperModal({ title, slides, initial, onClose }: { title: string; slides: SwiperSlide[]; initial: number; onClose(): void }) {
  const [current, setCurrent] = useState(initial);
  const [sliderRef, slider] = useKeenSlider<HTMLDivElement>(
    { ...SWIPER_OPTIONS, slides: { ...SWIPER_OPTIONS.slides }, initial, slideChanged: (instance) => setCurrent(instance.track.details.rel) },
    [sliderAutoplay(AUTOPLAY_MS, { pauseOnHover: true })],
  );
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key === 'ArrowLeft') slider.current?.prev();
      if (event.key === 'ArrowRight') slider.current?.next();
    }
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [slider]);
  const slide = slides[current] ?? slides[0];
  return (
    <Dialog title={title} onClose={onClose} width={820} closeOnBackdrop testId="image-swiper">
      <div ref={sliderRef} className="keen-slider" aria-roledescription="carousel" aria-label={title} css={{ borderRadius: theme.radius, overflow: 'hidden' }}>
        {slides.map((item, index) => (
          <div
            key={item.id}
            className="keen-slider__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + 1} of ${slides.length}: ${item.title}`}
            css={{ display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#000', minHeight: 320 }}
          >
            {item.media === 'video' ? (
              <video src={item.url} poster={item.thumbnail || undefined} muted loop autoPlay playsInline css={{ maxWidth: '100%', maxHeight: '60vh' }} />
            ) : item.media === 'audio' ? (
              <audio src={item.url} controls aria-label={item.title} />
            ) : (
              <img src={item.url || item.thumbnail} alt={item.title} css={{ maxWidth: '100%', maxHeight: '60vh', objectFit: 'contain' }} />
            )}
          </div>
        ))}
      </div>
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <Button variant="icon" aria-label="Previous example" onClick={() => slider.current?.prev()}>
          <Glyph d={GLYPHS.left} />
        </Button>
        <span aria-live="polite" css={{ fontSize: 14, color: theme.textMuted, textAlign: 'center' }}>
          {slide ? `${slide.title} · ${current + 1} / ${slides.length}` : ''}
        </span>
        <Button variant="icon" aria-label="Next example" onClick={() => slider.current?.next()}>
          <Glyph d={GLYPHS.right} />
        </Button>
      </div>
    </Dialog>
  );
}
