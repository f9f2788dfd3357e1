import { AppLink } from '@studio/ui-kit/app-link';
import { DisabledTabs } from '@studio/ui-kit/disabled-tabs';
import { NotYetNotice } from '@studio/ui-kit/not-yet-notice';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { focusRing, theme } from '@studio/ui-kit/theme';

/** Effect templates: category tabs and the template grid; the effect creation screen is linked. */
export function EffectPage() {
  return (
    <PageFrame title="AI Effects" subtitle="Ready-made AI effects: pick one and apply it to your photo.">
      <DisabledTabs label="Effect categories" tabs={['All effects']} />
      <NotYetNotice>
        Effect templates are not available yet. They will be listed here by category once they open; until then
        nothing is shown.
      </NotYetNotice>
      <AppLink
        to="/effect/create"
        css={{
          alignSelf: 'flex-start',
          padding: '10px 20px',
          borderRadius: 999,
          border: `1px solid ${theme.border}`,
          color: theme.text,
          textDecoration: 'none',
          ...focusRing,
        }}
      >
        Open the effect creation screen
      </AppLink>
    </PageFrame>
  );
}
