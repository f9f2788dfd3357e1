/**
 * Billing, from the account panel (issue 22): the member's plans, each with what happens next and the
 * actions it allows (cancel with a confirmation, resume before the period ends, a change to the smaller
 * plan at the period's end or keeping the plan), the credit plans, and the billing history: every charge,
 * renewal and refund with its order id, item, amount, date, status and receipt.
 */
import type { CSSObject } from '@emotion/react';
import { useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { USER_TEXTS, type CreditPlanItem, type MembershipItem, type ShellApi, type SkuItem } from 'shared-contracts';
import { ConfirmDialog } from '@studio/ui-kit/dialog';
import { Dialog } from '../../shared/components/dialog';
import { secondaryButton } from '../../shared/components/styles';
import { usePalette, type Palette } from '../../shared/lib/palette';
import { useBillingHistory, useCreditPlans, useMemberships, useSkuInfo } from '../../shared/api/billing';
import { canCancel, canResume, creditPlanStatus, dateText, isLive, membershipStatus, smallerPlan } from '../../shared/lib/plan-status';
import { HistoryList } from './history-list';

const BILLING_TITLE = 'Billing';

type Ask = { title: string; message: string; confirm: string; run(): Promise<unknown>; done: string };

function useAction(shell: ShellApi, after: () => Promise<unknown>) {
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      await after();
      shell.toast.success(done);
    } catch (error) {
      shell.toast.error(error instanceof Error ? error.message : USER_TEXTS.UNKNOWN);
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function Section({ title, palette, children }: { title: string; palette: Palette; children: ReactNode }) {
  return (
    <section aria-label={title} css={{ display: 'flex', flexDirection: 'column', gap: 8, paddingTop: 16 }}>
      <h3 css={{ margin: 0, fontSize: 15, color: palette.text }}>{title}</h3>
      {children}
    </section>
  );
}

function PlanRow({ name, status, palette, children }: { name: string; status: string; palette: Palette; children?: ReactNode }) {
  return (
    <li css={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8, padding: '10px 0', borderBottom: `1px solid ${palette.border}` }}>
      <span css={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
        <strong>{name}</strong>
        <span data-testid="plan-status" css={{ fontSize: 13, color: palette.textMuted }}>
          {status}
        </span>
      </span>
      <span css={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>{children}</span>
    </li>
  );
}

/** What a plan row's buttons do: run an action at once, or ask first; `busy` while one runs. */
interface RowActions {
  api: ShellApi['api'];
  busy: boolean;
  button: CSSObject;
  run(action: () => Promise<unknown>, done: string): Promise<void>;
  ask(ask: Ask): void;
}

function cancelMembershipAsk(api: ShellApi['api'], m: MembershipItem): Ask {
  return {
    title: `Cancel ${m.name}?`,
    message: m.is_trial
      ? `Your free trial stays until ${dateText(m.expires_at)} and then ends: nothing is charged, and the trial's credits end with it.`
      : `${m.name} stays until ${dateText(m.expires_at)} and will not renew. You can resume it until then.`,
    confirm: 'Cancel renewal',
    run: () => api.call('POST /v1/buy/subscription/cancel', { body: { id: m.id } }),
    done: `Cancelled: ${m.name} stays until ${dateText(m.expires_at)} and will not renew.`,
  };
}

function switchAsk(api: ShellApi['api'], m: MembershipItem, smaller: SkuItem): Ask {
  return {
    title: `Switch to ${smaller.sub_tpl_name}?`,
    message: `${m.name} stays until ${dateText(m.expires_at)}; then ${smaller.sub_tpl_name} starts at ${smaller.currency_symbol}${smaller.price.toFixed(2)} a ${smaller.period_unit}. Nothing changes before then.`,
    confirm: 'Switch at renewal',
    run: () => api.call('POST /v1/buy/subscription/change', { body: { id: m.id, sku_id: smaller.sku_id } }),
    done: `${smaller.sub_tpl_name} starts on ${dateText(m.expires_at)}.`,
  };
}

function cancelCreditPlanAsk(api: ShellApi['api'], plan: CreditPlanItem): Ask {
  return {
    title: `Cancel ${plan.name}?`,
    message: `It stays until ${dateText(plan.expires_at)} and will not renew. The credits you have stay yours.`,
    confirm: 'Cancel renewal',
    run: () => api.call('POST /v1/buy/credit-plan/cancel', { body: { id: plan.id } }),
    done: 'Cancelled: the plan will not renew.',
  };
}

/** A membership: cancel (asks first), resume, switch to the smaller plan at renewal (asks first) or keep it. */
function MembershipRow({ m, smaller, palette, actions }: { m: MembershipItem; smaller: SkuItem | null; palette: Palette; actions: RowActions }) {
  const { api, busy, button, run, ask } = actions;
  return (
    <PlanRow name={m.name} status={membershipStatus(m)} palette={palette}>
      {canCancel(m) ? (
        <button type="button" css={button} disabled={busy} aria-label={`Cancel ${m.name}`} onClick={() => ask(cancelMembershipAsk(api, m))}>
          Cancel renewal
        </button>
      ) : null}
      {canResume(m) ? (
        <button type="button" css={button} disabled={busy} aria-label={`Resume ${m.name}`} onClick={() => void run(() => api.call('POST /v1/buy/subscription/resume', { body: { id: m.id } }), `${m.name} renews again.`)}>
          Resume
        </button>
      ) : null}
      {smaller ? (
        <button type="button" css={button} disabled={busy} onClick={() => ask(switchAsk(api, m, smaller))}>
          Switch to {smaller.sub_tpl_name} at renewal
        </button>
      ) : null}
      {m.renews_into ? (
        <button type="button" css={button} disabled={busy} onClick={() => void run(() => api.call('POST /v1/buy/subscription/change', { body: { id: m.id, sku_id: m.sku_id } }), `${m.name} renews as it is.`)}>
          Keep {m.name}
        </button>
      ) : null}
    </PlanRow>
  );
}

/** A credit plan: resume it while it is set to end, else cancel its renewal (asks first). */
function CreditPlanRow({ plan, palette, actions }: { plan: CreditPlanItem; palette: Palette; actions: RowActions }) {
  const { api, busy, button, run, ask } = actions;
  return (
    <PlanRow name={plan.name} status={creditPlanStatus(plan)} palette={palette}>
      {plan.cancel_at_period_end ? (
        <button type="button" css={button} disabled={busy} aria-label={`Resume ${plan.name}`} onClick={() => void run(() => api.call('POST /v1/buy/credit-plan/resume', { body: { id: plan.id } }), `${plan.name} renews again.`)}>
          Resume
        </button>
      ) : (
        <button type="button" css={button} disabled={busy} aria-label={`Cancel ${plan.name}`} onClick={() => ask(cancelCreditPlanAsk(api, plan))}>
          Cancel renewal
        </button>
      )}
    </PlanRow>
  );
}

export function BillingDialog({ shell, open, onClose }: { shell: ShellApi; open: boolean; onClose(): void }) {
  const palette = usePalette(shell);
  const memberships = useMemberships(shell, open);
  const plans = useCreditPlans(shell, open);
  const history = useBillingHistory(shell, open);
  const skus = useSkuInfo(shell, open);
  const refresh = () => Promise.all([memberships.mutate(), plans.mutate(), history.mutate(), shell.session.refreshUser()]);
  const { busy, run } = useAction(shell, refresh);
  const [ask, setAsk] = useState<Ask | null>(null);
  const actions: RowActions = { api: shell.api, busy, button: { ...secondaryButton(palette), minHeight: 32, fontSize: 13 }, run, ask: setAsk };

  const live = (memberships.data ?? []).filter(isLive);
  const running = (plans.data ?? []).filter((plan) => plan.status === 'active');

  return (
    <Dialog open={open} title={BILLING_TITLE} onClose={onClose} palette={palette} width={640} zIndex={2100} testId="billing-dialog">
      <Section title="Your plans" palette={palette}>
        {memberships.data && live.length === 0 && running.length === 0 ? <p css={{ margin: 0, color: palette.textMuted }}>You are on the Free plan.</p> : null}
        <ul css={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {live.map((m) => (
            <MembershipRow key={m.id} m={m} smaller={smallerPlan(m, skus.data?.sku_buy_list ?? [])} palette={palette} actions={actions} />
          ))}
          {running.map((plan) => (
            <CreditPlanRow key={`plan-${plan.id}`} plan={plan} palette={palette} actions={actions} />
          ))}
        </ul>
        {memberships.error || plans.error ? <p role="alert" css={{ margin: 0 }}>{USER_TEXTS.NETWORK}</p> : null}
      </Section>
      <Section title="Billing history" palette={palette}>
        <HistoryList
          items={history.data}
          failed={Boolean(history.error)}
          palette={palette}
          format={(seconds) => dayjs.unix(seconds).format('YYYY-MM-DD')}
          resolve={(path) => new URL(path, shell.config.apiBase || window.location.origin).toString()}
        />
      </Section>
      {ask ? (
        <ConfirmDialog
          title={ask.title}
          message={ask.message}
          cancelLabel="Keep it"
          confirmLabel={ask.confirm}
          busy={busy}
          testId="billing-confirm"
          onCancel={() => setAsk(null)}
          onConfirm={() => {
            const current = ask;
            setAsk(null);
            void run(current.run, current.done);
          }}
        />
      ) : null}
    </Dialog>
  );
}
