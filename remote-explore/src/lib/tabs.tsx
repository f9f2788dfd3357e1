import type { KeyboardEvent } from 'react';
import { focusRing, theme } from '@studio/ui-kit/theme';

/** A row of tabs (role tablist) with arrow-key moves; the panel below is the caller's. */
export function Tabs<const T extends string | number>({ label, tabs, value, onChange, small }: { label: string; tabs: { value: T; label: string }[]; value: T; onChange(value: T): void; small?: boolean }) {
  function onKey(event: KeyboardEvent<HTMLDivElement>) {
    const at = tabs.findIndex((tab) => tab.value === value);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step || at < 0) return;
    event.preventDefault();
    const next = tabs[(at + step + tabs.length) % tabs.length];
    onChange(next.value);
    (event.currentTarget.querySelector(`[data-tab="${String(next.value)}"]`) as HTMLElement | null)?.focus();
  }
  return (
    <div role="tablist" aria-label={label} onKeyDown={onKey} css={{ display: 'flex', gap: 6, overflowX: 'auto', scrollbarWidth: 'thin', paddingBottom: 2 }}>
      {tabs.map((tab) => {
        const selected = tab.value === value;
        return (
          <button
            key={String(tab.value)}
            type="button"
            role="tab"
            data-tab={String(tab.value)}
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(tab.value)}
            css={{
              flex: '0 0 auto',
              minHeight: small ? 32 : 40,
              padding: small ? '0 14px' : '0 20px',
              borderRadius: 999,
              border: `1px solid ${selected ? 'transparent' : theme.border}`,
              background: selected ? theme.primary : theme.surface,
              color: selected ? theme.onPrimary : theme.text,
              font: 'inherit',
              fontSize: small ? 13 : 15,
              fontWeight: 600,
              cursor: 'pointer',
              ...focusRing,
            }}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
