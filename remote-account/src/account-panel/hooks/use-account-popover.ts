import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ACCOUNT_POPOVER, type ShellApi } from 'shared-contracts';

/**
 * The avatar popover's state: open after the hover delays or at once, placed under the trigger (kept there on
 * resize and scroll), the user info refreshed on each opening, and closed by a press outside or Escape (which
 * gives the focus back to the trigger).
 */
export function useAccountPopover(shell: ShellApi) {
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; right: number }>({ top: 0, right: 0 });
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const focusOnOpen = useRef(false);

  const clearTimer = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
  };
  const show = useCallback((delay: number) => {
    clearTimer();
    timer.current = setTimeout(() => setOpen(true), delay);
  }, []);
  const hide = useCallback((delay: number) => {
    clearTimer();
    if (delay <= 0) setOpen(false);
    else timer.current = setTimeout(() => setOpen(false), delay);
  }, []);
  useEffect(() => clearTimer, []);

  const place = useCallback(() => {
    const rect = triggerRef.current?.getBoundingClientRect();
    if (!rect) return;
    setPosition({ top: rect.bottom + ACCOUNT_POPOVER.offset, right: Math.max(8, window.innerWidth - rect.right) });
  }, []);

  useLayoutEffect(() => {
    if (!open) return undefined;
    place();
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, true);
    return () => {
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place, true);
    };
  }, [open, place]);

  // opening refreshes the user info
  useEffect(() => {
    if (!open) return;
    void shell.session.refreshUser();
    shell.track('account_panel_expose', {});
    if (focusOnOpen.current) {
      focusOnOpen.current = false;
      panelRef.current?.querySelector<HTMLElement>('a[href], button:not([disabled])')?.focus();
    }
  }, [open, shell]);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: MouseEvent) => {
      const target = event.target as Node | null;
      if (target && (triggerRef.current?.contains(target) || panelRef.current?.contains(target))) return;
      hide(0);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        hide(0);
        triggerRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, hide]);

  return { open, setOpen, position, triggerRef, panelRef, focusOnOpen, show, hide, clearTimer };
}
