import { media, theme } from '@studio/ui-kit/theme';
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
        maxWidth: 1440,
        margin: '0 auto',
        padding: '24px 32px 56px',
        display: 'flex',
        flexDirection: 'column',
        gap: 40,
        [media.tablet]: { padding: '20px 24px 48px' },
        [media.phone]: { padding: '12px 12px 40px', gap: 28 },
      }}
    >
      <Hero />
      <DiscoverySections />
      <EntryGrid id="home-create" title="Create with AI" entries={CREATION_MODES} />
      <EntryGrid id="home-tools" title="AI tools" entries={AI_TOOLS} dense />
    </div>
  );
}
