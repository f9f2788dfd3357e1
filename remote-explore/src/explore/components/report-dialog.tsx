import { useId } from 'react';
import { DISCOVERY_TEXTS, REPORT_OTHER_MAX, REPORT_REASONS, useShell, type ReportReason } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { Dialog } from '@studio/ui-kit/dialog';
import { theme } from '@studio/ui-kit/theme';
import { useReportForm } from '@studio/ui-kit/use-report-form';
import { messageOf } from '../../lib/session';

const REASONS: readonly ReportReason[] = [...REPORT_REASONS, 'Other'];

/** The report dialog: the 11 reasons of spec section 3 plus Other with its own text. */
export function ReportDialog({ exploreId, title, onClose, onReported }: { exploreId: number; title: string; onClose(): void; onReported(): void }) {
  const shell = useShell();
  const name = useId();
  const { reason, setReason, other, setOther, needsText, ready, busy, error, submit } = useReportForm({
    send: (chosen, text) => shell.api.call('POST /v1/explore/report', { body: { explore_id: exploreId, reason: chosen, ...(chosen === 'Other' ? { other: text.trim() } : {}) } }),
    onSent: () => {
      shell.toast.success(DISCOVERY_TEXTS.REPORT_THANKS);
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
      zIndex={3100}
      testId="report-dialog"
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="primary" onClick={submit} disabled={!ready || busy}>
            {busy ? 'Sending…' : 'Submit'}
          </Button>
        </>
      }
    >
      <p css={{ margin: 0, color: theme.textMuted, fontSize: 14 }}>Why are you reporting “{title}”?</p>
      <fieldset css={{ border: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: 6 }}>
        <legend css={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>Report reason</legend>
        {REASONS.map((option) => (
          <label key={option} css={{ display: 'flex', gap: 10, alignItems: 'center', fontSize: 14, cursor: 'pointer', minHeight: 28 }}>
            <input type="radio" name={name} value={option} checked={reason === option} onChange={() => setReason(option)} />
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
