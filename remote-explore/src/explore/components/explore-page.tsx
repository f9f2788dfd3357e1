import { lazy, Suspense, useEffect, useState } from 'react';
import Masonry from 'react-masonry-css';
import { useInView } from 'react-intersection-observer';
import { useSnapshot } from 'valtio';
import { DISCOVERY_TEXTS, useShell, type ExploreEntry } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { BREAKPOINT, focusRing, theme } from '@studio/ui-kit/theme';
import { useExploreList, type ExploreMedia } from '../hooks/use-explore-list';
import { FIRST_SCREEN_PICTURES, GRID_FIRST_ROW, pictureLoading, useFirstScreenTakeover } from '@studio/ui-kit/first-screen';
import { ExploreCard } from './explore-card';

/** The opened item's viewer (the slider, the video modal, the item's panel and its report dialog): code no first screen draws. */
const loadDetail = () => import(/* webpackChunkName: "explore-detail" */ './explore-detail');
const ExploreDetail = lazy(() => loadDetail().then(({ ExploreDetail: detail }) => ({ default: detail })));

/** Fetches the viewer's code once the page has loaded and the browser is idle, so a first tap on a card opens it at once. */
function usePreloadDetail(): void {
  useEffect(() => {
    let idle: number | undefined;
    const start = () => {
      idle = (window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1)))(() => void loadDetail());
    };
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
    return () => {
      window.removeEventListener('load', start);
      if (idle !== undefined) (window.cancelIdleCallback ?? window.clearTimeout)(idle);
    };
  }, []);
}

const EXPLORE_MEDIA_FILTERS: { value: ExploreMedia; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'video', label: 'Video' },
  { value: 'image', label: 'Image' },
  { value: 'audio', label: 'Audio' },
];

/** Columns by width (react-masonry-css keys are "up to this width"): the breakpoints of spec section 9; 6 on the widest screens down to 2 on phones. */
export const MASONRY_COLUMNS = { default: 6, [BREAKPOINT.huge - 1]: 5, [BREAKPOINT.wide - 1]: 4, [BREAKPOINT.desktop - 1]: 3, [BREAKPOINT.phone - 1]: 2 };

/** The gallery's columns at a window `width`, as react-masonry-css reads MASONRY_COLUMNS: the narrowest key at or above it, else `default`. */
function masonryColumnsAt(width: number): number {
  const fits = Object.entries(MASONRY_COLUMNS)
    .filter(([key]) => key !== 'default' && width <= Number(key))
    .sort(([a], [b]) => Number(a) - Number(b));
  return fits[0]?.[1] ?? MASONRY_COLUMNS.default;
}

/**
 * /explore: the gallery with the media filter and recommend flag, paged as the end comes into view. `columns`: the
 * gallery's columns whatever the width (the first screen's server render, which has no window to measure).
 */
export function ExplorePage({ columns }: { columns?: number } = {}) {
  const shell = useShell();
  // a visitor's first HTML has this page's copy (first-screen/server.tsx): this replaces it in the same frame
  useFirstScreenTakeover();
  const session = useSnapshot(shell.session.state);
  const viewport = useSnapshot(shell.viewport);
  usePreloadDetail();
  const [media, setMedia] = useState<ExploreMedia>('');
  const [recommend, setRecommend] = useState(false);
  const [open, setOpen] = useState<ExploreEntry | null>(null);
  const list = useExploreList(media, recommend, session.user?.uid ?? '');
  const { ref: endRef } = useInView({ rootMargin: '600px 0px', onChange: (visible) => visible && !list.error && void list.loadMore() });

  return (
    <PageFrame title="Explore" subtitle="Creations from the community and the studio. Open one to see its prompt and settings, or make the same.">
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12 }}>
        <div role="group" aria-label="Media" css={{ display: 'flex', gap: 6, flexWrap: 'wrap' }}>
          {EXPLORE_MEDIA_FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              aria-pressed={media === filter.value}
              onClick={() => setMedia(filter.value)}
              css={{
                minHeight: 36,
                padding: '0 16px',
                borderRadius: 999,
                border: `1px solid ${theme.border}`,
                background: media === filter.value ? theme.primary : theme.surface,
                color: media === filter.value ? theme.onPrimary : theme.text,
                font: 'inherit',
                fontSize: 14,
                cursor: 'pointer',
                ...focusRing,
              }}
            >
              {filter.label}
            </button>
          ))}
        </div>
        <label css={{ display: 'inline-flex', gap: 8, alignItems: 'center', fontSize: 14, cursor: 'pointer', minHeight: 36 }}>
          <input type="checkbox" checked={recommend} onChange={(event) => setRecommend(event.target.checked)} />
          Recommended only
        </label>
        {list.total !== null ? (
          <span css={{ fontSize: 13, color: theme.textMuted }} aria-live="polite">
            {list.total} {list.total === 1 ? 'creation' : 'creations'}
          </span>
        ) : null}
      </div>

      {/* the count itself, from the shell's viewport, not the width table: react-masonry-css would draw the table's
          `default` (6) first, then measure the window after the commit and draw every card again in the right columns
          (twice the start-up work on a phone, and a layout forced in between) */}
      <Masonry breakpointCols={columns ?? masonryColumnsAt(viewport.width)} className="explore-masonry" columnClassName="explore-masonry-column" css={masonryCss}>
        {list.items.map((item, index) => (
          <ExploreCard key={item.id} item={item} onOpen={setOpen} picture={pictureLoading(index, FIRST_SCREEN_PICTURES, GRID_FIRST_ROW)} />
        ))}
      </Masonry>

      {list.error ? (
        <div role="alert" css={{ display: 'flex', gap: 12, alignItems: 'center', color: theme.danger, fontSize: 14 }}>
          The gallery could not be loaded: {list.error}
          <Button onClick={() => void list.loadMore()}>Retry</Button>
        </div>
      ) : null}
      {list.total === 0 ? (
        <p css={{ margin: 0, color: theme.textMuted }}>
          Nothing here yet. The studio’s showcase appears here as its engines finish each piece; creations people publish show up too.
        </p>
      ) : null}
      <div ref={endRef} data-testid="explore-end" css={{ minHeight: 24, textAlign: 'center', fontSize: 13, color: theme.textMuted }}>
        {list.loading ? 'Loading…' : list.done && list.items.length > 0 ? DISCOVERY_TEXTS.ALL_LOADED : ''}
      </div>

      <Suspense fallback={null}>
        {open ? (
          <ExploreDetail
            item={open}
            items={list.items}
            onClose={() => setOpen(null)}
            onChange={(item) => {
              setOpen(item);
              list.update(item);
            }}
            onGone={list.remove}
          />
        ) : null}
      </Suspense>
    </PageFrame>
  );
}

const masonryCss = {
  display: 'flex',
  marginLeft: -12,
  width: 'auto',
  '& > .explore-masonry-column': { paddingLeft: 12, backgroundClip: 'padding-box', display: 'flex', flexDirection: 'column', gap: 12 },
} as const;
