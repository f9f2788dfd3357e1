import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { SIGNUP_CREDITS, type ShellApi, type User } from 'shared-contracts';
import type { Palette } from '../../shared/lib/palette';

/**
 * Until the address is confirmed: a banner saying the sign-up credits wait for it, with "Send the link again"
 * (the account service limits how often). It goes once the user record says the address is confirmed (the
 * studio asks again whenever the member comes back to the tab, e.g. from the mail).
 */
export function VerifyBanner({ shell, palette }: { shell: ShellApi; palette: Palette }) {
  const session = useSnapshot(shell.session.state);
  const user = session.user as User | null;
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [hidden, setHidden] = useState(false);
  if (!user || user.email_verified !== false || hidden) return null;

  async function sendAgain() {
    setState('sending');
    try {
      const answer = await shell.api.call('POST /v1/user/verify-email');
      if (answer.email_verified) {
        await shell.session.refreshUser();
        return;
      }
      setState('sent');
      shell.toast.success(`We sent a new link to ${user?.email}.`);
    } catch (error) {
      setState('idle');
      shell.toast.error(error instanceof Error ? error.message : 'The link could not be sent. Please try again later.');
    }
  }

  return (
    <section
      aria-label="Confirm your e-mail address"
      data-testid="verify-banner"
      css={{
        // under the header, where the floating trial card, the promotion icon and the chat button are not
        position: 'fixed',
        left: '50%',
        transform: 'translateX(-50%)',
        top: 68,
        zIndex: 1500,
        width: 'min(680px, calc(100vw - 24px))',
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '10px 14px',
        padding: '12px 14px 12px 16px',
        borderRadius: 14,
        border: `1px solid ${palette.border}`,
        background: palette.surfaceRaised,
        color: palette.text,
        boxShadow: '0 10px 30px rgba(0,0,0,.25)',
        fontSize: 14,
      }}
    >
      <p css={{ margin: 0, flex: '1 1 260px', lineHeight: 1.45 }}>
        <strong>Confirm your e-mail address</strong> to get your {SIGNUP_CREDITS} free credits. We sent a link to{' '}
        <span css={{ overflowWrap: 'anywhere' }}>{user.email}</span>.
      </p>
      <div css={{ display: 'flex', gap: 8 }}>
        <button
          type="button"
          onClick={() => void sendAgain()}
          disabled={state === 'sending'}
          css={{
            font: 'inherit',
            fontWeight: 600,
            padding: '8px 14px',
            borderRadius: 10,
            border: 0,
            background: palette.accent,
            color: palette.accentText,
            cursor: 'pointer',
            '&:disabled': { opacity: 0.7, cursor: 'progress' },
            '&:focus-visible': { outline: `2px solid ${palette.focus}`, outlineOffset: 2 },
          }}
        >
          {state === 'sending' ? 'Sending…' : state === 'sent' ? 'Sent: send again' : 'Send the link again'}
        </button>
        <button
          type="button"
          aria-label="Hide this reminder"
          onClick={() => setHidden(true)}
          css={{
            font: 'inherit',
            padding: '8px 10px',
            borderRadius: 10,
            border: `1px solid ${palette.border}`,
            background: 'transparent',
            color: palette.text,
            cursor: 'pointer',
            '&:focus-visible': { outline: `2px solid ${palette.focus}`, outlineOffset: 2 },
          }}
        >
          Later
        </button>
      </div>
    </section>
  );
}
