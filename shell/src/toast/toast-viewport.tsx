import { useSyncExternalStore } from 'react';
import type { ToastType } from 'shared-contracts';
import { toastTop, type ToastStore } from './toast-store';

const ACCENT: Record<ToastType, string> = {
  info: 'var(--c-info)',
  warn: 'var(--c-warn)',
  success: 'var(--c-success)',
  error: 'var(--c-error)',
};

/** Renders the toast stack: each toast is a live region (status for info/success, alert for warn/error). */
export function ToastViewport({ store }: { store: ToastStore }) {
  const items = useSyncExternalStore(store.subscribe, store.list, store.list);
  return (
    <>
      {items.map((item, index) => (
        <div
          key={item.id}
          role={item.type === 'warn' || item.type === 'error' ? 'alert' : 'status'}
          data-toast-type={item.type}
          style={{ top: `${toastTop(index)}px` }}
          css={{
            position: 'fixed',
            left: '50%',
            transform: 'translateX(-50%)',
            zIndex: 3000,
            maxWidth: 'min(92vw, 480px)',
            padding: '12px 18px',
            borderRadius: 10,
            background: 'var(--c-surface-raised)',
            color: 'var(--c-text)',
            borderLeft: `4px solid ${ACCENT[item.type]}`,
            boxShadow: 'var(--shadow-pop)',
            fontSize: 14,
            lineHeight: 1.4,
            transition: 'top 0.2s ease',
          }}
        >
          {item.message}
        </div>
      ))}
    </>
  );
}
