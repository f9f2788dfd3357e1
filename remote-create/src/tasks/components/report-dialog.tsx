import { useId } from 'react';
import { REPORT_REASONS, useShell, type Task } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '../../lib/dialog';
import { messageOf } from '../../lib/errors';
import { theme } from '@studio/ui-kit/theme';
import { useReportForm } from '@studio/ui-kit/use-report-form';
import { reportTask } from '../api/tasks';

/** Report a result: one of the eleven reasons of spec section 3, or Other with a text. */
export function ReportDialog({ task, onClose }: { task: Task; onClose(): void }) {
  const shell = useShell();
  const name = useId();
  const { reason, setReason, other, setOther, ready, busy, error, submit } = useReportForm({
    send: (chosen, text) => reportTask(shell.api, task, chosen, text),
    onSent: () => {
      shell.toast.success('Thank you. Your report was sent.');
      onClose();
    },
    describeError: (failure) => messageOf(failure),
  });

  return (
    <Dialog
      title="Report"
      onClose={onClose}
      width={480}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" disabled={!ready || busy} onClick={() => void submit()}>
            Submit
          </Button>
        </>
      }
    >
      <fieldset css={{ margin: 0, padding: 0, border: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
        <legend css={{ marginBottom: 8, fontSize: 14, color: theme.textMuted }}>Why are you reporting this result?</legend>
        {[...REPORT_REASONS, 'Other' as const].map((item) => (
          <label key={item} css={{ display: 'flex', alignItems: 'center', gap: 8, fontSize: 14, cursor: 'pointer' }}>
            <input type="radio" name={name} value={item} checked={reason === item} onChange={() => setReason(item)} css={{ accentColor: theme.primary }} />
            {item}
          </label>
        ))}
      </fieldset>
      {reason === 'Other' ? (
        <textarea
          aria-label="Your reason"
          value={other}
          maxLength={500}
          onChange={(event) => setOther(event.target.value)}
          rows={3}
          css={{ padding: 10, borderRadius: 10, border: `1px solid ${theme.border}`, background: theme.bg, color: theme.text, font: 'inherit' }}
        />
      ) : null}
      {error ? (
        <p role="alert" css={{ margin: 0, color: theme.danger }}>
          {error}
        </p>
      ) : null}
    </Dialog>
  );
}
