import { useSyncExternalStore, type CSSProperties } from 'react';
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
          style={{ '--toast-offset': `${toastTop(index)}px` } as CSSProperties}
          css={{
            position: 'fixed',
            // 100 px from the top and 70 px apart (spec section 9), at the right: centred they covered the
            // page's title, which sits at the left of the same line; on a phone the title fills the width,
            // so there they stack from the bottom instead
            top: 'var(--toast-offset)',
            right: 24,
            '@media (max-width: 767.98px)': { top: 'auto', bottom: 'var(--toast-offset)', right: '4vw', left: '4vw' },
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
            transition: 'top 0.2s ease, bottom 0.2s ease',
          }}
        >
          {item.message}
        </div>
      ))}
    </>
  );
}
