/** The community chat invite panel: the join button opens the configured invite in a new tab. */
import type { ShellApi } from 'shared-contracts';
import { Dialog } from '../../shared/components/dialog';
import { primaryButton } from '../../shared/components/styles';
import { usePalette } from '../../shared/lib/palette';

const COMMUNITY_TITLE = 'Join our community';

export function CommunityPanel({ shell, open, onClose }: { shell: ShellApi; open: boolean; onClose(): void }) {
  const palette = usePalette(shell);
  const url = shell.config.communityInviteUrl;
  return (
    <Dialog open={open} title={COMMUNITY_TITLE} onClose={onClose} palette={palette} width={400} zIndex={2200} testId="community-panel">
      <div css={{ display: 'flex', flexDirection: 'column', gap: 16, marginTop: 12 }}>
        <p css={{ margin: 0 }}>Share your creations, get tips from other creators and hear about new models first in our community chat.</p>
        {url ? (
          <button
            type="button"
            data-autofocus
            css={primaryButton(palette)}
            onClick={() => {
              shell.track('community_join_click', {});
              window.open(url, '_blank', 'noopener,noreferrer');
            }}
          >
            Join now
          </button>
        ) : (
          <p css={{ margin: 0, color: palette.textMuted, fontSize: 13 }}>The community chat invite is not configured on this server.</p>
        )}
      </div>
    </Dialog>
  );
}
