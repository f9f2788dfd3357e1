import { Tabs as TabList } from '@studio/ui-kit/tabs';
import { theme } from '@studio/ui-kit/theme';

/** A row of pill tabs (ui-kit's tab pattern: one tab stop, arrow keys, Home and End); the panel below is the caller's. */
export function Tabs<const T extends string | number>({ label, tabs, value, onChange, small }: { label: string; tabs: { value: T; label: string }[]; value: T; onChange(value: T): void; small?: boolean }) {
  return (
    <TabList
      label={label}
      tabs={tabs}
      value={value}
      onChange={onChange}
      listCss={{ display: 'flex', gap: 6, overflowX: 'auto', scrollbarWidth: 'thin', paddingBottom: 2 }}
      tabCss={(selected) => ({
        flex: '0 0 auto',
        minHeight: small ? 32 : 40,
        padding: small ? '0 14px' : '0 20px',
        borderRadius: 999,
        border: `1px solid ${selected ? 'transparent' : theme.border}`,
        background: selected ? theme.primary : theme.surface,
        color: selected ? theme.onPrimary : theme.text,
        fontSize: small ? 13 : 15,
        fontWeight: 600,
      })}
    />
  );
}
