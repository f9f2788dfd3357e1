import { AppLink } from '@studio/ui-kit/app-link';
import { DisabledTabs } from '@studio/ui-kit/disabled-tabs';
import { NotYetNotice } from '@studio/ui-kit/not-yet-notice';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { focusRing, theme } from '@studio/ui-kit/theme';

export const TEMPLATE_MEDIA_TABS = ['Video', 'Image'] as const;

/**
 * The template browser (shown without header and sidebar): media tabs, then categories with paged
 * lists. A way home is on the page itself since the shell shows no chrome here.
 */
export function TemplatePage() {
  return (
    <PageFrame title="Templates" subtitle="Start from a template: pick a media type, then a category.">
      <AppLink to="/home" css={{ alignSelf: 'flex-start', color: theme.link, fontSize: 14, ...focusRing }}>
        Back to home
      </AppLink>
      <DisabledTabs label="Template media type" tabs={TEMPLATE_MEDIA_TABS} />
      <NotYetNotice>
        The template browser is not available yet. Video and image templates will be listed here by category once
        it opens; until then nothing is shown.
      </NotYetNotice>
    </PageFrame>
  );
}
