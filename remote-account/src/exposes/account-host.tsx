/**
 * remote_account/AccountHost: mounted once for the whole page. It listens on the bus and renders the
 * login dialog, the credit transactions dialog (desktop only), the billing dialog, the check-in panel, the
 * feedback modal and the community invite panel.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useShell } from 'shared-contracts';
import { CheckInPanel } from '../checkin/components/checkin-panel';
import { CommunityPanel } from '../community/components/community-panel';
import { FeedbackModal } from '../feedback/components/feedback-modal';
import { LoginDialog } from '../login/components/login-dialog';
import { useLoginHost } from '../login/hooks/use-login-host';
import { getAccountRuntime } from '../app/runtime';
import { TransactionsDialog } from '../transactions/components/transactions-dialog';
import { BillingDialog } from '../billing/components/billing-dialog';

export default function AccountHost() {
  const shell = useShell();
  const runtime = getAccountRuntime(shell);
  const { ui, checkin } = runtime;
  const uiView = useSnapshot(ui);
  const viewport = useSnapshot(shell.viewport);
  const session = useSnapshot(shell.session.state);

  useLoginHost(runtime);

  useEffect(() => {
    checkin.start();
    const offs = [
      shell.bus.on('account:open-transactions', () => {
        if (shell.viewport.isDesktop && shell.session.state.flags.isLogin) ui.transactionsOpen = true;
      }),
      shell.bus.on('account:open-billing', () => {
        if (shell.session.state.flags.isLogin) ui.billingOpen = true;
      }),
      shell.bus.on('account:open-feedback', () => {
        ui.feedbackOpen = true;
      }),
      shell.bus.on('session:cleared', () => {
        ui.transactionsOpen = false;
        ui.billingOpen = false;
      }),
    ];
    return () => {
      for (const off of offs) off();
      checkin.stop();
    };
  }, [checkin, shell, ui]);

  // desktop only: leaving the desktop layout closes the transactions dialog
  useEffect(() => {
    if (!viewport.isDesktop && ui.transactionsOpen) ui.transactionsOpen = false;
  }, [viewport.isDesktop, ui]);

  return (
    <>
      <LoginDialog runtime={runtime} />
      <TransactionsDialog
        shell={shell}
        open={uiView.transactionsOpen && viewport.isDesktop && session.flags.isLogin}
        onClose={() => {
          ui.transactionsOpen = false;
        }}
      />
      <BillingDialog
        shell={shell}
        open={uiView.billingOpen && session.flags.isLogin}
        onClose={() => {
          ui.billingOpen = false;
        }}
      />
      <CheckInPanel runtime={runtime} />
      <FeedbackModal
        shell={shell}
        open={uiView.feedbackOpen}
        onClose={() => {
          ui.feedbackOpen = false;
        }}
      />
      <CommunityPanel
        shell={shell}
        open={uiView.communityOpen}
        onClose={() => {
          ui.communityOpen = false;
        }}
      />
    </>
  );
}
