/**
 * The Explore gallery's first screen as HTML (shared-contracts/first-load's FirstScreenModule), rendered with
 * react-dom/server from the ExplorePage itself as a visitor sees it: the title, the filters and the gallery's first
 * page, from the answer the gateway asks for (`firstScreenCalls`) and carries in the page, so the page starts from it
 * and its first pictures (the phone's largest paint) load at once at high priority. The gallery's columns follow the
 * window's width, which a server cannot measure: the page is rendered once per column count, each shown by a media
 * query only at the widths where the browser's gallery has that many. The ExplorePage removes the copy when it mounts,
 * in the same frame. remote-explore's build bundles it for Node into its versioned folder
 * (`firstScreenFile('remote_explore/ExplorePage')`); never part of the remote's browser code.
 */
import type { FirstScreenModule } from 'shared-contracts/first-load';
import { renderFirstScreen } from '@studio/ui-kit/first-screen-server';
import { ExplorePage, MASONRY_COLUMNS } from '../components/explore-page';
import { EXPLORE_FIRST_PAGE_PATH } from '../hooks/use-explore-list';

/** Each column count with the widths it is shown at (react-masonry-css: a key is "up to this width", `default` above them all). */
function columnRanges(): { columns: number; query: string }[] {
  const limits = Object.entries(MASONRY_COLUMNS)
    .filter(([key]) => key !== 'default')
    .map(([key, columns]) => ({ upTo: Number(key), columns }))
    .sort((a, b) => a.upTo - b.upTo);
  const ranges = limits.map(({ upTo, columns }, index) => {
    const from = index === 0 ? null : (limits[index - 1]?.upTo ?? 0) + 1;
    return { columns, query: [from === null ? '' : `(min-width: ${from}px)`, `(max-width: ${upTo + 0.98}px)`].filter(Boolean).join(' and ') };
  });
  const last = limits[limits.length - 1];
  return [...ranges, { columns: MASONRY_COLUMNS.default, query: `(min-width: ${(last?.upTo ?? 0) + 1}px)` }];
}

/** The gallery's first page (no filter), the one call of the page's first screen. */
export const firstScreenCalls: NonNullable<FirstScreenModule['firstScreenCalls']> = () => [EXPLORE_FIRST_PAGE_PATH];

export const firstScreenHtml: FirstScreenModule['firstScreenHtml'] = ({ pathname, apiBase, data }) => {
  const ranges = columnRanges();
  const css = `.xf-cols{display:none}${ranges.map(({ columns, query }) => `@media ${query}{.xf-cols-${columns}{display:block}}`).join('')}`;
  return renderFirstScreen(
    <>
      <style>{css}</style>
      {ranges.map(({ columns }) => (
        <div key={columns} className={`xf-cols xf-cols-${columns}`}>
          <ExplorePage columns={columns} />
        </div>
      ))}
    </>,
    { pathname, apiBase, data },
  );
};
