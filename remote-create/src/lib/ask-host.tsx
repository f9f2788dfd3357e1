/**
 * Questions the flows of this remote ask and wait for (agreements, confirmations, the 'Not enough space'
 * modal): `await ask.confirm(...)` answers true or false. One question at a time, each a real dialog.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useShell } from 'shared-contracts';
import { ConfirmDialog } from './dialog';
import { agreements } from './local-flags';
// TODO(issue 9): the ask host renders the uploads feature's dialogs, so it belongs in uploads/, not lib/
// eslint-disable-next-line import-x/no-restricted-paths
import { NotEnoughSpaceDialog } from '../uploads/components/not-enough-space-dialog';
// eslint-disable-next-line import-x/no-restricted-paths
import { UserAgreementDialog, WatermarkAgreementDialog } from '../uploads/components/agreement-dialogs';

export interface ConfirmQuestion {
  title: string;
  message: string;
  cancelLabel?: string;
  confirmLabel?: string;
  testId?: string;
}

type Question =
  | { kind: 'confirm'; question: ConfirmQuestion }
  | { kind: 'user-agreement' }
  | { kind: 'watermark'; uid: string }
  | { kind: 'not-enough-space'; subtitle?: string };

export interface Ask {
  confirm(question: ConfirmQuestion): Promise<boolean>;
  /** true at once when already agreed on this browser */
  userAgreement(): Promise<boolean>;
  /** true at once when this account already agreed */
  watermarkAgreement(uid: string): Promise<boolean>;
  notEnoughSpace(subtitle?: string): Promise<void>;
}

const AskContext = createContext<Ask | null>(null);

export function useAsk(): Ask {
  const ask = useContext(AskContext);
  if (!ask) throw new Error('useAsk must be used inside <AskHost>');
  return ask;
}

interface Pending {
  question: Question;
  resolve(answer: boolean): void;
}

export function AskHost({ children }: { children: ReactNode }) {
  const shell = useShell();
  const [current, setCurrent] = useState<Pending | null>(null);
  const queue = useRef<Pending[]>([]);
  const active = useRef<Pending | null>(null);

  const next = useCallback(() => {
    active.current = queue.current.shift() ?? null;
    setCurrent(active.current);
  }, []);

  const put = useCallback(
    (question: Question) =>
      new Promise<boolean>((resolve) => {
        queue.current.push({ question, resolve });
        if (!active.current) next();
      }),
    [next],
  );

  const ask = useMemo<Ask>(
    () => ({
      confirm: (question) => put({ kind: 'confirm', question }),
      userAgreement: async () => {
        if (agreements.userAgreed()) return true;
        const yes = await put({ kind: 'user-agreement' });
        if (yes) agreements.agreeUser();
        return yes;
      },
      watermarkAgreement: async (uid) => {
        if (agreements.watermarkAgreed(uid)) return true;
        const yes = await put({ kind: 'watermark', uid });
        if (yes) agreements.agreeWatermark(uid);
        return yes;
      },
      notEnoughSpace: async (subtitle) => {
        await put({ kind: 'not-enough-space', subtitle });
      },
    }),
    [put],
  );

  function answer(value: boolean) {
    const pending = active.current;
    if (!pending) return;
    pending.resolve(value);
    next();
  }

  const question = current?.question;
  return (
    <AskContext.Provider value={ask}>
      {children}
      {question?.kind === 'confirm' ? (
        <ConfirmDialog
          title={question.question.title}
          message={question.question.message}
          cancelLabel={question.question.cancelLabel}
          confirmLabel={question.question.confirmLabel}
          testId={question.question.testId}
          onCancel={() => answer(false)}
          onConfirm={() => answer(true)}
        />
      ) : null}
      {question?.kind === 'user-agreement' ? <UserAgreementDialog onAgree={() => answer(true)} onCancel={() => answer(false)} /> : null}
      {question?.kind === 'watermark' ? (
        <WatermarkAgreementDialog
          onAgree={() => answer(true)}
          onCancel={() => answer(false)}
          onUpgrade={() => {
            answer(false);
            shell.bus.emit('billing:open', { tab: 'membership', reason: 'watermark-free' });
          }}
        />
      ) : null}
      {question?.kind === 'not-enough-space' ? (
        <NotEnoughSpaceDialog
          subtitle={question.subtitle}
          onClose={() => answer(false)}
          onUpgrade={() => {
            answer(true);
            shell.bus.emit('billing:open', { tab: 'membership', reason: 'storage-full' });
          }}
        />
      ) : null}
    </AskContext.Provider>
  );
}
