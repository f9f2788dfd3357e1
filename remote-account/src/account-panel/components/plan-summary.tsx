/**
 * The account panel's plans: each running membership and credit plan with what happens next (renews on,
 * ends on, changes to, starts on), read from the billing calls rather than the cached user, and the way
 * to Billing (cancel and resume, history and receipts), which opens as its own dialog.
 */
import type { ShellApi } from 'shared-contracts';
import { secondaryButton } from '../../shared/components/styles';
import type { Palette } from '../../shared/lib/palette';
import { useCreditPlans, useMemberships } from '../../shared/api/billing';
import { creditPlanStatus, isLive, membershipStatus } from '../../shared/lib/plan-status';

export function PlanSummary({ shell, palette, onDone }: { shell: ShellApi; palette: Palette; onDone(): void }) {
  const memberships = useMemberships(shell);
  const plans = useCreditPlans(shell);
  const rows = [
    ...(memberships.data ?? []).filter(isLive).map((m) => ({ key: `m${m.id}`, name: m.name, status: membershipStatus(m) })),
    ...(plans.data ?? []).filter((plan) => plan.status === 'active').map((plan) => ({ key: `p${plan.id}`, name: plan.name, status: creditPlanStatus(plan) })),
  ];
  return (
    <>
      {rows.length > 0 ? (
        <ul aria-label="Subscriptions" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
          {rows.map((row) => (
            <li key={row.key} css={{ fontSize: 13 }}>
              <span>{row.name}</span>
              <span data-testid="subscription-status" css={{ display: 'block', fontSize: 12, color: palette.textMuted }}>
                {row.status}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      <button
        type="button"
        css={{ ...secondaryButton(palette), minHeight: 28, fontSize: 13, alignSelf: 'flex-start' }}
        onClick={() => {
          shell.bus.emit('account:open-billing', {});
          onDone();
        }}
      >
        Billing and receipts
      </button>
    </>
  );
}
