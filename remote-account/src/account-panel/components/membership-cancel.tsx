/**
 * Cancel at period end, beside a subscription of the account panel's list (issue 10): the membership runs
 * to its end and is not renewed. Reads the caller's memberships (GET /v1/buy/subscriptions) to know which
 * one a list entry is and whether it still renews.
 */
import { useState } from 'react';
import useSWR from 'swr';
import type { ShellApi } from 'shared-contracts';
import { secondaryButton } from '../../shared/components/styles';
import type { Palette } from '../../shared/lib/palette';

export function useMemberships(shell: ShellApi) {
  return useSWR('account:memberships', () => shell.api.call('GET /v1/buy/subscriptions', {}), { revalidateOnFocus: false });
}

export function MembershipCancel({ shell, palette, pid, expiresAt }: { shell: ShellApi; palette: Palette; pid: number; expiresAt: number }) {
  const { data, mutate } = useMemberships(shell);
  const [busy, setBusy] = useState(false);
  const membership = data?.find((m) => m.sku_id === pid && m.expires_at === expiresAt && (m.status === 'active' || m.status === 'trialing' || m.status === 'scheduled'));
  if (!membership) return null;
  if (membership.cancel_at_period_end) {
    return <span css={{ display: 'block', fontSize: 12, color: palette.textMuted }}>Cancelled: ends at the end of the period</span>;
  }
  return (
    <button
      type="button"
      aria-label={`Cancel ${membership.name}`}
      disabled={busy}
      css={{ ...secondaryButton(palette), minHeight: 26, fontSize: 12, marginTop: 4 }}
      onClick={async () => {
        setBusy(true);
        try {
          await shell.api.call('POST /v1/buy/subscription/cancel', { body: { id: membership.id } });
          await mutate();
          await shell.session.refreshUser();
          shell.toast.success('Cancelled: your membership stays until the end of the period and will not renew.');
        } catch (error) {
          shell.toast.error(error instanceof Error ? error.message : 'Unknown error, please retry later');
        } finally {
          setBusy(false);
        }
      }}
    >
      {busy ? 'Cancelling…' : 'Cancel renewal'}
    </button>
  );
}

/** The caller's running weekly and monthly credit plans, each with Cancel (at period end). */
export function CreditPlans({ shell, palette }: { shell: ShellApi; palette: Palette }) {
  const { data, mutate } = useSWR('account:credit-plans', () => shell.api.call('GET /v1/buy/credit-plans', {}), { revalidateOnFocus: false });
  const [busy, setBusy] = useState<number | null>(null);
  const running = (data ?? []).filter((plan) => plan.status === 'active');
  if (running.length === 0) return null;
  return (
    <ul aria-label="Credit plans" css={{ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 4 }}>
      {running.map((plan) => (
        <li key={plan.id} css={{ fontSize: 13 }}>
          <span>{plan.name}</span>
          {plan.cancel_at_period_end ? (
            <span css={{ display: 'block', fontSize: 12, color: palette.textMuted }}>Cancelled: ends at the end of the period</span>
          ) : (
            <button
              type="button"
              aria-label={`Cancel ${plan.name}`}
              disabled={busy === plan.id}
              css={{ ...secondaryButton(palette), minHeight: 26, fontSize: 12, marginTop: 4, display: 'block' }}
              onClick={async () => {
                setBusy(plan.id);
                try {
                  await shell.api.call('POST /v1/buy/credit-plan/cancel', { body: { id: plan.id } });
                  await mutate();
                  shell.toast.success('Cancelled: the plan will not renew.');
                } catch (error) {
                  shell.toast.error(error instanceof Error ? error.message : 'Unknown error, please retry later');
                } finally {
                  setBusy(null);
                }
              }}
            >
              Cancel renewal
            </button>
          )}
        </li>
      ))}
    </ul>
  );
}
