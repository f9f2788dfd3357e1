import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { useShellInternals } from '../app/internals';
import { classifyLink } from './link-rules';

export interface SmartLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'target'> {
  href: string;
  children: ReactNode;
}

/** An anchor that follows the link rules: in-app routing, same window on our domains, new tab elsewhere. */
export function SmartLink({ href, children, rel, ...rest }: SmartLinkProps) {
  const { config } = useShellInternals();
  const target = classifyLink(href, { origin: window.location.origin, ownDomains: config.ownDomains });
  if (target.kind === 'in-app') {
    return (
      <Link to={target.to} rel={rel} {...rest}>
        {children}
      </Link>
    );
  }
  if (target.kind === 'same-window') {
    return (
      <a href={target.href} rel={rel} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <a href={target.href} target="_blank" rel={rel ? `${rel} noopener noreferrer` : 'noopener noreferrer'} {...rest}>
      {children}
    </a>
  );
}
