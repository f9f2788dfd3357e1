import { useState } from 'react';
import type { ReportReason } from 'shared-contracts';

export interface ReportFormOptions {
  /** sends the report; `other` is the text of Other ('' for the fixed reasons) */
  send(reason: ReportReason, other: string): Promise<unknown>;
  /** after it was sent: thank the user, close */
  onSent(): void;
  /** the words shown when sending failed */
  describeError(failure: unknown): string;
}

/**
 * The state of a report dialog (spec section 3: one of the eleven reasons, or Other with a text): ready
 * once a reason is chosen (Other needs its text), one submission at a time, the failure said in the dialog.
 */
export function useReportForm({ send, onSent, describeError }: ReportFormOptions) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [other, setOther] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const needsText = reason === 'Other';
  const ready = reason !== null && (!needsText || other.trim().length > 0);

  async function submit() {
    if (!reason || !ready) return;
    setBusy(true);
    setError(null);
    try {
      await send(reason, needsText ? other : '');
      onSent();
    } catch (failure) {
      setError(describeError(failure));
    } finally {
      setBusy(false);
    }
  }

  return { reason, setReason, other, setOther, needsText, ready, busy, error, submit };
}
