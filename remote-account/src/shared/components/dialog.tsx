/**
 * The account remote's dialogs are ui-kit's Dialog (role=dialog, focus kept inside and given back, Escape
 * closes the top-most, scroll locked), drawn in the palette this remote resolves from the shell.
 */
import { Dialog as KitDialog, type DialogProps as KitDialogProps } from '@studio/ui-kit/dialog';
import type { Palette } from '../lib/palette';

export interface DialogProps extends Omit<KitDialogProps, 'palette' | 'open'> {
  open: boolean;
  palette: Palette;
}

export function Dialog({ zIndex = 1000, gap = 0, ...props }: DialogProps) {
  return <KitDialog zIndex={zIndex} gap={gap} {...props} />;
}
