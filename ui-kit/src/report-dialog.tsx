/**
 * The one report dialog (spec section 3): the eleven reasons plus Other with its own text, one submission at
 * a time, the failure said in the dialog, and one thank-you toast once it is sent. The remotes say only what
 * is reported (`subject`) and how it is sent.
 */
import { useId } from 'react';
import { REPORT_OTHER_MAX, REPORT_REASONS, useShell, type ReportReason } from 'shared-contracts';
import { Button } from './button';
import { Dialog } from './dialog';
import { messageOf } from './errors';
import { theme } from './theme';
import { useReportForm } from './use-report-form';

/** the toast once a report is sent, wherever it was sent from */
export const REPORT_THANKS = 'Thanks for your report. We will review it.';

const REASONS: readonly ReportReason[] = [...REPORT_REASONS, 'Other'];

export interface ReportDialogProps {
  /** what is reported, as the question names it: 'this result', '“Sunset”' */
  subject: string;
  /** sends the report; `other` is the text of Other ('' for the fixed reasons) */
  send(reason: ReportReason, other: string): Promise<unknown>;
  onClose(): void;
  /** after the thanks (default: onClose) */
  onReported?(): void;
  zIndex?: number;
}

export function ReportDialog({ subject, send, onClose, onReported = onClose, zIndex }: ReportDialogProps) {
  const shell = useShell();
  const name = useId();
  const { reason, setReason, other, setOther, needsText, ready, busy, error, submit } = useReportForm({
    send,
    onSent: () => {
      shell.toast.success(REPORT_THANKS);
      onReported();
    },
    describeError: (failure) => messageOf(failure),
  });

  return (
    <Dialog
      title="Report"
      onClose={onClose}
      width={480}
      phoneFullScreen
      zIndex={zIndex}
      testId="report-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void submit()} disabled={!ready || busy}>
            {busy ? 'Sending…' : 'Submit'}
          </Button>
        </>
      }
    >
      <fieldset css={{ border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
        <legend css={{ marginBottom: 8, color: theme.textMuted, fontSize: 14 }}>Why are you reporting {subject}?</legend>
        {REASONS.map((option) => (
          <label key={option} css={{ display: 'flex', gap: 10, alignItems: 'center', fontSize: 14, cursor: 'pointer', minHeight: 28 }}>
            <input type="radio" name={name} value={option} checked={reason === option} onChange={() => setReason(option)} css={{ accentColor: theme.primary }} />
            {option}
          </label>
        ))}
      </fieldset>
      {needsText ? (
        <label css={{ display: 'flex', flexDirection: 'column', gap: 6, fontSize: 14 }}>
          Tell us more
          <textarea
            value={other}
            maxLength={REPORT_OTHER_MAX}
            onChange={(event) => setOther(event.target.value)}
            rows={3}
            css={{ font: 'inherit', padding: 8, borderRadius: 8, border: `1px solid ${theme.border}`, background: theme.bg, color: theme.text }}
          />
        </label>
      ) : null}
      {error ? (
        <p role="alert" css={{ margin: 0, color: theme.danger, fontSize: 13 }}>
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
