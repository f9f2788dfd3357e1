import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"])';

/** Dialogs of this remote that are open, the last one on top. */
const openDialogs: HTMLElement[] = [];
let scrollLocks = 0;
let savedOverflow = '';

function focusableIn(dialog: HTMLElement): HTMLElement[] {
  return [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getAttribute('aria-hidden') !== 'true');
}

/** Counted, so two open dialogs (one over the other) give the page its scroll back only when both close. */
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

export interface UseDialogOptions {
  /** modal (default): Tab stays inside, the page behind does not scroll */
  modal?: boolean;
  /** move the focus in on open (default true; a non-modal popup that appears by itself passes false) */
  takeFocus?: boolean;
  /** false while the dialog is closed but its element stays mounted */
  open?: boolean;
  /** Tab stays inside (default: when modal; a non-modal panel that owns its keyboard passes true) */
  trapFocus?: boolean;
}

/**
 * What every dialog needs: focus moves in on open (to [data-autofocus] or the first control) and back out
 * on close, Tab stays inside, Escape calls `onEscape` (only for the dialog on top, and nobody else hears
 * that Escape; a modal dialog of someone else that holds the focus keeps its keys; a non-modal popup hears
 * it only while it holds the focus), and the page behind does not scroll while a modal one is open.
 */
export function useDialog(ref: RefObject<HTMLElement | null>, onEscape: () => void, options: UseDialogOptions = {}): void {
  const { modal = true, open = true } = options;
  const takeFocus = modal || options.takeFocus !== false;
  const trapFocus = options.trapFocus ?? modal;
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;

  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog) return;
    openDialogs.push(dialog);
    const previouslyFocused = takeFocus && document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (takeFocus) (dialog.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(dialog)[0] ?? dialog).focus();
    const unlock = modal ? lockScroll() : () => undefined;

    function onKeyDown(event: KeyboardEvent) {
      if (!dialog || openDialogs[openDialogs.length - 1] !== dialog) return;
      const focused = document.activeElement;
      if (!modal && !(focused instanceof Node && dialog.contains(focused))) return;
      // another remote's or the shell's modal dialog has the focus: it handles its own keys
      if (focused instanceof Element && !dialog.contains(focused) && focused.closest('[aria-modal="true"]')) return;
      if (event.key === 'Escape') {
        event.stopImmediatePropagation();
        event.preventDefault();
        escapeRef.current();
        return;
      }
      if (event.key !== 'Tab' || !trapFocus) return;
      const focusable = focusableIn(dialog);
      if (focusable.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!(focused instanceof Node) || !dialog.contains(focused)) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (focused === first || focused === dialog)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && focused === last) {
        event.preventDefault();
        first.focus();
      }
    }
    // window, capture phase: before any other Escape handler (the shell's modal stack included)
    window.addEventListener('keydown', onKeyDown, true);
    return () => {
      window.removeEventListener('keydown', onKeyDown, true);
      const index = openDialogs.lastIndexOf(dialog);
      if (index >= 0) openDialogs.splice(index, 1);
      unlock();
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
    // takeFocus and trapFocus are read when the dialog opens; later changes do not move the focus
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ref, open, modal]);
}
