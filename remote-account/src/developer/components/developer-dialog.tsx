/**
 * Developer API in the account center (issue 28): personal API keys (create with a name and an optional
 * daily credit cap; the key is shown once with Copy; list with prefix, created, last used and today's
 * spend; cap; revoke after a confirmation), webhooks (add an endpoint, its signing secret shown once,
 * remove, deliveries with their attempts) and what each key spent over the last 30 days.
 */
import { useState } from 'react';
import type { ShellApi } from 'shared-contracts';
import { Dialog } from '../../shared/components/dialog';
import { usePalette } from '../../shared/lib/palette';
import { KeysSection } from './keys-section';
import { UsageSection } from './usage-section';
import { WebhooksSection } from './webhooks-section';

const DEVELOPER_TITLE = 'Developer API';

export function DeveloperDialog({ shell, open, onClose }: { shell: ShellApi; open: boolean; onClose(): void }) {
  const palette = usePalette(shell);
  const [version, setVersion] = useState(0);
  return (
    <Dialog open={open} title={DEVELOPER_TITLE} onClose={onClose} palette={palette} width="46rem" zIndex={2100} phoneFullScreen testId="developer-dialog">
      {open && (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 20, maxHeight: '70vh', overflowY: 'auto', paddingRight: 4 }}>
          <KeysSection shell={shell} palette={palette} onChanged={() => setVersion((v) => v + 1)} />
          <UsageSection shell={shell} palette={palette} version={version} />
          <WebhooksSection shell={shell} palette={palette} />
        </div>
      )}
    </Dialog>
  );
}
