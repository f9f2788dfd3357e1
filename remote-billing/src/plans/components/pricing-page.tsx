import { DisabledTabs } from '@studio/ui-kit/disabled-tabs';
import { PageFrame } from '@studio/ui-kit/page-frame';
import { theme } from '@studio/ui-kit/theme';
import { BILLING_PERIODS, CREDIT_FACTS, STANDARD_EXTRAS } from '../utils/plans';
import { PlanTable } from './plan-table';

/** Pricing: the billing periods and the plan comparison; purchasing is not open yet. */
export function PricingPage() {
  return (
    <PageFrame title="Pricing" subtitle="Create with credits or a membership: Basic, Standard and Premium.">
      <DisabledTabs label="Billing period" tabs={BILLING_PERIODS} />
      <PlanTable />
      <p css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>{STANDARD_EXTRAS}</p>
      <ul css={{ margin: 0, paddingLeft: 20, fontSize: 14, color: theme.textMuted, display: 'flex', flexDirection: 'column', gap: 4 }}>
        {CREDIT_FACTS.map((fact) => (
          <li key={fact}>{fact}</li>
        ))}
      </ul>
    </PageFrame>
  );
}
