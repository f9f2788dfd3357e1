/**
 * The avatar popover (section 9: offset 20, z-index 2001, show delay 50 ms, hide delay 200 ms). Hover
 * opens it after the delays; a click or Enter/Space/ArrowDown opens it at once; Escape and a click
 * outside close it. Opening refreshes the user info.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { ACCOUNT_POPOVER, POPOVER_HIDE_DELAY_MS, POPOVER_SHOW_DELAY_MS, type User } from 'shared-contracts';
import { usePalette } from '../../shared/lib/palette';
import type { AccountRuntime } from '../../app/runtime';
import { displayName } from '../lib/display-name';
import { AccountPanel } from './account-panel';
import { Avatar } from './avatar';

export function AccountPopover({ runtime }: { runtime: AccountRuntime }) {
  const { shell } = runtime;
  const palette = usePalette(shell);
  const session = useSnapshot(shell.session.state);
  const [open, setOpen] = useState(false);
  const [position, setPosition] = useState<{ top: number; right: number }>({ top: 0, right: 0 });
  const triggerRef = useRef<HTMLButtonElement | null>(null);
  const panelRef = useRef<HTMLDivElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const focusOnOpen = useRef(false);
  const panelId = useId();

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

  const user = session.user as User | null;
  if (!user) return null;
  const name = displayName(user);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        aria-label={`Account: ${name}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="account-avatar"
        onMouseEnter={() => show(POPOVER_SHOW_DELAY_MS)}
        onMouseLeave={() => hide(POPOVER_HIDE_DELAY_MS)}
        onClick={() => {
          clearTimer();
          setOpen((value) => !value);
        }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            focusOnOpen.current = true;
            clearTimer();
            setOpen(true);
          }
        }}
        css={{
          padding: 0,
          border: 'none',
          background: 'transparent',
          borderRadius: '50%',
          cursor: 'pointer',
          display: 'inline-flex',
          '&:focus-visible': { outline: `2px solid ${palette.focus}`, outlineOffset: 2 },
        }}
      >
        <Avatar src={user.avatar} name={name} size={32} palette={palette} />
      </button>
      {open &&
        createPortal(
          <div
            ref={panelRef}
            id={panelId}
            role="dialog"
            aria-label="Account"
            data-testid="account-panel"
            onMouseEnter={() => clearTimer()}
            onMouseLeave={() => hide(POPOVER_HIDE_DELAY_MS)}
            onBlur={(event) => {
              const next = event.relatedTarget as Node | null;
              if (next && !panelRef.current?.contains(next) && !triggerRef.current?.contains(next)) hide(POPOVER_HIDE_DELAY_MS);
            }}
            css={{
              position: 'fixed',
              top: position.top,
              right: position.right,
              zIndex: ACCOUNT_POPOVER.zIndex,
              background: palette.surface,
              color: palette.text,
              border: `1px solid ${palette.border}`,
              borderRadius: 16,
              boxShadow: '0 12px 40px rgba(0,0,0,0.35)',
              padding: 16,
              maxHeight: `calc(100dvh - ${position.top + 12}px)`,
              overflowY: 'auto',
            }}
          >
            <AccountPanel
              runtime={runtime}
              onDone={() => {
                hide(0);
              }}
            />
          </div>,
          document.body,
        )}
    </>
  );
}
