import { USER_TEXTS } from 'shared-contracts';
import { ConfirmDialog } from '../../lib/dialog';

/** The 'Not enough space' cloud storage modal: Close, or Upgrade Plan (the purchase dialog's membership tab). */
export function NotEnoughSpaceDialog({ subtitle, onClose, onUpgrade }: { subtitle?: string; onClose(): void; onUpgrade(): void }) {
  return (
    <ConfirmDialog
      title={USER_TEXTS.NOT_ENOUGH_SPACE}
      message={subtitle || USER_TEXTS.NOT_ENOUGH_SPACE_DETAIL}
      cancelLabel="Close"
      confirmLabel="Upgrade Plan"
      onCancel={onClose}
      onConfirm={onUpgrade}
      testId="not-enough-space"
    />
  );
}
