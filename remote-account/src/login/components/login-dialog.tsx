import { keyframes } from '@emotion/react';
import { useSnapshot } from 'valtio';
import { LOGIN_FRAME, PRODUCT_NAME } from 'shared-contracts';
import type { AccountRuntime } from '../../app/runtime';
import { usePalette } from '../../shared/lib/palette';
import { Dialog } from '../../shared/components/dialog';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

/** The account service page in a 400x604 frame with a close button. */
export function LoginDialog({ runtime }: { runtime: AccountRuntime }) {
  const { login, shell } = runtime;
  const view = useSnapshot(login.state);
  const palette = usePalette(shell);
  const title = view.dialogType === 'register' ? 'Sign up' : 'Log in';
  return (
    <Dialog
      open={view.open}
      title={title}
      hideTitle
      onClose={() => login.cancel()}
      palette={palette}
      width={LOGIN_FRAME.width}
      padding={0}
      zIndex={3000}
      testId="login-dialog"
    >
      <div css={{ position: 'relative', width: '100%', height: LOGIN_FRAME.height, maxHeight: 'calc(100dvh - 24px)' }}>
        <iframe
          key={view.openCount}
          src={view.src}
          title={`${title} to ${PRODUCT_NAME}`}
          ref={(frame) => login.attachFrame(frame?.contentWindow ?? null)}
          onLoad={(event) => {
            login.attachFrame(event.currentTarget.contentWindow);
            login.frameLoaded();
          }}
          css={{ width: '100%', height: '100%', border: 0, display: 'block', background: palette.surface }}
          allow="publickey-credentials-get *"
        />
        {(view.loading || view.busy) && (
          <div
            role="status"
            css={{
              position: 'absolute',
              inset: 0,
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 12,
              background: palette.surface,
              color: palette.textMuted,
              fontSize: 14,
            }}
          >
            <span
              aria-hidden="true"
              css={{
                width: 28,
                height: 28,
                borderRadius: '50%',
                border: `3px solid ${palette.border}`,
                borderTopColor: palette.accent,
                animation: `${spin} 0.9s linear infinite`,
              }}
            />
            {view.busy ? 'Signing you in…' : 'Loading…'}
          </div>
        )}
      </div>
    </Dialog>
  );
}
