/**
 * The account panel's content: avatar, display name, account center link, plan card, subscriptions with
 * what happens next and the way to Billing, credits (and Credit Transitions on desktop), the daily
 * check-in claim, and the actions.
 */
import { useSnapshot } from 'valtio';
import { EMBED_MODE_SIDEAPP, type User } from 'shared-contracts';
import { menuItem, primaryButton, secondaryButton } from '../../shared/components/styles';
import { usePalette, type Palette } from '../../shared/lib/palette';
import type { AccountRuntime } from '../../app/runtime';
import { STORAGE_KEYS, readJson } from '../../shared/lib/storage';
import { accountCenterUrl } from '../../shared/lib/login-urls';
import { displayName } from '../lib/display-name';
import { PLAN_LABELS, planLevelOf } from '../lib/plan-level';
import { panelItems } from '../lib/panel-items';
import { Avatar } from './avatar';
import { PlanSummary } from './plan-summary';

export interface AccountPanelProps {
  runtime: AccountRuntime;
  /** an action moved elsewhere (a dialog, a new tab): the popover closes */
  onDone(): void;
}

function embeddedInSideApp(): boolean {
  try {
    return window.sessionStorage.getItem(STORAGE_KEYS.embedMode) === EMBED_MODE_SIDEAPP || readJson<string>('session', STORAGE_KEYS.embedMode) === EMBED_MODE_SIDEAPP;
  } catch {
    return false;
  }
}

type Items = ReturnType<typeof panelItems>;

function PanelHeading({ runtime, user, palette, onDone }: { runtime: AccountRuntime; user: User; palette: Palette; onDone(): void }) {
  const name = displayName(user);
  return (
    <div css={{ display: 'flex', alignItems: 'center', gap: 12 }}>
      <Avatar src={user.avatar} name={name} size={44} palette={palette} />
      <div css={{ minWidth: 0 }}>
        <div data-testid="account-name" css={{ fontWeight: 600, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {name}
        </div>
        <a
          href={accountCenterUrl(runtime.shell.config)}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onDone}
          css={{ color: palette.link, fontSize: 13, '&:focus-visible': { outline: `2px solid ${palette.focus}` } }}
        >
          Account center
        </a>
      </div>
    </div>
  );
}

/** The plan card: plan and Upgrade, the plans with what happens next, Billing, credits and Credit Transitions. */
function PlanCard({ runtime, user, palette, items, onDone }: { runtime: AccountRuntime; user: User; palette: Palette; items: Items; onDone(): void }) {
  const { shell } = runtime;
  const session = useSnapshot(shell.session.state);
  const level = planLevelOf(user);
  return (
    <section aria-label="Plan" css={{ background: palette.surfaceRaised, borderRadius: 12, padding: 12, display: 'flex', flexDirection: 'column', gap: 6 }}>
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <span>
          <span css={{ color: palette.textMuted, fontSize: 13 }}>Plan </span>
          <strong data-testid="account-plan" data-level={level}>
            {PLAN_LABELS[level]}
          </strong>
        </span>
        {level !== 'vip' && (
          <button
            type="button"
            css={{ ...primaryButton(palette), minHeight: 28, fontSize: 13 }}
            onClick={() => {
              shell.bus.emit('billing:open', { smart: true, reason: 'account-panel' });
              onDone();
            }}
          >
            Upgrade
          </button>
        )}
      </div>
      <PlanSummary shell={shell} palette={palette} onDone={onDone} />
      <div css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <span>
          <span css={{ color: palette.textMuted, fontSize: 13 }}>Credits </span>
          <strong data-testid="account-credits">{session.flags.curCredits}</strong>
        </span>
        {items.creditTransactions && (
          <button
            type="button"
            css={{ ...secondaryButton(palette), minHeight: 28, fontSize: 13 }}
            onClick={() => {
              shell.bus.emit('account:open-transactions', {});
              onDone();
            }}
          >
            Credit Transitions
          </button>
        )}
      </div>
    </section>
  );
}

function CheckinRow({ runtime, palette }: { runtime: AccountRuntime; palette: Palette }) {
  const { checkin } = runtime;
  const check = useSnapshot(checkin.state);
  const checkedIn = check.status === 'checked_in';
  if (!(check.loaded && check.isActivityActive)) return null;
  return (
    <section aria-label="Daily check-in" css={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
      <span css={{ fontSize: 13 }}>Daily check-in: +{check.credits} credits</span>
      <button
        type="button"
        css={{ ...secondaryButton(palette), minHeight: 28, fontSize: 13 }}
        disabled={checkedIn || check.claiming}
        onClick={() => void checkin.claim('account-panel')}
      >
        {checkedIn ? 'Checked in' : check.claiming ? 'Claiming…' : 'Check in'}
      </button>
    </section>
  );
}

function AccountActions({ runtime, palette, items, onDone }: { runtime: AccountRuntime; palette: Palette; items: Items; onDone(): void }) {
  const { shell } = runtime;
  return (
    <nav aria-label="Account actions" css={{ display: 'flex', flexDirection: 'column', gap: 2, borderTop: `1px solid ${palette.border}`, paddingTop: 8 }}>
      {items.communityChat && (
        <button
          type="button"
          css={menuItem(palette)}
          onClick={() => {
            runtime.ui.communityOpen = true;
            onDone();
          }}
        >
          Community chat
        </button>
      )}
      {items.feedback && (
        <button
          type="button"
          css={menuItem(palette)}
          onClick={() => {
            shell.bus.emit('account:open-feedback', {});
            onDone();
          }}
        >
          Feedback
        </button>
      )}
      <button
        type="button"
        css={menuItem(palette)}
        onClick={() => {
          runtime.ui.developerOpen = true;
          onDone();
        }}
      >
        Developer API
      </button>
      {items.terms && (
        <a href={shell.config.termsUrl} target="_blank" rel="noopener noreferrer" css={menuItem(palette)} onClick={onDone}>
          Terms of Service
        </a>
      )}
      {items.privacy && (
        <a href={shell.config.privacyUrl} target="_blank" rel="noopener noreferrer" css={menuItem(palette)} onClick={onDone}>
          Privacy Policy
        </a>
      )}
      <button type="button" css={menuItem(palette)} onClick={() => void runtime.logout()}>
        Log out
      </button>
    </nav>
  );
}

export function AccountPanel({ runtime, onDone }: AccountPanelProps) {
  const { shell } = runtime;
  const palette = usePalette(shell);
  const session = useSnapshot(shell.session.state);
  const viewport = useSnapshot(shell.viewport);
  const user = session.user as User | null;
  if (!user) return null;

  const items = panelItems(
    { isDesktop: viewport.isDesktop, feedbackAvailable: !embeddedInSideApp(), hasCommunityInvite: Boolean(shell.config.communityInviteUrl) },
    shell.config,
  );
  return (
    <div css={{ display: 'flex', flexDirection: 'column', gap: 12, width: 300 }}>
      <PanelHeading runtime={runtime} user={user} palette={palette} onDone={onDone} />
      <PlanCard runtime={runtime} user={user} palette={palette} items={items} onDone={onDone} />
      <CheckinRow runtime={runtime} palette={palette} />
      <AccountActions runtime={runtime} palette={palette} items={items} onDone={onDone} />
    </div>
  );
}
