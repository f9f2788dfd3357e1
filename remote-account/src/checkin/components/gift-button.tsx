import { useSnapshot } from 'valtio';
import type { AccountRuntime } from '../../app/runtime';
import { usePalette } from '../../shared/lib/palette';

/** The gift button of the account entry: opens the check-in panel; a dot while today's claim is open. */
export function GiftButton({ runtime }: { runtime: AccountRuntime }) {
  const { checkin, shell } = runtime;
  const view = useSnapshot(checkin.state);
  const palette = usePalette(shell);
  const session = useSnapshot(shell.session.state);
  const pending = view.loaded && view.isActivityActive && view.status === 'check_in';
  // nothing to claim outside the check-in countries: no entry to a panel that could only say so
  if (session.flags.isLogin && view.loaded && !view.isActivityActive) return null;
  return (
    <button
      type="button"
      aria-label={pending ? 'Daily check-in (credits to claim)' : 'Daily check-in'}
      aria-haspopup="dialog"
      aria-expanded={view.open}
      onClick={() => {
        shell.track('miai_activity_entry_trigger', { activity: 'checkin', entry: 'gift' });
        if (view.open) checkin.closePanel();
        else shell.bus.emit('account:open-checkin', {});
      }}
      css={{
        position: 'relative',
        width: 36,
        height: 36,
        borderRadius: 18,
        border: 'none',
        background: 'transparent',
        color: palette.text,
        cursor: 'pointer',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        '&:hover': { background: palette.surfaceRaised },
        '&:focus-visible': { outline: `2px solid ${palette.focus}`, outlineOffset: 2 },
      }}
    >
      <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8">
        <rect x="3" y="8" width="18" height="4" rx="1" />
        <path d="M5 12v8h14v-8M12 8v12M12 8c-1.5-3-5-3.5-5-1.2C7 8 9.5 8 12 8zm0 0c1.5-3 5-3.5 5-1.2C17 8 14.5 8 12 8z" />
      </svg>
      {pending && (
        <span
          aria-hidden="true"
          css={{ position: 'absolute', top: 6, right: 6, width: 8, height: 8, borderRadius: 4, background: palette.danger }}
        />
      )}
    </button>
  );
}
