/**
 * Questions the flows of this remote ask and wait for (confirmations; the uploads feature's agreements and
 * 'Not enough space' through `ask.show`): `await ask.confirm(...)` answers true or false. One question at a
 * time, each a real dialog. lib/ knows no feature: a feature passes the dialog it wants shown.
 */
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './dialog';

interface ConfirmQuestion {
  title: string;
  message: string;
  cancelLabel?: string;
  confirmLabel?: string;
  testId?: string;
}

/** Draws a question's dialog; the dialog calls `answer` once (true: yes, agree, continue). */
export type AskRender = (answer: (value: boolean) => void) => ReactNode;

export interface Ask {
  confirm(question: ConfirmQuestion): Promise<boolean>;
  /** any question: shown when the ones before it are answered */
  show(render: AskRender): Promise<boolean>;
}

const AskContext = createContext<Ask | null>(null);

export function useAsk(): Ask {
  const ask = useContext(AskContext);
  if (!ask) throw new Error('useAsk must be used inside <AskHost>');
  return ask;
}

interface Pending {
  render: AskRender;
  resolve(answer: boolean): void;
}

export function AskHost({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<Pending | null>(null);
  const queue = useRef<Pending[]>([]);
  const active = useRef<Pending | null>(null);

  const next = useCallback(() => {
    active.current = queue.current.shift() ?? null;
    setCurrent(active.current);
  }, []);

  const show = useCallback(
    (render: AskRender) =>
      new Promise<boolean>((resolve) => {
        queue.current.push({ render, resolve });
        if (!active.current) next();
      }),
    [next],
  );

  const answer = useCallback(
    (value: boolean) => {
      const pending = active.current;
      if (!pending) return;
      pending.resolve(value);
      next();
    },
    [next],
  );

  const ask = useMemo<Ask>(
    () => ({
      show,
      confirm: (question) =>
        show((reply) => (
          <ConfirmDialog
            title={question.title}
            message={question.message}
            cancelLabel={question.cancelLabel}
            confirmLabel={question.confirmLabel}
            testId={question.testId}
            onCancel={() => reply(false)}
            onConfirm={() => reply(true)}
          />
        )),
    }),
    [show],
  );

  return (
    <AskContext.Provider value={ask}>
      {children}
      {current ? current.render(answer) : null}
    </AskContext.Provider>
  );
}
