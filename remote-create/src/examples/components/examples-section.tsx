import { useState } from 'react';
import useSWR from 'swr';
import { EXAMPLES_PAGE_SIZE, useShell } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { messageOf } from '../../lib/errors';
import { focusRing, theme } from '@studio/ui-kit/theme';
import { ImageSwiperModal, type SwiperSlide } from './image-swiper-modal';

/**
 * Examples of a mode (GET /v1/common/demo/list), 20 a page, each opening the image-swiper modal. When the
 * server has none, it says so.
 */
export function ExamplesSection({ demoKey, title }: { demoKey: string; title: string }) {
  const shell = useShell();
  const [shown, setShown] = useState(EXAMPLES_PAGE_SIZE);
  const [open, setOpen] = useState<number | null>(null);
  const answer = useSWR(['remote-create:demos', demoKey], () => shell.api.call('GET /v1/common/demo/list', { query: { key: demoKey } }), { revalidateOnFocus: false });
  const slides: SwiperSlide[] = (answer.data ?? []).map((item) => ({ id: item.id, title: item.title, media: item.media, url: item.url, thumbnail: item.thumbnail }));
  const visible = slides.slice(0, shown);

  return (
    <section aria-labelledby={`examples-${demoKey}`} css={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      <h2 id={`examples-${demoKey}`} css={{ margin: 0, fontSize: 16 }}>
        Examples
      </h2>
      {answer.error ? <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>The examples could not be loaded: {messageOf(answer.error)}</p> : null}
      {answer.data && slides.length === 0 ? <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>No examples for {title} yet.</p> : null}
      {visible.length > 0 ? (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
          {visible.map((slide, index) => (
            <li key={slide.id}>
              <button
                type="button"
                onClick={() => setOpen(index)}
                aria-label={`Open example: ${slide.title}`}
                css={{ width: '100%', padding: 0, border: `1px solid ${theme.border}`, borderRadius: 10, overflow: 'hidden', background: theme.bg, cursor: 'pointer', ...focusRing }}
              >
                {slide.thumbnail ? (
                  <img src={slide.thumbnail} alt="" css={{ width: '100%', aspectRatio: '1', objectFit: 'cover', display: 'block' }} />
                ) : (
                  <span css={{ display: 'flex', aspectRatio: '1', alignItems: 'center', justifyContent: 'center', fontSize: 12, color: theme.textMuted, padding: 6 }}>{slide.title}</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {slides.length > shown ? (
        <Button variant="ghost" onClick={() => setShown((value) => value + EXAMPLES_PAGE_SIZE)}>
          More examples
        </Button>
      ) : null}
      {open !== null && slides.length > 0 ? <ImageSwiperModal title={`${title} examples`} slides={slides} initial={open} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}
