import { useShell } from 'shared-contracts';
import { ConfirmDialog } from '../../lib/dialog';
import { theme } from '@studio/ui-kit/theme';

/** The user agreement, asked once on this browser before the first upload. */
export function UserAgreementDialog({ onAgree, onCancel }: { onAgree(): void; onCancel(): void }) {
  const { config } = useShell();
  return (
    <ConfirmDialog
      title="User agreement"
      message="Only upload pictures, videos and sounds you have the right to use. Uploads and results are stored in your private cloud space and deleted after 7 days."
      cancelLabel="Cancel"
      confirmLabel="Agree"
      onCancel={onCancel}
      onConfirm={onAgree}
      testId="user-agreement"
    >
      {config.termsUrl || config.privacyUrl ? (
        <p css={{ margin: 0, fontSize: 13, color: theme.textMuted }}>
          By continuing you accept the{' '}
          {config.termsUrl ? (
            <a href={config.termsUrl} target="_blank" rel="noreferrer" css={{ color: theme.link }}>
              Terms of Service
            </a>
          ) : null}
          {config.termsUrl && config.privacyUrl ? ' and the ' : null}
          {config.privacyUrl ? (
            <a href={config.privacyUrl} target="_blank" rel="noreferrer" css={{ color: theme.link }}>
              Privacy Policy
            </a>
          ) : null}
          .
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

/** The watermark agreement, asked once for each Free account before its first generation. */
export function WatermarkAgreementDialog({ onAgree, onCancel, onUpgrade }: { onAgree(): void; onCancel(): void; onUpgrade(): void }) {
  return (
    <ConfirmDialog
      title="Results carry a watermark"
      message="On the Free plan your videos and images carry a watermark. Standard and Premium download them without one."
      cancelLabel="Cancel"
      confirmLabel="I understand"
      onCancel={onCancel}
      onConfirm={onAgree}
      testId="watermark-agreement"
    >
      <button
        type="button"
        onClick={onUpgrade}
        css={{ alignSelf: 'flex-start', padding: 0, border: 0, background: 'none', color: theme.link, font: 'inherit', fontSize: 14, cursor: 'pointer', textDecoration: 'underline' }}
      >
        See plans without a watermark
      </button>
    </ConfirmDialog>
  );
}
