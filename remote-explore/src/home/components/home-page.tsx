import { SiteFooter } from '@studio/ui-kit/site-footer';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { media, theme } from '@studio/ui-kit/theme';
import { HOME_FRAME } from 'shared-contracts/home-hero';
import { AI_TOOLS, CREATION_MODES } from '../utils/catalog';
import { DiscoverySections } from './discovery-sections';
import { EntryGrid } from './entry-grid';
import { Hero } from './hero';

/** the longest the rows' calls may hold the rest of the page back (a call that never answers) */
const ROWS_WAIT_MS = 3000;

/**
 * Home: the hero, trending explore items and hot templates, then an entry to every creation mode and every AI tool.
 * What is below the first screen renders in a transition once the rows above it have their answers (a visitor's
 * come in the HTML, a member's are fetched): React then works on it in slices between frames instead of one long
 * task while the page is starting (Lighthouse's blocking time), and a row arriving never pushes it down.
 */
export function HomePage() {
  const [rest, setRest] = useState(false);
  const showRest = useCallback(() => startTransition(() => setRest(true)), []);
  useEffect(() => {
    const timer = setTimeout(showRest, ROWS_WAIT_MS);
    return () => clearTimeout(timer);
  }, [showRest]);
  return (
    <div
      // busy until the rest is there: the gateway's CSS keeps the page's CMS blocks hidden meanwhile (they would be pushed down)
      aria-busy={rest ? undefined : true}
      css={{
        color: theme.text,
        // the gateway's copy of the hero in /home's first HTML sits in the same frame (shared-contracts/home-hero)
        maxWidth: HOME_FRAME.maxWidth,
        margin: '0 auto',
        padding: HOME_FRAME.padding.desktop,
        display: 'flex',
        flexDirection: 'column',
        gap: HOME_FRAME.gap.desktop,
        [media.tablet]: { padding: HOME_FRAME.padding.tablet },
        [media.phone]: { padding: HOME_FRAME.padding.phone, gap: HOME_FRAME.gap.phone },
      }}
    >
      <Hero />
      <DiscoverySections withHot={rest} onSettled={showRest} />
      {rest ? (
        <>
          <EntryGrid id="home-create" title="Create with AI" entries={CREATION_MODES} />
          <EntryGrid id="home-tools" title="AI tools" entries={AI_TOOLS} dense />
          <SiteFooter />
        </>
      ) : null}
    </div>
  );
}
