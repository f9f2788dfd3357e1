/** The feedback modal: our form, stored by POST /v1/feedback with the form link's parameters. */
import { useEffect, useId, useState } from 'react';
import { useSnapshot } from 'valtio';
import { USER_TEXTS, isApiError, type ShellApi } from 'shared-contracts';
import { Dialog } from '../../shared/components/dialog';
import { primaryButton, secondaryButton } from '../../shared/components/styles';
import { readCookie } from '../../shared/lib/cookies';
import { usePalette, type Palette } from '../../shared/lib/palette';
import { SHELL_CLIENT_ID_COOKIE } from '../../shared/lib/shell-names';
import { appVersion } from '../../shared/lib/app-version';
import { loginLang } from '../../shared/lib/login-urls';
import { submitFeedback } from '../api/feedback';
import { feedbackParams } from '../lib/feedback-session';

const FEEDBACK_TITLE = 'Feedback';
const FEEDBACK_MAX = 2000;
const FEEDBACK_MIN = 5;

type Phase = 'editing' | 'sending' | 'sent';

function fieldCss(palette: Palette) {
  return {
    borderRadius: 8,
    border: `1px solid ${palette.border}`,
    background: palette.surfaceRaised,
    color: palette.text,
    font: 'inherit',
    '&:focus-visible': { outline: `2px solid ${palette.focus}` },
  } as const;
}

interface FeedbackFormProps {
  palette: Palette;
  content: string;
  contact: string;
  sending: boolean;
  error: string;
  onContent(value: string): void;
  onContact(value: string): void;
  onSend(): void;
  onCancel(): void;
}

/** The message (5 to 2000 characters, counted), an optional reply address, the last try's error, Cancel and Send. */
function FeedbackForm({ palette, content, contact, sending, error, onContent, onContact, onSend, onCancel }: FeedbackFormProps) {
  const id = useId();
  const trimmed = content.trim();
  const tooShort = trimmed.length < FEEDBACK_MIN;
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
      css={{ display: 'flex', flexDirection: 'column', gap: 12, marginTop: 16 }}
    >
      <label htmlFor={`${id}-content`} css={{ fontSize: 14, fontWeight: 500 }}>
        What would you like to tell us?
      </label>
      <textarea
        id={`${id}-content`}
        data-autofocus
        value={content}
        maxLength={FEEDBACK_MAX}
        rows={6}
        required
        aria-describedby={`${id}-count`}
        onChange={(event) => onContent(event.target.value)}
        css={{ ...fieldCss(palette), resize: 'vertical', padding: 10 }}
      />
      <span id={`${id}-count`} css={{ fontSize: 12, color: palette.textMuted }}>
        {trimmed.length}/{FEEDBACK_MAX}
        {tooShort && trimmed.length > 0 ? ` (at least ${FEEDBACK_MIN} characters)` : ''}
      </span>
      <label htmlFor={`${id}-contact`} css={{ fontSize: 14, fontWeight: 500 }}>
        E-mail for a reply (optional)
      </label>
      <input
        id={`${id}-contact`}
        type="email"
        value={contact}
        maxLength={200}
        autoComplete="email"
        onChange={(event) => onContact(event.target.value)}
        css={{ ...fieldCss(palette), padding: '8px 10px' }}
      />
      {error && (
        <p role="alert" css={{ margin: 0, color: palette.danger, fontSize: 13 }}>
          {error}
        </p>
      )}
      <div css={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
        <button type="button" css={secondaryButton(palette)} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" css={primaryButton(palette)} disabled={tooShort || sending} aria-busy={sending}>
          {sending ? 'Sending…' : 'Send'}
        </button>
      </div>
    </form>
  );
}

export function FeedbackModal({ shell, open, onClose }: { shell: ShellApi; open: boolean; onClose(): void }) {
  const palette = usePalette(shell);
  const session = useSnapshot(shell.session.state);
  const prefs = useSnapshot(shell.preferences.state);
  const [content, setContent] = useState('');
  const [contact, setContact] = useState('');
  const [phase, setPhase] = useState<Phase>('editing');
  const [error, setError] = useState('');

  useEffect(() => {
    if (!open) return;
    setPhase('editing');
    setError('');
    setContact((current) => current || session.user?.email || '');
  }, [open, session.user?.email]);

  const trimmed = content.trim();
  const tooShort = trimmed.length < FEEDBACK_MIN;

  async function send() {
    if (tooShort || phase === 'sending') return;
    setPhase('sending');
    setError('');
    try {
      const params = feedbackParams({
        lang: loginLang(prefs.language),
        theme: prefs.theme === 'light' ? 'light' : 'dark',
        source: {
          token: shell.session.state.token,
          uid: shell.session.state.user?.uid ?? '',
          ut: shell.session.state.planLevel,
          pid: shell.config.productId,
          did: readCookie(SHELL_CLIENT_ID_COOKIE) ?? '',
          pv: appVersion(),
        },
      });
      await submitFeedback(shell.api, trimmed, contact.trim(), params);
      setPhase('sent');
      setContent('');
    } catch (failure) {
      console.error('[account] feedback not sent', failure);
      setError(isApiError(failure) && failure.message ? failure.message : USER_TEXTS.NETWORK);
      setPhase('editing');
    }
  }

  return (
    <Dialog open={open} title={FEEDBACK_TITLE} onClose={onClose} palette={palette} width={480} zIndex={2200} testId="feedback-modal">
      {phase === 'sent' ? (
        <div css={{ display: 'flex', flexDirection: 'column', gap: 16, marginTop: 16 }}>
          <p role="status" css={{ margin: 0 }}>
            Thank you! Your feedback was sent to the team.
          </p>
          <button type="button" css={primaryButton(palette)} onClick={onClose} data-autofocus>
            Done
          </button>
        </div>
      ) : (
        <FeedbackForm
          palette={palette}
          content={content}
          contact={contact}
          sending={phase === 'sending'}
          error={error}
          onContent={setContent}
          onContact={setContact}
          onSend={() => void send()}
          onCancel={onClose}
        />
      )}
    </Dialog>
  );
}
