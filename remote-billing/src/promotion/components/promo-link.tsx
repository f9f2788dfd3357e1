import type { ReactNode } from 'react';
import { AppLink } from '@studio/ui-kit/app-link';

/** In-app paths go through the shell; absolute URLs open in a new tab (the shell's link rules). */
export function PromoLink({ href, label, className, children }: { href: string; label?: string; className?: string; children: ReactNode }) {
  if (href.startsWith('/') && !href.startsWith('//')) {
    return (
      <AppLink to={href} aria-label={label} className={className}>
        {children}
      </AppLink>
    );
  }
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} className={className}>
      {children}
    </a>
  );
}
