import { media } from '@studio/ui-kit/theme';
import { routePath, type ExploreEntry } from 'shared-contracts';
import { HOME_TRENDING_EAGER } from 'shared-contracts/home-discovery';
import type { FirstScreenLink } from './links';

/** The Trending row's texts and link. */
const HOME_TRENDING = { title: 'Trending in Explore', more: 'See all', to: routePath('Explore') } as const;

/**
 * The row's stylesheet (class names `ht-*`). Colours are the shell's theme variables with see-through
 * fallbacks (in the first HTML, before the shell has written them, the row shows no card chrome: nothing moves).
 */
const TRENDING_CSS = [
  '.ht{display:flex;flex-direction:column;gap:12px}',
  '.ht-head{display:flex;align-items:baseline;justify-content:space-between;gap:12px}',
  '.ht-title{margin:0;font-size:22px}',
  '.ht-more{color:var(--c-primary,currentColor);font-size:14px}',
  '.ht-row{margin:0;padding:0 0 6px;list-style:none;display:grid;grid-auto-flow:column;grid-auto-columns:minmax(160px,200px);gap:12px;overflow-x:auto;scrollbar-width:thin}',
  '.ht-card{display:block;border-radius:12px;overflow:hidden;border:1px solid var(--c-border,transparent);background:var(--c-surface,transparent);color:inherit;text-decoration:none}',
  '.ht-more:focus-visible,.ht-card:focus-visible{outline:2px solid var(--c-focus,currentColor);outline-offset:2px}',
  '.ht-img{display:block;width:100%;height:auto;aspect-ratio:3/4;object-fit:cover}',
  '.ht-name{display:block;padding:6px 10px 8px;font-size:13px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}',
  `${media.phone}{.ht-title{font-size:18px}}`,
].join('');

/** What a Trending card shows of an explore item. */
export type TrendingItem = Pick<ExploreEntry, 'id' | 'title' | 'thumbnail' | 'author'>;

/** A card's accessible name. */
function trendingLabel(item: TrendingItem): string {
  return `${item.title} by ${item.author.name}`;
}

/**
 * The Trending row: the first pictures are in view on every screen, so they load at once, the first with
 * high priority (the phone's largest paint); the rest lazily. `src` maps a thumbnail to its URL.
 */
export function TrendingRow({ items, Link, src, titleId }: { items: readonly TrendingItem[]; Link: FirstScreenLink; src: (thumbnail: string) => string; titleId: string }) {
  return (
    <section className="ht" aria-labelledby={titleId}>
      <style>{TRENDING_CSS}</style>
      <div className="ht-head">
        <h2 id={titleId} className="ht-title">
          {HOME_TRENDING.title}
        </h2>
        <Link to={HOME_TRENDING.to} className="ht-more">
          {HOME_TRENDING.more}
        </Link>
      </div>
      <ul className="ht-row">
        {items.map((item, index) => (
          <li key={item.id}>
            <Link to={HOME_TRENDING.to} aria-label={trendingLabel(item)} className="ht-card">
              <img
                className="ht-img"
                src={src(item.thumbnail)}
                alt=""
                width={300}
                height={400}
                loading={index < HOME_TRENDING_EAGER ? 'eager' : 'lazy'}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
              <span className="ht-name">{item.title}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
