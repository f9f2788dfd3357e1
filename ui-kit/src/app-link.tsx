import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useShell } from 'shared-contracts';

export type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A real link (href, middle-click, open in new tab) whose plain click goes through the shell's
 * navigate, so the shell's link rules and its router decide where it lands.
 */
export function AppLink({ to, onClick, children, ...rest }: AppLinkProps) {
  const shell = useShell();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    shell.navigate(to);
  }
  return (
    <a href={to} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
}
