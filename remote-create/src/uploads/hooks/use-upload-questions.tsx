import { useMemo } from 'react';
import { useShell } from 'shared-contracts';
import { useAsk } from '../../lib/ask-host';
import { agreements } from '../../lib/local-flags';
import { UserAgreementDialog, WatermarkAgreementDialog } from '../components/agreement-dialogs';
import { NotEnoughSpaceDialog } from '../components/not-enough-space-dialog';

export interface UploadQuestions {
  /** true at once when already agreed on this browser */
  userAgreement(): Promise<boolean>;
  /** true at once when this account already agreed */
  watermarkAgreement(uid: string): Promise<boolean>;
  notEnoughSpace(subtitle?: string): Promise<void>;
}

/** The questions of uploads and generation (the agreements, 'Not enough space'), asked through the screen's AskHost. */
export function useUploadQuestions(): UploadQuestions {
  const shell = useShell();
  const ask = useAsk();
  return useMemo<UploadQuestions>(
    () => ({
      userAgreement: async () => {
        if (agreements.userAgreed()) return true;
        const yes = await ask.show((answer) => <UserAgreementDialog onAgree={() => answer(true)} onCancel={() => answer(false)} />);
        if (yes) agreements.agreeUser();
        return yes;
      },
      watermarkAgreement: async (uid) => {
        if (agreements.watermarkAgreed(uid)) return true;
        const yes = await ask.show((answer) => (
          <WatermarkAgreementDialog
            onAgree={() => answer(true)}
            onCancel={() => answer(false)}
            onUpgrade={() => {
              answer(false);
              shell.bus.emit('billing:open', { tab: 'membership', reason: 'watermark-free' });
            }}
          />
        ));
        if (yes) agreements.agreeWatermark(uid);
        return yes;
      },
      notEnoughSpace: async (subtitle) => {
        await ask.show((answer) => (
          <NotEnoughSpaceDialog
            subtitle={subtitle}
            onClose={() => answer(false)}
            onUpgrade={() => {
              answer(true);
              shell.bus.emit('billing:open', { tab: 'membership', reason: 'storage-full' });
            }}
          />
        ));
      },
    }),
    [ask, shell],
  );
}
