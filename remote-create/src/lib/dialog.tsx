/** This remote's dialogs are ui-kit's Dialog and ConfirmDialog (one accessible dialog for every remote). */
import type { ReactNode } from 'react';
import { Dialog as KitDialog } from '@studio/ui-kit/dialog';

export { ConfirmDialog } from '@studio/ui-kit/dialog';

export interface DialogProps {
  title: string;
  /** Escape, the close button and (when allowed) the backdrop call this */
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  width?: number;
  /** a backdrop click closes it (spec section 4: only the image-play modal does) */
  closeOnBackdrop?: boolean;
  /** hide the corner close button (confirmations answer with their own buttons) */
  hideClose?: boolean;
  testId?: string;
  describedBy?: string;
}

export function Dialog({ width = 440, onClose, ...rest }: DialogProps) {
  return <KitDialog width={width} onClose={() => onClose()} {...rest} />;
}
