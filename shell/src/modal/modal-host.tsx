/** Renders the modal stack as real dialogs: role=dialog, aria-modal, focus kept inside, Escape closes the top. */
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { IMAGE_PLAY_MODAL, type ModalEntry, type ModalStore } from './modal-store';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true');
}

function Dialog({ entry, store, isTop, depth }: { entry: ModalEntry; store: ModalStore; isTop: boolean; depth: number }) {
  const ref = useRef<HTMLDivElement>(null);
  const close = () => store.hide(entry.type);

  useEffect(() => {
    if (!isTop || !ref.current) return;
    const dialog = ref.current;
    if (!dialog.contains(document.activeElement)) (focusables(dialog)[0] ?? dialog).focus();
  }, [isTop]);

  const onKeyDown = (event: ReactKeyboardEvent<HTMLDivElement>) => {
    if (!isTop || !ref.current) return;
    if (event.key === 'Escape') {
      event.stopPropagation();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const items = focusables(ref.current);
    if (items.length === 0) {
      event.preventDefault();
      ref.current.focus();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const backdropCloses = entry.type === IMAGE_PLAY_MODAL && entry.options.closeOnBackdrop !== false;

  return (
    <div
      data-modal-type={entry.type}
      data-testid={`modal-backdrop-${entry.type}`}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && backdropCloses) close();
      }}
      css={{
        position: 'fixed',
        inset: 0,
        zIndex: 2100 + depth,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'var(--c-backdrop)',
        padding: 16,
      }}
    >
      <div
        ref={ref}
        role="dialog"
        data-shell-dialog=""
        aria-modal="true"
        aria-label={entry.options.label}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        inert={isTop ? undefined : true}
        css={{
          position: 'relative',
          maxWidth: '100%',
          maxHeight: '100%',
          overflow: 'auto',
          outline: 'none',
          color: 'var(--c-text)',
        }}
      >
        {entry.render(close)}
      </div>
    </div>
  );
}

export default function ModalHost({ store, entries }: { store: ModalStore; entries: readonly ModalEntry[] }) {
  const returnFocus = useRef<Element | null>(null);
  const open = entries.length > 0;

  // a layout effect: it runs before the dialog moves focus in, so it sees what had focus on the page
  useLayoutEffect(() => {
    if (open) {
      returnFocus.current = document.activeElement;
      return;
    }
    const target = returnFocus.current;
    returnFocus.current = null;
    if (target instanceof HTMLElement && target.isConnected) target.focus();
  }, [open]);

  // Escape reaches the top dialog even when focus sits on the page behind it
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      const top = entries[entries.length - 1];
      const dialogs = document.querySelectorAll('[data-shell-dialog]');
      const topDialog = dialogs[dialogs.length - 1];
      if (top && !topDialog?.contains(document.activeElement)) store.hide(top.type);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, entries, store]);

  return (
    <>
      {entries.map((entry, index) => (
        <Dialog key={entry.id} entry={entry} store={store} isTop={index === entries.length - 1} depth={index} />
      ))}
    </>
  );
}
