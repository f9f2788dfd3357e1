import { useId } from 'react';
import type { TaskCostResponse } from 'shared-contracts';
import { Button } from '@studio/ui-kit/button';
import { media, theme } from '@studio/ui-kit/theme';
import type { GeneratePhase } from '../hooks/use-generate';

/** What the Generate button says about the price (spec: the credit cost on the button, from the server). */
export function costLabel(cost: TaskCostResponse | null, loggedIn: boolean, pending = false): string | null {
  if (!loggedIn) return null;
  if (pending) return '…';
  if (!cost) return null;
  if (cost.free_for_plan || cost.cost === 0) return 'Free';
  return `${cost.cost} credit${cost.cost === 1 ? '' : 's'}`;
}

/** What the button's note says when the cost could not be had: the server's reason, or a plain retry hint. */
function costNote(error: string): string {
  const reason = error.trim();
  if (!reason || /^(network|failed to fetch|unknown|internal)/i.test(reason)) return 'The price is not available right now; it is checked again when you press Generate.';
  return /[.!?]$/.test(reason) ? reason : `${reason}.`;
}

const PHASE_LABEL: Record<GeneratePhase, string> = { idle: 'Generate', checking: 'Checking your input…', creating: 'Starting…' };

/** The Generate button with its cost, the cost's basis, and the reason the last press stopped. */
export function GenerateBar({
  cost,
  costPending = false,
  costError,
  loggedIn,
  phase,
  error,
  onGenerate,
}: {
  cost: TaskCostResponse | null;
  costPending?: boolean;
  costError: string | null;
  loggedIn: boolean;
  phase: GeneratePhase;
  error: string | null;
  onGenerate(): void;
}) {
  const noteId = useId();
  const label = costLabel(cost, loggedIn, costPending);
  // the server's refusal reads as a sentence of its own (e.g. a plan's right); no raw prefix around it
  const note = !loggedIn ? 'Log in to generate and to see the cost.' : costError ? costNote(costError) : cost?.basis ?? '';
  return (
    // it stays in view however long the form is (peers keep their Generate button on screen): sticky at the
    // bottom of the window while the form's end is below it, in its place once the form's end is reached
    <div
      data-testid="generate-bar"
      css={{
        display: 'flex',
        flexDirection: 'column',
        gap: 8,
        position: 'sticky',
        bottom: 0,
        zIndex: 2,
        margin: '0 -20px',
        padding: '10px 20px 12px',
        background: theme.surface,
        borderTop: `1px solid ${theme.border}`,
        [media.phone]: { margin: '0 -14px', padding: '10px 14px 12px' },
      }}
    >
      {error ? (
        <p role="alert" data-testid="generate-error" css={{ margin: 0, fontSize: 14, color: theme.danger }}>
          {error}
        </p>
      ) : null}
      <Button
        variant="primary"
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          onGenerate();
        }}
        disabled={phase !== 'idle'}
        aria-describedby={note ? noteId : undefined}
        data-testid="generate-button"
        css={{ width: '100%', minHeight: 48, fontSize: 16 }}
      >
        <span>{PHASE_LABEL[phase]}</span>
        {label && phase === 'idle' ? (
          <span data-testid="generate-cost" aria-busy={costPending || undefined} css={{ fontWeight: 500, opacity: 0.9 }}>
            · {label}
          </span>
        ) : null}
      </Button>
      {note ? (
        <p id={noteId} css={{ margin: 0, fontSize: 12, color: theme.textMuted, textAlign: 'center' }}>
          {note}
        </p>
      ) : null}
    </div>
  );
}
