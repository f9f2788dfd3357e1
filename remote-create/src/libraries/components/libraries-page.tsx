import { DisabledTabs } from '../../components/disabled-tabs';
import { NotYetNotice } from '../../components/not-yet-notice';
import { PageFrame } from '../../components/page-frame';
import { Button } from '../../components/button';
import { TASK_RESULT_DAYS } from 'shared-contracts';

export const LIBRARY_MEDIA_FILTERS = ['All', 'Video', 'Image', 'Audio'] as const;

/** My Creations: media filter, bulk actions and the paged list; the list is not open yet. */
export function LibrariesPage() {
  return (
    <PageFrame title="My Creations" subtitle={`Everything you created, across every mode. Results are kept ${TASK_RESULT_DAYS} days.`}>
      <div css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
        <DisabledTabs label="Media type" tabs={LIBRARY_MEDIA_FILTERS} />
        <div css={{ display: 'flex', gap: 8 }}>
          <Button variant="ghost" disabled>
            Select
          </Button>
          <Button variant="ghost" disabled>
            Download
          </Button>
          <Button variant="ghost" disabled>
            Delete
          </Button>
        </div>
      </div>
      <NotYetNotice>
        My Creations is not available yet. Your videos, images and music will be listed here once generation opens;
        until then nothing is shown.
      </NotYetNotice>
    </PageFrame>
  );
}
