import { useState, type ReactNode } from 'react';
import { routePath, USER_TEXTS, useShell } from 'shared-contracts';
import { Button, Glyph } from '@studio/ui-kit/button';
import { media, theme } from '@studio/ui-kit/theme';
import { ConfirmDialog } from '@studio/ui-kit/dialog';
import { useLeaveGuard } from '@studio/ui-kit/use-leave-guard';
import { isRunning, type useToolTask } from '../hooks/use-tool-task';
import { ProgressModal } from './progress-modal';
import { ResultPanel } from './result-panel';
import { ToolEngineNotice } from './engine-notice';

export interface ToolWorkspaceProps {
  title: string;
  /** the algorithm the action runs: its engine is named before the charge */
  algorithm: string;
  intro: string;
  notes?: readonly string[];
  back?: boolean;
  /** the upload areas, or the editing canvas once uploaded */
  inputs: ReactNode;
  /** the tool's own settings */
  options?: ReactNode;
  actionLabel: string;
  onAction(): void;
  actionDisabled?: boolean;
  runner: ReturnType<typeof useToolTask>;
  /** the input the result is compared with */
  before: { media: 'image' | 'video' | 'audio'; url: string; blob?: Blob } | null;
  transparentResult?: boolean;
  /** the 1-3 minute video tools show the progress modal while running */
  progressModal?: { title: string; description: string };
}

function costLabel(cost: number | undefined): string {
  if (cost === undefined) return '';
  return cost === 0 ? ' · Free' : ` · ${cost} credit${cost === 1 ? '' : 's'}`;
}

/**
 * The frame every tool editor shares: title, inputs, settings, the action with the cost it charges, the task's
 * result panel, the progress modal of the long video tools, the leave guards and the 'Not enough space' modal.
 */
export function ToolWorkspace(props: ToolWorkspaceProps) {
  const shell = useShell();
  const { runner } = props;
  const running = isRunning(runner.task);
  const [modalHidden, setModalHidden] = useState(false);
  const unsaved = runner.task?.status === 'success' && !runner.downloaded;
  const { blocker: guard } = useLeaveGuard(running ? USER_TEXTS.TASK_IN_PROGRESS_LEAVE : unsaved ? USER_TEXTS.NOT_DOWNLOADED_LEAVE : null);

  function back() {
    if (window.history.length > 1) window.history.back();
    else shell.navigate(routePath('AiTools'));
  }

  return (
    <section
      aria-labelledby="tool-editor-title"
      css={{ color: theme.text, maxWidth: 1200, margin: '0 auto', padding: '24px 32px 48px', display: 'flex', flexDirection: 'column', gap: 20, [media.phone]: { padding: '16px 12px 32px', gap: 14 } }}
    >
      {props.back ? (
        <Button variant="ghost" onClick={back} css={{ alignSelf: 'flex-start' }}>
          <Glyph d={['M15 6l-6 6 6 6']} size={16} />
          Back
        </Button>
      ) : null}
      <header>
        <h1 id="tool-editor-title" css={{ margin: 0, fontSize: 28, lineHeight: 1.2, [media.phone]: { fontSize: 22 } }}>
          {props.title}
        </h1>
        <p css={{ margin: '8px 0 0', color: theme.textMuted }}>{props.intro}</p>
      </header>
      <div css={{ display: 'grid', gap: 16, gridTemplateColumns: 'minmax(0, 1fr)', padding: 20, borderRadius: theme.radiusLarge, background: theme.surface, border: `1px solid ${theme.border}`, [media.phone]: { padding: 12 } }}>
        {props.inputs}
        {props.options}
        <ToolEngineNotice algorithm={props.algorithm} offer={runner.cost?.engine} />
        {props.notes?.map((note) => (
          <p key={note} css={{ margin: 0, fontSize: 14, color: theme.textMuted }}>
            {note}
          </p>
        ))}
        <div css={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
          <Button
            variant="primary"
            data-testid="tool-action"
            disabled={props.actionDisabled || runner.busy || running}
            onClick={props.onAction}
            css={{ minHeight: 48, padding: '0 32px', fontSize: 16, [media.phone]: { width: '100%' } }}
          >
            {runner.busy ? 'Starting…' : `${props.actionLabel}${costLabel(runner.cost?.cost)}`}
          </Button>
          {runner.cost ? <span css={{ fontSize: 13, color: theme.textMuted }}>{runner.cost.basis}</span> : null}
        </div>
        {runner.error ? (
          <p role="alert" css={{ margin: 0, color: theme.danger }}>
            {runner.error}
          </p>
        ) : null}
      </div>
      <ResultPanel runner={runner} before={props.before} transparent={props.transparentResult} />
      {props.progressModal && running && !modalHidden ? (
        <ProgressModal
          title={props.progressModal.title}
          description={props.progressModal.description}
          value={runner.task?.progress ? Math.max(runner.task.progress, runner.curve) : runner.curve}
          onHide={() => setModalHidden(true)}
          onCancel={() => void runner.cancel()}
        />
      ) : null}
      {guard.state === 'blocked' ? (
        <ConfirmDialog
          title="Reminder"
          message={running ? USER_TEXTS.TASK_IN_PROGRESS_LEAVE : USER_TEXTS.NOT_DOWNLOADED_LEAVE}
          cancelLabel="Cancel"
          confirmLabel="Leave"
          testId="leave-reminder"
          onCancel={() => guard.reset?.()}
          onConfirm={() => guard.proceed?.()}
        />
      ) : null}
    </section>
  );
}

/** 'Not enough space' (spec section 2 generic modals): Close or Upgrade Plan. */
export function NotEnoughSpace({ onClose }: { onClose(): void }) {
  const shell = useShell();
  return (
    <ConfirmDialog
      title={USER_TEXTS.NOT_ENOUGH_SPACE}
      message={USER_TEXTS.NOT_ENOUGH_SPACE_DETAIL}
      cancelLabel="Close"
      confirmLabel="Upgrade Plan"
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        shell.bus.emit('billing:open', { tab: 'membership', reason: 'storage-full' });
      }}
    />
  );
}
