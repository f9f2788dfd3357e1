import { routePath, useShell } from 'shared-contracts';
import { useLeaveGuard } from '@studio/ui-kit/use-leave-guard';
import { ConfirmDialog } from '../../lib/dialog';
import { leaveReason } from '../utils/leave-reason';

/** The leave-stop modal: 'Reminder', the reason, Cancel and Leave. */
function ReminderDialog({ message, onCancel, onLeave }: { message: string; onCancel(): void; onLeave(): void }) {
  return <ConfirmDialog title="Reminder" message={message} cancelLabel="Cancel" confirmLabel="Leave" onCancel={onCancel} onConfirm={onLeave} testId="leave-reminder" />;
}

const GO_BACK_TITLE = 'Exit current mission';
const GO_BACK_TEXT = 'Returning to the home page will discard your current task. Are you sure you want to return?';

/** The go-back modal: 'Exit current mission', Cancel and Yes. */
function GoBackDialog({ onCancel, onConfirm }: { onCancel(): void; onConfirm(): void }) {
  return <ConfirmDialog title={GO_BACK_TITLE} message={GO_BACK_TEXT} cancelLabel="Cancel" confirmLabel="Yes" onCancel={onCancel} onConfirm={onConfirm} testId="go-back" />;
}

/**
 * A creation screen's leave guards: the Reminder while a move to another page would lose a running or an
 * undownloaded result (useLeaveGuard), and the back button's question, shown while `goBackOpen`, whose Yes
 * goes home without the Reminder.
 */
export function LeaveGuards({ running, undownloaded, goBackOpen, closeGoBack }: { running: number; undownloaded: number; goBackOpen: boolean; closeGoBack(): void }) {
  const shell = useShell();
  const reason = leaveReason({ running, undownloaded });
  const { blocker, allowNext } = useLeaveGuard(reason);
  return (
    <>
      {blocker.state === 'blocked' && reason ? <ReminderDialog message={reason} onCancel={() => blocker.reset()} onLeave={() => blocker.proceed()} /> : null}
      {goBackOpen ? (
        <GoBackDialog
          onCancel={closeGoBack}
          onConfirm={() => {
            closeGoBack();
            allowNext();
            shell.navigate(routePath('Home'));
          }}
        />
      ) : null}
    </>
  );
}
