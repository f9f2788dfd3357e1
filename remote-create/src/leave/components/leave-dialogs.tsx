import { ConfirmDialog } from '../../lib/dialog';

/** The leave-stop modal: 'Reminder', the reason, Cancel and Leave. */
export function ReminderDialog({ message, onCancel, onLeave }: { message: string; onCancel(): void; onLeave(): void }) {
  return <ConfirmDialog title="Reminder" message={message} cancelLabel="Cancel" confirmLabel="Leave" onCancel={onCancel} onConfirm={onLeave} testId="leave-reminder" />;
}

const GO_BACK_TITLE = 'Exit current mission';
const GO_BACK_TEXT = 'Returning to the home page will discard your current task. Are you sure you want to return?';

/** The go-back modal: 'Exit current mission', Cancel and Yes. */
export function GoBackDialog({ onCancel, onConfirm }: { onCancel(): void; onConfirm(): void }) {
  return <ConfirmDialog title={GO_BACK_TITLE} message={GO_BACK_TEXT} cancelLabel="Cancel" confirmLabel="Yes" onCancel={onCancel} onConfirm={onConfirm} testId="go-back" />;
}
