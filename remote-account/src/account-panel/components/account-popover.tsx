/**
 * The avatar popover (section 9: offset 20, z-index 2001, show delay 50 ms, hide delay 200 ms). Hover
 * opens it after the delays; a click or Enter/Space/ArrowDown opens it at once; Escape and a click
 * outside close it. Opening refreshes the user info. Not ui-kit's Dialog: a hover popover anchored to the avatar
 * (non-modal, the page stays usable), as the spec's popover delays make it.
 */
import { useId } from 'react';
import { createPortal } from 'react-dom';
import { useSnapshot } from 'valtio';
import { ACCOUNT_POPOVER, POPOVER_HIDE_DELAY_MS, POPOVER_SHOW_DELAY_MS, type User } from 'shared-contracts';
import { theme } from '@studio/ui-kit/theme';
import { usePalette } from '../../shared/lib/palette';
import type { AccountRuntime } from '../../app/runtime';
import { useAccountPopover } from '../hooks/use-account-popover';
import { displayName } from '../lib/display-name';
import { AccountPanel } from './account-panel';
import { Avatar } from './avatar';

export function AccountPopover({ runtime }: { runtime: AccountRuntime }) {
  const { shell } = runtime;
  const palette = usePalette(shell);
  const session = useSnapshot(shell.session.state);
  const popover = useAccountPopover(shell);
  const { open, setOpen, position, triggerRef, panelRef, focusOnOpen, show, hide, clearTimer } = popover;
  const panelId = useId();

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
              boxShadow: theme.shadow,
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
