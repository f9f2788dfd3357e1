import { focusRing, theme } from './theme';

/**
 * A tab bar shown for layout while its content is not available: every tab is disabled and says so to
 * assistive technology, the first one marked as the default selection.
 */
export function DisabledTabs({ label, tabs }: { label: string; tabs: readonly string[] }) {
  return (
    <div role="tablist" aria-label={label} css={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      {tabs.map((tab, index) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={index === 0}
          aria-disabled="true"
          disabled
          css={{
            padding: '8px 16px',
            borderRadius: 999,
            border: `1px solid ${theme.border}`,
            background: index === 0 ? theme.surfaceRaised : 'transparent',
            color: theme.textMuted,
            font: 'inherit',
            fontSize: 14,
            cursor: 'not-allowed',
            opacity: 0.7,
            ...focusRing,
          }}
        >
          {tab}
        </button>
      ))}
    </div>
  );
}
