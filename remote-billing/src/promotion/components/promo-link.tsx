import type { ReactNode } from 'react';
import { useShell } from 'shared-contracts';
import { AppLink } from '@studio/ui-kit/app-link';
import { trackActivityClick } from '../utils/activity-events';
import { opensPurchaseDialog } from '../utils/rules';

/**
 * A promotion's target: an empty one opens the purchase dialog (smart tab); in-app paths go through the
 * shell; absolute URLs open in a new tab (the shell's link rules).
 */
export function PromoLink({
  href,
  label,
  className,
  reason,
  activity,
  onActivate: onOwnActivate,
  children,
}: {
  href: string;
  label?: string;
  className?: string;
  reason?: string;
  /** the promotion's activity, for the click event (spec section 7) */
  activity?: string;
  onActivate?: () => void;
  children: ReactNode;
}) {
  const shell = useShell();
  const onActivate = () => {
    trackActivityClick(shell, activity || reason || 'promotion', 'open', reason ?? 'promotion');
    onOwnActivate?.();
  };
  if (opensPurchaseDialog(href)) {
    return (
      <button
        type="button"
        aria-label={label}
        className={className}
        onClick={() => {
          onActivate();
          shell.bus.emit('billing:open', { smart: true, reason: reason ?? 'promotion' });
        }}
        css={{ border: 0, padding: 0, background: 'none', cursor: 'pointer', font: 'inherit', color: 'inherit' }}
      >
        {children}
      </button>
    );
  }
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <AppLink to={href} aria-label={label} className={className} onClick={onActivate}>
        {children}
      </AppLink>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className={className} onClick={onActivate}>
      {children}
    </a>
  );
}
