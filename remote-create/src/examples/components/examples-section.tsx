import { lazy, Suspense, useEffect, useState } from 'react';
import useSWRInfinite from 'swr/infinite';
import { EXAMPLES_END_DELAY_MS, EXAMPLES_PAGE_SIZE, useShell, type DemoItem } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { messageOf } from '@studio/ui-kit/errors';
import { focusRing, theme } from '@studio/ui-kit/theme';
import type { SwiperSlide } from './image-swiper-modal';

// the slider library loads when an example is first opened, not with the creation screen (issue 25)
const ImageSwiperModal = lazy(() => import('./image-swiper-modal').then((m) => ({ default: m.ImageSwiperModal })));

/**
 * Examples of a mode (GET /v1/common/demo/list), asked for 20 a page, each opening the image-swiper
 * modal. A page shorter than 20 is the last; the list ends 1 s after it loaded (spec section 4). When the
 * server has none, it says so.
 */
export function ExamplesSection({ demoKey, title }: { demoKey: string; title: string }) {
  const shell = useShell();
  const [open, setOpen] = useState<number | null>(null);
  const [ended, setEnded] = useState(false);
  const pages = useSWRInfinite<DemoItem[]>(
    (index, previous) => (previous && previous.length < EXAMPLES_PAGE_SIZE ? null : ['remote-create:demos', demoKey, index + 1]),
    ([, key, page]: [string, string, number]) =>
      shell.api.call('GET /v1/common/demo/list', { query: { key, page, page_size: EXAMPLES_PAGE_SIZE } }),
    { revalidateOnFocus: false, revalidateFirstPage: false },
  );
  const loaded = pages.data ?? [];
  const last = loaded[loaded.length - 1];
  const lastPageIn = last !== undefined && last.length < EXAMPLES_PAGE_SIZE && loaded.length === pages.size;
  useEffect(() => {
    setEnded(false);
    if (!lastPageIn) return;
    const timer = setTimeout(() => setEnded(true), EXAMPLES_END_DELAY_MS);
    return () => clearTimeout(timer);
  }, [lastPageIn, demoKey]);
  const slides: SwiperSlide[] = loaded.flat().map((item) => ({ id: item.id, title: item.title, media: item.media, url: item.url, thumbnail: item.thumbnail }));
  const answer = { data: pages.data ? slides : undefined, error: pages.error as unknown };
  const loadingMore = pages.isValidating && loaded.length < pages.size;

  return (
    <section aria-labelledby={`examples-${demoKey}`} css={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      <h2 id={`examples-${demoKey}`} css={{ margin: 0, fontSize: 16 }}>
        Examples
      </h2>
      {answer.error ? <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>The examples could not be loaded: {messageOf(answer.error)}</p> : null}
      {answer.data && slides.length === 0 ? <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>No examples for {title} yet.</p> : null}
      {slides.length > 0 ? (
        <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8, gridTemplateColumns: 'repeat(auto-fill, minmax(96px, 1fr))' }}>
          {slides.map((slide, index) => (
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
      {slides.length > 0 && !ended ? (
        <Button variant="ghost" disabled={loadingMore || lastPageIn} onClick={() => void pages.setSize(pages.size + 1)}>
          {loadingMore ? 'Loading…' : 'More examples'}
        </Button>
      ) : null}
      {open !== null && slides.length > 0 ? (
        <Suspense fallback={null}>
          <ImageSwiperModal title={`${title} examples`} slides={slides} initial={open} onClose={() => setOpen(null)} />
        </Suspense>
      ) : null}
    </section>
  );
}
