import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button, Glyph, GLYPHS } from '@studio/ui-kit/src/button';
import { media, theme } from '@studio/ui-kit/src/theme';
import { useDialog } from '@studio/ui-kit/src/use-dialog';

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

/**
 * Every dialog of this remote: a portal to the body, role=dialog with aria-modal, the title as its name,
 * focus kept inside, Escape closes the top one (useDialog), the page behind does not scroll.
 */
export function Dialog({ title, onClose, children, footer, width = 440, closeOnBackdrop = false, hideClose = false, testId, describedBy }: DialogProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useDialog(ref, onClose);
  return createPortal(
    <div
      onMouseDown={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: 3000,
        background: theme.backdrop,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 16,
      }}
    >
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        data-testid={testId}
        css={{
          width: `min(${width}px, 100%)`,
          maxHeight: '100%',
          overflow: 'auto',
          display: 'flex',
          flexDirection: 'column',
          gap: 16,
          padding: 20,
          borderRadius: theme.radiusLarge,
          background: theme.surface,
          color: theme.text,
          border: `1px solid ${theme.border}`,
          boxShadow: theme.shadow,
          outline: 'none',
          [media.phone]: { padding: 16 },
        }}
      >
        <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12 }}>
          <h2 id={titleId} css={{ margin: 0, fontSize: 18, lineHeight: 1.3 }}>
            {title}
          </h2>
          {hideClose ? null : (
            <Button variant="icon" aria-label="Close" onClick={onClose}>
              <Glyph d={GLYPHS.close} />
            </Button>
          )}
        </div>
        {children}
        {footer ? <div css={{ display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap' }}>{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}

export interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  cancelLabel?: string;
  confirmLabel?: string;
  onCancel(): void;
  onConfirm(): void;
  busy?: boolean;
  testId?: string;
  children?: ReactNode;
}

/** A question with two answers (Cancel/OK, No/Yes, Cancel/Leave, Close/Upgrade Plan ...). */
export function ConfirmDialog({ title, message, cancelLabel = 'Cancel', confirmLabel = 'OK', onCancel, onConfirm, busy, testId, children }: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      hideClose
      testId={testId}
      describedBy={messageId}
      footer={
        <>
          <Button variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant="primary" onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p id={messageId} css={{ margin: 0, lineHeight: 1.5, color: theme.textMuted }}>
        {message}
      </p>
      {children}
    </Dialog>
  );
}
