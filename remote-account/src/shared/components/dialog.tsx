/**
 * An accessible dialog: role=dialog, aria-modal when modal, focus moved in and kept inside, Escape closes
 * the top-most dialog, focus goes back to where it was, page scroll locked while a modal one is open.
 */
import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import type { Palette } from '../lib/palette';

export type DialogCloseReason = 'close-button' | 'escape' | 'backdrop';

export interface DialogProps {
  open: boolean;
  /** the dialog's accessible name; also shown as its heading unless hideTitle */
  title: string;
  hideTitle?: boolean;
  onClose(reason: DialogCloseReason): void;
  palette: Palette;
  /** modal: backdrop, page scroll locked, focus kept inside (default true) */
  modal?: boolean;
  closeOnBackdrop?: boolean;
  zIndex?: number;
  /** CSS width of the panel, e.g. '45rem' or 400 */
  width?: number | string;
  /** full-screen on phones */
  fullScreen?: boolean;
  /** where a non-modal panel sits (default: centred) */
  placement?: CSSProperties;
  padding?: number | string;
  /**
   * move focus into the dialog when it opens (default: true). A non-modal popup that appears by itself
   * passes false so it does not take the focus from what the user is doing.
   */
  takeFocus?: boolean;
  testId?: string;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

const stack: string[] = [];
let scrollLocks = 0;
let savedOverflow = '';

function lockScroll(): () => void {
  if (scrollLocks === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  scrollLocks += 1;
  return () => {
    scrollLocks -= 1;
    if (scrollLocks === 0) document.body.style.overflow = savedOverflow;
  };
}

export function Dialog(props: DialogProps) {
  const { open, title, onClose, palette, modal = true, zIndex = 1000, hideTitle = false } = props;
  const takeFocus = modal || props.takeFocus !== false;
  const id = useId();
  const titleId = `${id}-title`;
  const panelRef = useRef<HTMLDivElement | null>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const previous = takeFocus && document.activeElement instanceof HTMLElement ? document.activeElement : null;
    stack.push(id);
    const unlock = modal ? lockScroll() : () => undefined;
    const panel = panelRef.current;
    if (takeFocus) {
      const first = panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>(FOCUSABLE);
      (first ?? panel)?.focus();
    }
    const onKey = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== id) return;
      // a non-modal popup hears Escape only while the focus is inside it
      if (!modal && !panelRef.current?.contains(document.activeElement)) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current('escape');
      } else if (event.key === 'Tab' && modal && panelRef.current) {
        const items = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
          (el) => !el.hasAttribute('disabled') && el.getAttribute('aria-hidden') !== 'true',
        );
        if (items.length === 0) {
          event.preventDefault();
          panelRef.current.focus();
          return;
        }
        const firstItem = items[0];
        const lastItem = items[items.length - 1];
        const active = document.activeElement;
        if (event.shiftKey && (active === firstItem || !panelRef.current.contains(active))) {
          event.preventDefault();
          lastItem.focus();
        } else if (!event.shiftKey && (active === lastItem || !panelRef.current.contains(active))) {
          event.preventDefault();
          firstItem.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      const index = stack.lastIndexOf(id);
      if (index >= 0) stack.splice(index, 1);
      unlock();
      if (previous && document.contains(previous)) previous.focus();
    };
    // takeFocus is read when the dialog opens; later changes do not move the focus
  }, [open, id, modal]);

  if (!open) return null;

  const width = typeof props.width === 'number' ? `${props.width}px` : props.width;
  const panel = (
    <div
      ref={panelRef}
      role="dialog"
      aria-modal={modal ? 'true' : undefined}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={props.testId}
      onClick={(event) => event.stopPropagation()}
      css={{
        position: modal ? 'relative' : 'fixed',
        ...(modal ? {} : { zIndex }),
        ...(modal ? {} : props.placement),
        width: props.fullScreen ? '100vw' : width,
        maxWidth: props.fullScreen ? '100vw' : 'calc(100vw - 24px)',
        height: props.fullScreen ? '100dvh' : undefined,
        maxHeight: props.fullScreen ? '100dvh' : 'calc(100dvh - 24px)',
        display: 'flex',
        flexDirection: 'column',
        background: palette.surface,
        color: palette.text,
        border: props.fullScreen ? 'none' : `1px solid ${palette.border}`,
        borderRadius: props.fullScreen ? 0 : 16,
        boxShadow: '0 16px 48px rgba(0,0,0,0.35)',
        padding: props.padding ?? 20,
        boxSizing: 'border-box',
        outline: 'none',
        overflow: 'hidden',
      }}
    >
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 12, flex: '0 0 auto' }}>
        <h2
          id={titleId}
          css={
            hideTitle
              ? { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', margin: 0 }
              : { margin: 0, fontSize: 18, fontWeight: 600 }
          }
        >
          {title}
        </h2>
        <button
          type="button"
          aria-label="Close"
          onClick={() => onClose('close-button')}
          css={{
            marginLeft: 'auto',
            width: 32,
            height: 32,
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
      </div>
      <div css={{ flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column' }}>{props.children}</div>
    </div>
  );

  const content = modal ? (
    <div
      data-testid={props.testId ? `${props.testId}-backdrop` : undefined}
      onClick={() => {
        if (props.closeOnBackdrop) onClose('backdrop');
      }}
      css={{
        position: 'fixed',
        inset: 0,
        zIndex,
        background: palette.backdrop,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      {panel}
    </div>
  ) : (
    panel
  );
  return createPortal(content, document.body);
}
