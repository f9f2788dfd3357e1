/**
 * remote_account/AccountEntry: the header's account area. The gift button (daily check-in), then the
 * Login button when logged out or the avatar with the account panel when logged in.
 */
import { useSnapshot } from 'valtio';
import { useShell } from 'shared-contracts';
import { AccountPopover } from '../account-panel/components/account-popover';
import { GiftButton } from '../checkin/components/gift-button';
import { primaryButton } from '../shared/components/styles';
import { usePalette } from '../shared/lib/palette';
import { getAccountRuntime } from '../app/runtime';

export default function AccountEntry() {
  const shell = useShell();
  const runtime = getAccountRuntime(shell);
  const session = useSnapshot(shell.session.state);
  const palette = usePalette(shell);
  return (
    <div data-testid="account-entry" css={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <GiftButton runtime={runtime} />
      {session.flags.isLogin ? (
        <AccountPopover runtime={runtime} />
      ) : (
        <button
          type="button"
          data-login-button
          css={primaryButton(palette)}
          onClick={() => void runtime.login.open('login', 'header')}
        >
          Login
        </button>
      )}
    </div>
  );
}
