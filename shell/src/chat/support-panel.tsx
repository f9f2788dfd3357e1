/**
 * Our own customer chat when no vendor is configured: a launcher button and a support panel (ui-kit's Dialog,
 * non-modal so the page stays usable beside a chat: named, focus moved in and kept inside, Escape closes and
 * gives focus back) that answers typed questions from the short FAQ and hands over to the feedback form.
 * Never a dead button.
 */
import { useRef, useState } from 'react';
import { TRACK_EVENTS, type ShellApi } from 'shared-contracts';
import { Dialog } from '@studio/ui-kit/dialog';
import { answerFor, FAQ, type FaqEntry } from './faq';
import { LAUNCHER } from './launcher-place';

interface Message {
  from: 'you' | 'support';
  text: string;
}

const GREETING = 'Hi! Ask a question about credits, refunds, memberships or your results, or pick one below.';
const NO_MATCH = "I don't have an answer for that here. Tell our team through the feedback form and they will get back to you.";

const launcherCss = {
  position: 'fixed',
  right: LAUNCHER.right,
  bottom: LAUNCHER.bottom,
  zIndex: 1500,
  width: LAUNCHER.size,
  height: LAUNCHER.size,
  borderRadius: '50%',
  border: 'none',
  background: 'var(--c-primary-strong)',
  color: 'var(--c-on-primary)',
  cursor: 'pointer',
  boxShadow: 'var(--shadow-pop)',
  display: 'grid',
  placeItems: 'center',
} as const;

/** Above the launcher, at the bottom right; the Dialog's title row gets the panel's header look. */
const PLACEMENT = { right: 20, bottom: 88 } as const;
const PANEL_CSS = {
  maxHeight: 'min(520px, calc(100vh - 120px))',
  borderRadius: 12,
  '& > div:first-of-type': { padding: '12px 16px', borderBottom: '1px solid var(--c-border)' },
  '& h2': { fontSize: 16 },
} as const;

/** The conversation so far and the FAQ's questions as one-click chips. */
function ChatLog({ messages, onAsk }: { messages: Message[]; onAsk(question: string, entry: FaqEntry): void }) {
  return (
    <div aria-live="polite" css={{ overflowY: 'auto', padding: 16, display: 'flex', flexDirection: 'column', gap: 8, flex: 1 }}>
      {messages.map((message, index) => (
        <p
          key={index}
          css={{
            margin: 0,
            padding: '8px 12px',
            borderRadius: 10,
            maxWidth: '85%',
            alignSelf: message.from === 'you' ? 'flex-end' : 'flex-start',
            background: message.from === 'you' ? 'var(--c-primary-strong)' : 'var(--c-surface-raised)',
            color: message.from === 'you' ? 'var(--c-on-primary)' : 'inherit',
            fontSize: 14,
          }}
        >
          {message.text}
        </p>
      ))}
      <div css={{ display: 'flex', flexWrap: 'wrap', gap: 6 }}>
        {FAQ.map((entry) => (
          <button
            key={entry.id}
            type="button"
            onClick={() => onAsk(entry.question, entry)}
            css={{ border: '1px solid var(--c-border)', background: 'transparent', color: 'inherit', borderRadius: 14, padding: '4px 10px', fontSize: 13, cursor: 'pointer' }}
          >
            {entry.question}
          </button>
        ))}
      </div>
    </div>
  );
}

/** `container`: the chat's host element, which the shell hides off Home (the open panel hides with it). */
export function SupportPanel({ shell, container }: { shell: ShellApi; container?: Element }) {
  const [open, setOpen] = useState(false);
  const [messages, setMessages] = useState<Message[]>([{ from: 'support', text: GREETING }]);
  const [draft, setDraft] = useState('');
  const launcherRef = useRef<HTMLButtonElement | null>(null);

  const close = () => {
    setOpen(false);
    launcherRef.current?.focus();
  };
  const ask = (question: string, entry: FaqEntry | null) => {
    setMessages((list) => [...list, { from: 'you', text: question }, { from: 'support', text: entry ? entry.answer : NO_MATCH }]);
    shell.track(TRACK_EVENTS.BUTTON_CLICK, { button: 'support_question', area: 'customer_chat', faq: entry?.id ?? 'none' });
  };
  return (
    <>
      <button
        ref={launcherRef}
        type="button"
        aria-label={open ? 'Close customer support' : 'Customer support'}
        aria-expanded={open}
        data-testid="customer-chat-launcher"
        css={launcherCss}
        onClick={() => {
          if (!open) shell.track(TRACK_EVENTS.CHAT_OPEN, { vendor: 'support_panel' });
          setOpen(!open);
        }}
      >
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
          <path d="M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2Z" />
        </svg>
      </button>
      {open ? (
        <Dialog
          title="Support"
          modal={false}
          trapFocus
          container={container}
          onClose={close}
          zIndex={1500}
          padding={0}
          gap={0}
          placement={PLACEMENT}
          width="min(360px, calc(100vw - 40px))"
          testId="customer-chat-panel"
          panelCss={PANEL_CSS}
        >
          <ChatLog messages={messages} onAsk={ask} />
          <form
            css={{ display: 'flex', gap: 8, padding: 12, borderTop: '1px solid var(--c-border)' }}
            onSubmit={(event) => {
              event.preventDefault();
              const question = draft.trim().slice(0, 500);
              if (!question) return;
              ask(question, answerFor(question));
              setDraft('');
            }}
          >
            <input
              data-autofocus
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              aria-label="Your question"
              placeholder="Type your question"
              maxLength={500}
              css={{ flex: 1, minWidth: 0, padding: '8px 10px', borderRadius: 8, border: '1px solid var(--c-border)', background: 'transparent', color: 'inherit' }}
            />
            <button type="submit" css={{ padding: '8px 12px', borderRadius: 8, border: 'none', background: 'var(--c-primary-strong)', color: 'var(--c-on-primary)', cursor: 'pointer' }}>
              Ask
            </button>
          </form>
          <button
            type="button"
            onClick={() => {
              close();
              shell.bus.emit('account:open-feedback', {});
            }}
            css={{ margin: '0 12px 12px', padding: '8px 12px', borderRadius: 8, border: '1px solid var(--c-border)', background: 'transparent', color: 'inherit', cursor: 'pointer' }}
          >
            Contact our team (feedback form)
          </button>
        </Dialog>
      ) : null}
    </>
  );
}
