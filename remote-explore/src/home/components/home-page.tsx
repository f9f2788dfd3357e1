import { media, theme } from '@studio/ui-kit/theme';
import { HOME_FRAME } from 'shared-contracts/home-hero';
import { AI_TOOLS, CREATION_MODES } from '../utils/catalog';
import { DiscoverySections } from './discovery-sections';
import { EntryGrid } from './entry-grid';
import { Hero } from './hero';

/** Home: the hero, trending explore items and hot templates, then an entry to every creation mode and every AI tool. */
export function HomePage() {
  return (
    <div
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
      <DiscoverySections />
      <EntryGrid id="home-create" title="Create with AI" entries={CREATION_MODES} />
      <EntryGrid id="home-tools" title="AI tools" entries={AI_TOOLS} dense />
    </div>
  );
}
