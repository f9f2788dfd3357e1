import { paletteVar } from '@studio/ui-kit/palette';
import { theme } from '@studio/ui-kit/theme';
import { FEATURE_ROWS, TIERS, type Cell } from '../../lib/plans';

function CellValue({ value }: { value: Cell }) {
  if (value === true)
    return (
      <span css={{ color: paletteVar('success'), fontWeight: 700 }}>
        <span aria-hidden="true">✓</span>
        <span css={visuallyHidden}>Included</span>
      </span>
    );
  if (value === false)
    return (
      <span css={{ color: theme.textMuted }}>
        <span aria-hidden="true">–</span>
        <span css={visuallyHidden}>Not included</span>
      </span>
    );
  return <span>{value}</span>;
}

const PHONE = '@media (max-width: 599px)';

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The comparison of Basic, Standard and Premium (the plans to buy sit above it: pricing-page.tsx). */
export function PlanTable({ compact = false }: { compact?: boolean }) {
  const cellPad = compact ? '10px 12px' : '14px 16px';
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {/* scrolls sideways on narrow screens; focusable so keyboard users can scroll it too */}
      <div
        role="region"
        aria-label="Plan comparison, scrollable"
        tabIndex={0}
        css={{ overflowX: 'auto', borderRadius: theme.radius, border: `1px solid ${theme.border}`, '&:focus-visible': { outline: `2px solid ${theme.focus}`, outlineOffset: 2 } }}
      >
        {/* a phone gets the whole table in its width: tighter cells, the tiers' summaries left out */}
        <table
          css={{
            width: '100%',
            minWidth: 520,
            borderCollapse: 'collapse',
            fontSize: compact ? 13 : 14,
            color: theme.text,
            [PHONE]: { minWidth: 0, fontSize: 12, 'th, td': { padding: '8px 5px' }, '[data-tier-summary]': { display: 'none' } },
          }}
        >
          <caption css={visuallyHidden}>Plan comparison</caption>
          <thead>
            <tr css={{ background: theme.surfaceRaised }}>
              <th scope="col" css={{ textAlign: 'left', padding: cellPad, fontWeight: 600 }}>
                Plan
              </th>
              {TIERS.map((tier) => (
                <th key={tier.tier} scope="col" css={{ textAlign: 'center', padding: cellPad, verticalAlign: 'top' }}>
                  <span css={{ display: 'block', fontSize: compact ? 15 : 17 }}>{tier.name}</span>
                  <span data-tier-summary css={{ display: 'block', fontWeight: 400, fontSize: 12, color: theme.textMuted, marginTop: 2 }}>{tier.summary}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {FEATURE_ROWS.map((row) => (
              <tr key={row.feature} css={{ borderTop: `1px solid ${theme.border}` }}>
                <th scope="row" css={{ textAlign: 'left', padding: cellPad, fontWeight: 500, color: theme.textMuted }}>
                  {row.feature}
                </th>
                {TIERS.map((tier) => (
                  <td key={tier.tier} css={{ textAlign: 'center', padding: cellPad }}>
                    <CellValue value={row.values[tier.tier]} />
                  </td>
                ))}
              </tr>
            ))}
            <tr css={{ borderTop: `1px solid ${theme.border}` }}>
              <th scope="row" css={{ textAlign: 'left', padding: cellPad, fontWeight: 500, color: theme.textMuted }}>
                Billing
              </th>
              <td css={{ textAlign: 'center', padding: cellPad }}>Free</td>
              <td css={{ textAlign: 'center', padding: cellPad }}>Weekly, monthly or yearly</td>
              <td css={{ textAlign: 'center', padding: cellPad }}>Weekly, monthly or yearly</td>
            </tr>
          </tbody>
        </table>
      </div>
    </div>
  );
}
