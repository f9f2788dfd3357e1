/**
 * A menu button (the WAI-ARIA menu button pattern): the button says it opens a menu and whether it is open;
 * the menu's items are one tab stop, moved through with the arrow keys, Home and End; Enter or Space picks
 * one; Escape closes the menu and gives the focus back to the button; Tab or a click outside closes it.
 * For the less used actions of a card, so the card shows a few buttons instead of rows of them.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { focusRing, theme } from './theme';

export interface ActionMenuItem {
  label: string;
  onSelect(): void;
  disabled?: boolean;
  /** an on/off action (a menuitemcheckbox): its state */
  checked?: boolean;
  /** a destructive action, in the danger colour */
  danger?: boolean;
}

export interface ActionMenuProps {
  /** the button's accessible name, e.g. 'More actions for Text to Image' */
  label: string;
  /** what the button shows (default: three dots) */
  children?: ReactNode;
  items: ActionMenuItem[];
  /** where the menu opens from the button */
  align?: 'start' | 'end';
  /** the menu opens above the button (a card near the bottom of a list) */
  up?: boolean;
  buttonCss?: Record<string, unknown>;
}

const DOTS = (
  <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
    <circle cx="5" cy="12" r="2" />
    <circle cx="12" cy="12" r="2" />
    <circle cx="19" cy="12" r="2" />
  </svg>
);

export function ActionMenu({ label, children = DOTS, items, align = 'end', up = false, buttonCss }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const button = useRef<HTMLButtonElement | null>(null);
  const menu = useRef<HTMLDivElement | null>(null);
  const enabled = items.map((item, index) => (item.disabled ? -1 : index)).filter((index) => index >= 0);

  const focusItem = (index: number) => menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]')[index]?.focus();
  const close = (giveFocusBack: boolean) => {
    setOpen(false);
    if (giveFocusBack) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (enabled.length) focusItem(enabled[0]);
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
    // the first item takes the focus when the menu opens, not on every render
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  function onMenuKey(event: KeyboardEvent<HTMLDivElement>) {
    const current = [...(menu.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])].indexOf(document.activeElement as HTMLElement);
    const at = enabled.indexOf(current);
    const move = (next: number) => {
      event.preventDefault();
      focusItem(enabled[(next + enabled.length) % enabled.length]);
    };
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(enabled.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      close(true);
    } else if (event.key === 'Tab') setOpen(false);
  }

  return (
    <div css={{ position: 'relative', display: 'inline-flex' }}>
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((value) => !value)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            setOpen(true);
          }
        }}
        css={{
          display: 'inline-flex',
          alignItems: 'center',
          justifyContent: 'center',
          minWidth: 32,
          minHeight: 32,
          padding: '0 6px',
          borderRadius: 8,
          border: `1px solid ${theme.border}`,
          background: 'transparent',
          color: theme.text,
          cursor: 'pointer',
          '&:hover': { background: theme.surfaceHover },
          ...focusRing,
          ...buttonCss,
        }}
      >
        {children}
      </button>
      {open ? <MenuPanel menuRef={menu} id={menuId} label={label} items={items} up={up} align={align} onKeyDown={onMenuKey} onPick={() => close(true)} /> : null}
    </div>
  );
}

/** The open menu: its items (menuitem, or menuitemcheckbox for an on/off action), one tab stop together. */
function MenuPanel({
  menuRef,
  id,
  label,
  items,
  up,
  align,
  onKeyDown,
  onPick,
}: {
  menuRef: RefObject<HTMLDivElement | null>;
  id: string;
  label: string;
  items: ActionMenuItem[];
  up: boolean;
  align: 'start' | 'end';
  onKeyDown(event: KeyboardEvent<HTMLDivElement>): void;
  onPick(): void;
}) {
  return (
    <div
      ref={menuRef}
      id={id}
      role="menu"
      aria-label={label}
      onKeyDown={onKeyDown}
      css={{
        position: 'absolute',
        zIndex: 20,
        [up ? 'bottom' : 'top']: 'calc(100% + 4px)',
        [align === 'end' ? 'right' : 'left']: 0,
        minWidth: 180,
        display: 'flex',
        flexDirection: 'column',
        padding: 6,
        borderRadius: 10,
        background: theme.surfaceRaised,
        border: `1px solid ${theme.border}`,
        boxShadow: theme.shadow,
      }}
    >
      {items.map((item) => (
        <button
          key={item.label}
          type="button"
          role={item.checked === undefined ? 'menuitem' : 'menuitemcheckbox'}
          aria-checked={item.checked}
          aria-disabled={item.disabled || undefined}
          tabIndex={-1}
          onClick={() => {
            if (item.disabled) return;
            onPick();
            item.onSelect();
          }}
          css={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            minHeight: 36,
            padding: '0 10px',
            border: 'none',
            borderRadius: 6,
            background: 'transparent',
            color: item.danger ? theme.danger : theme.text,
            font: 'inherit',
            fontSize: 14,
            textAlign: 'left',
            whiteSpace: 'nowrap',
            cursor: item.disabled ? 'not-allowed' : 'pointer',
            opacity: item.disabled ? 0.55 : 1,
            '&:hover, &:focus': { background: theme.surfaceHover, outline: 'none' },
            '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: -2 },
          }}
        >
          {item.checked === undefined ? null : <span aria-hidden="true" css={{ width: 14 }}>{item.checked ? '✓' : ''}</span>}
          {item.label}
        </button>
      ))}
    </div>
  );
}
