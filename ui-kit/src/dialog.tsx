/**
 * The one dialog of every remote: a portal to the body, role=dialog (aria-modal when modal) named by its
 * title, a close button with an accessible name, Escape and focus handling from useDialog (focus moved in,
 * kept inside, given back), page scroll locked while a modal one is open, and a full-screen variant on
 * phones. A portal rather than the native <dialog>: the shell and up to five remotes stack their dialogs
 * over each other, and one stacking model (z-index) keeps the shell's toasts and login frame above them.
 */
import type { CSSObject } from '@emotion/react';
import { useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { media, theme } from './theme';
import { useDialog } from './use-dialog';

export type DialogCloseReason = 'close-button' | 'escape' | 'backdrop';

/** The colours a dialog uses; a remote that resolves the shell's palette itself may pass its own. */
export interface DialogPalette {
  surface: string;
  surfaceRaised: string;
  text: string;
  border: string;
  backdrop: string;
  focus: string;
}

export interface DialogProps {
  /** false keeps it closed (default true: render it while open) */
  open?: boolean;
  /** the dialog's accessible name; also shown as its heading unless hideTitle */
  title: string;
  hideTitle?: boolean;
  onClose(reason: DialogCloseReason): void;
  children: ReactNode;
  /** buttons along the bottom edge */
  footer?: ReactNode;
  /** modal: backdrop, page scroll locked, focus kept inside (default true) */
  modal?: boolean;
  closeOnBackdrop?: boolean;
  /** confirmations answer with their own buttons and have no corner close button */
  hideClose?: boolean;
  zIndex?: number;
  /** CSS width of the panel, e.g. '45rem' or 400 */
  width?: number | string;
  /** full-screen everywhere */
  fullScreen?: boolean;
  /** full-screen on phones (below 768 px) */
  phoneFullScreen?: boolean;
  /** where a non-modal panel sits (default: centred) */
  placement?: CSSProperties;
  padding?: number | string;
  /** space between the title row, the content and the footer (default 16) */
  gap?: number;
  /** move the focus in on open (default true; a non-modal popup that appears by itself passes false) */
  takeFocus?: boolean;
  describedBy?: string;
  testId?: string;
  palette?: DialogPalette;
  /** the panel's id (a trigger's aria-controls points at it) */
  id?: string;
  /** data-* attributes of the panel (a layout name a style or a test reads) */
  data?: Record<`data-${string}`, string>;
  /** the panel's own layout beyond the props above (a drawer along an edge, a grid of columns), applied last */
  panelCss?: CSSObject;
  /** where the portal goes (default document.body): a host element that hides its content hides the dialog too */
  container?: Element | null;
  /** Tab stays inside (default: when modal; a non-modal panel that owns its keyboard passes true) */
  trapFocus?: boolean;
}

const FULL_SCREEN = { width: '100vw', maxWidth: '100vw', height: '100dvh', maxHeight: '100dvh', borderRadius: 0, border: 'none' } as const;

/** The title row: the heading that names the dialog (hidden from sight with hideTitle) and the close button. */
function TitleRow({ titleId, title, hideTitle, hideClose, palette, onClose }: { titleId: string; title: string; hideTitle: boolean; hideClose?: boolean; palette: DialogPalette; onClose(): void }) {
  return (
    <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flex: '0 0 auto' }}>
      <h2
        id={titleId}
        css={
          hideTitle
            ? { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', margin: 0 }
            : { margin: 0, fontSize: 18, fontWeight: 600, lineHeight: 1.3 }
        }
      >
        {title}
      </h2>
      {hideClose ? null : (
        <button
          type="button"
          aria-label="Close"
          onClick={onClose}
          css={{
            marginLeft: 'auto',
            width: 32,
            height: 32,
            flex: '0 0 auto',
            borderRadius: 16,
            border: 'none',
            background: palette.surfaceRaised,
            color: palette.text,
            cursor: 'pointer',
            fontSize: 18,
            lineHeight: '32px',
            position: hideTitle ? 'absolute' : 'static',
            top: 8,
            right: 8,
            zIndex: 1,
            '&:focus-visible': { outline: `2px solid ${palette.focus}`, outlineOffset: 2 },
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}

/**
 * A modal's backdrop: it dims the page, and a press on it (not one that began inside the panel and ended
 * outside, selecting text) calls onPress where given.
 */
function Backdrop({ testId, zIndex, palette, onPress, children }: { testId?: string; zIndex: number; palette: DialogPalette; onPress?(): void; children: ReactNode }) {
  const pressedOnBackdrop = useRef<boolean | null>(null);
  return (
    <div
      data-testid={testId ? `${testId}-backdrop` : undefined}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        const began = pressedOnBackdrop.current ?? true;
        pressedOnBackdrop.current = null;
        if (onPress && began && event.target === event.currentTarget) onPress();
      }}
      css={{ position: 'fixed', inset: 0, zIndex, background: palette.backdrop, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
    >
      {children}
    </div>
  );
}

export function Dialog(props: DialogProps) {
  const { open = true, title, onClose, modal = true, zIndex = 3000, hideTitle = false, palette = theme } = props;
  const titleId = `${useId()}-title`;
  const panelRef = useRef<HTMLDivElement | null>(null);
  useDialog(panelRef, () => onClose('escape'), { modal, open, takeFocus: props.takeFocus, trapFocus: props.trapFocus });
  if (!open) return null;

  const width = typeof props.width === 'number' ? `${props.width}px` : props.width;
  const panel = (
    <div
      {...props.data}
      id={props.id}
      ref={panelRef}
      role="dialog"
      aria-modal={modal ? 'true' : undefined}
      aria-labelledby={titleId}
      aria-describedby={props.describedBy}
      tabIndex={-1}
      data-testid={props.testId}
      onClick={(event) => event.stopPropagation()}
      css={{
        position: modal ? 'relative' : 'fixed',
        ...(modal ? {} : { zIndex, ...props.placement }),
        width,
        maxWidth: 'calc(100vw - 24px)',
        maxHeight: 'calc(100dvh - 24px)',
        display: 'flex',
        flexDirection: 'column',
        gap: props.gap ?? 16,
        background: palette.surface,
        color: palette.text,
        border: `1px solid ${palette.border}`,
        borderRadius: theme.radiusLarge,
        boxShadow: theme.shadow,
        padding: props.padding ?? 20,
        boxSizing: 'border-box',
        outline: 'none',
        overflow: 'auto',
        [media.phone]: { padding: props.padding ?? 16 },
        ...(props.fullScreen ? FULL_SCREEN : {}),
        ...(props.phoneFullScreen ? { [media.phone]: FULL_SCREEN } : {}),
        ...props.panelCss,
      }}
    >
      <TitleRow titleId={titleId} title={title} hideTitle={hideTitle} hideClose={props.hideClose} palette={palette} onClose={() => onClose('close-button')} />
      <div css={{ flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column' }}>{props.children}</div>
      {props.footer ? <div css={{ display: 'flex', justifyContent: 'flex-end', gap: 8, flexWrap: 'wrap' }}>{props.footer}</div> : null}
    </div>
  );

  const content = modal ? (
    <Backdrop testId={props.testId} zIndex={zIndex} palette={palette} onPress={props.closeOnBackdrop ? () => onClose('backdrop') : undefined}>
      {panel}
    </Backdrop>
  ) : (
    panel
  );
  return createPortal(content, props.container ?? document.body);
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

/** A question with two answers (Cancel/OK, No/Yes, Cancel/Leave, Close/Upgrade Plan ...); Escape cancels. */
export function ConfirmDialog({ title, message, cancelLabel = 'Cancel', confirmLabel = 'OK', onCancel, onConfirm, busy, testId, children }: ConfirmDialogProps) {
  const messageId = useId();
  return (
    <Dialog
      title={title}
      onClose={onCancel}
      hideClose
      width={440}
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
