import { DisabledTabs } from '@studio/ui-kit/disabled-tabs';
import { NotYetNotice } from '@studio/ui-kit/not-yet-notice';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { theme } from '@studio/ui-kit/theme';

export const EXPLORE_MEDIA_FILTERS = ['All', 'Video', 'Image', 'Audio'] as const;

/** Explore: the frame of the gallery (media filter, recommended flag); the gallery itself is not open yet. */
export function ExplorePage() {
  return (
    <PageFrame title="Explore" subtitle="Creations shared by the community, filtered by media.">
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <DisabledTabs label="Media filter" tabs={EXPLORE_MEDIA_FILTERS} />
        <label css={{ display: 'inline-flex', alignItems: 'center', gap: 8, color: theme.textMuted, fontSize: 14 }}>
          <input type="checkbox" disabled aria-disabled="true" />
          Recommended only
        </label>
      </div>
      <NotYetNotice>
        The Explore gallery is not available yet. Shared creations will be listed here once it opens; until then
        nothing is shown.
      </NotYetNotice>
    </PageFrame>
  );
}
